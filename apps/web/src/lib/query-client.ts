import { QueryClient } from '@tanstack/react-query';

/**
 * Shared query cache. No automatic retries: the request client already toasts every failure once,
 * and a retried write could act twice. Pages in open tabs keep their data (coming back to a tab does not
 * refetch), so no refetch on window focus either.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
