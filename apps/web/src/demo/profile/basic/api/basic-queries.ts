import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api';
import { profileKeys } from '../../profile-queries';
import { profileEndpoints } from '../../api/endpoints';

const operationLogKey = (current: number, pageSize: number) => [...profileKeys.all, 'log', current, pageSize] as const;

export const operationLogQuery = (current: number, pageSize: number) =>
  queryOptions({
    queryKey: operationLogKey(current, pageSize),
    queryFn: () => call(profileEndpoints.operationLog, { query: { current, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const approveChange = () => call(profileEndpoints.approve);
export const cancelChange = () => call(profileEndpoints.cancel);
