import type { ChannelProgress } from '@atrium/contracts/calls/channel-form';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A channel's progress: by id (from the step form) or the caller's latest (opened from the menu). */
export const channelProgressQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['channel-form', id ?? 'latest'] as const,
    // NOT_FOUND (no channel yet, or a wrong id) is shown by the page itself: no toast.
    queryFn: () => api.get<ChannelProgress>(id ? `/api/channel-form/${id}` : '/api/channel-form/latest', { expectedErrors: ['NOT_FOUND'] }),
    staleTime: 0,
  });
