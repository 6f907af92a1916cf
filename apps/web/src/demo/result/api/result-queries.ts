import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { channelFormEndpoints } from '../../step-form/api/endpoints';

/** A channel's progress: by id (from the step form) or the caller's latest (opened from the menu). */
export const channelProgressQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['channel-form', id ?? 'latest'] as const,
    // A wrong id (NOT_FOUND) is shown by the page itself: no toast. The latest is null before any submission.
    queryFn: () => (id ? call(channelFormEndpoints.get, { params: { id } }, { expectedErrors: ['NOT_FOUND'] }) : call(channelFormEndpoints.latest)),
    staleTime: 0,
  });
