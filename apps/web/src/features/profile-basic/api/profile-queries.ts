import type { BasicProfile, OperationLogRow } from '@atrium/contracts/calls/profile';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Same keys as the group form's, so its submit refreshes this page. */
export const profileKeys = {
  all: ['profile'] as const,
  basic: () => [...profileKeys.all, 'basic'] as const,
  log: (current: number, pageSize: number) => [...profileKeys.all, 'log', current, pageSize] as const,
};

export const basicProfileQuery = () => queryOptions({ queryKey: profileKeys.basic(), queryFn: () => api.get<BasicProfile>('/api/profile/basic', { cache: false }) });

export const operationLogQuery = (current: number, pageSize: number) =>
  queryOptions({
    queryKey: profileKeys.log(current, pageSize),
    queryFn: () => api.get<{ list: OperationLogRow[]; total: number }>('/api/operation/log', { query: { current, pageSize }, cache: false }),
    placeholderData: keepPreviousData,
  });

export const approveChange = () => api.post<BasicProfile>('/api/profile/basic/approve', undefined, { cache: false });
export const cancelChange = () => api.post<BasicProfile>('/api/profile/basic/cancel', undefined, { cache: false });
