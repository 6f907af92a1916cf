import type { BasicProfile, GroupForm } from '@atrium/contracts/calls/profile';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Shared with the basic profile: a group-form submit invalidates `['profile']`, so that page refetches. */
export const profileKeys = {
  all: ['profile'] as const,
  basic: () => [...profileKeys.all, 'basic'] as const,
};

export const basicProfileQuery = () => queryOptions({ queryKey: profileKeys.basic(), queryFn: () => api.get<BasicProfile>('/api/profile/basic', { cache: false }) });

export const submitGroupForm = (data: GroupForm) => api.post<BasicProfile>('/api/group-form/submit', { data }, { cache: false });
