import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { profileEndpoints } from './api/endpoints';

/**
 * The basic profile, read by its page and by the group form (which shows and updates the same record).
 * Both pages use these keys, so a change on either refreshes the other.
 */
export const profileKeys = {
  all: ['profile'] as const,
  basic: () => [...profileKeys.all, 'basic'] as const,
};

export const basicProfileQuery = () => queryOptions({ queryKey: profileKeys.basic(), queryFn: () => call(profileEndpoints.basic) });
