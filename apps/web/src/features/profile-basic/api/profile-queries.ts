import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../lib/api';
import { profileKeys } from '../../../lib/profile-queries';

const operationLogKey = (current: number, pageSize: number) => [...profileKeys.all, 'log', current, pageSize] as const;

export const operationLogQuery = (current: number, pageSize: number) =>
  queryOptions({
    queryKey: operationLogKey(current, pageSize),
    queryFn: () => call(endpoints.profile.operationLog, { query: { current, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const approveChange = () => call(endpoints.profile.approve);
export const cancelChange = () => call(endpoints.profile.cancel);
