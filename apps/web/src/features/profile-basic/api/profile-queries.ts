import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../lib/api';

/** Same keys as the group form's, so its submit refreshes this page. */
export const profileKeys = {
  all: ['profile'] as const,
  basic: () => [...profileKeys.all, 'basic'] as const,
  log: (current: number, pageSize: number) => [...profileKeys.all, 'log', current, pageSize] as const,
};

export const basicProfileQuery = () => queryOptions({ queryKey: profileKeys.basic(), queryFn: () => call(endpoints.profile.basic) });

export const operationLogQuery = (current: number, pageSize: number) =>
  queryOptions({
    queryKey: profileKeys.log(current, pageSize),
    queryFn: () => call(endpoints.profile.operationLog, { query: { current, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const approveChange = () => call(endpoints.profile.approve);
export const cancelChange = () => call(endpoints.profile.cancel);
