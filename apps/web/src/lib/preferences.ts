import type { Preferences } from '@atrium/contracts/calls/preferences';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call, endpoints } from './api';

/**
 * The caller's UI preferences (`/api/user/preferences`): one cache entry, prefetched by the shell and read and saved
 * by the slices' pages, each under its own key (the contracts' slices declare the parts; with none, `{}`).
 *
 * @public for the slices' pages (their optimistic updates write this entry).
 */
export const preferencesKey = ['user', 'preferences'] as const;

export const preferencesQuery = () =>
  queryOptions({ queryKey: preferencesKey, queryFn: () => call(endpoints.preferences.get), staleTime: Infinity });

/**
 * Saves a part of the preferences (the server deep-merges it into what it holds) and returns everything the
 * server holds, which becomes the cache, unless the cache changed while the save was on its way. Then the
 * answer is older than the screen (a density saved, then a column hidden before the answer came back),
 * and the later change's own save brings the newer state.
 *
 * @public for the slices' pages: a product without slices keeps no preferences and saves none.
 */
export async function savePreferences(queryClient: QueryClient, body: Preferences): Promise<Preferences> {
  const sent = queryClient.getQueryData(preferencesKey);
  const saved = await call(endpoints.preferences.save, { body });
  if (queryClient.getQueryData(preferencesKey) === sent) queryClient.setQueryData(preferencesKey, saved);
  return saved;
}
