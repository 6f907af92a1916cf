import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../lib/api';

/** A channel's progress: by id (from the step form) or the caller's latest (opened from the menu). */
export const channelProgressQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['channel-form', id ?? 'latest'] as const,
    // A wrong id (NOT_FOUND) is shown by the page itself: no toast. The latest is null before any submission.
    queryFn: () => (id ? call(endpoints.channelForm.get, { params: { id } }, { expectedErrors: ['NOT_FOUND'] }) : call(endpoints.channelForm.latest)),
    staleTime: 0,
  });
