import { systemCalls, type UserCreateBody, type UserUpdateBody } from '@atrium/contracts/calls/system';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, endpointOf, type CallOptions } from '../../../lib/api';
import type { Locale } from '../../../lib/i18n';
import { userUrl, type UserUrlState } from '../lib/url-state';

/** The calls of this page, straight from the contract (the page loads its schemas for the forms anyway). */
const api = {
  roles: endpointOf(systemCalls.roleOptions),
  list: endpointOf(systemCalls.userList),
  create: endpointOf(systemCalls.userCreate),
  update: endpointOf(systemCalls.userUpdate),
  disable: endpointOf(systemCalls.userDisable),
  enable: endpointOf(systemCalls.userEnable),
  unlock: endpointOf(systemCalls.userUnlock),
  resetPassword: endpointOf(systemCalls.userResetPassword),
  twoStepReset: endpointOf(systemCalls.userTwoStepReset),
  sessions: endpointOf(systemCalls.sessionList),
  revokeSession: endpointOf(systemCalls.sessionRevoke),
};

/** Query keys; every account write invalidates `userKeys.lists()`, keeping filters and page. */
export const userKeys = {
  all: ['system', 'user'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (state: UserUrlState) => [...userKeys.lists(), userUrl.toQuery(state)] as const,
  sessions: (userId: number) => ['system', 'session', userId] as const,
  /** Role codes and names (built-in names in the reader's language); under the role page's keys, so its writes refresh them. */
  roles: (locale: Locale) => ['system', 'role', 'options', locale] as const,
};

export const userListQuery = (state: UserUrlState) =>
  queryOptions({
    queryKey: userKeys.list(state),
    queryFn: () => call(api.list, { query: userUrl.toQuery(state) }),
    // Paging keeps the previous rows on screen (with the loading state) instead of an empty table.
    placeholderData: keepPreviousData,
  });

export const roleOptionsQuery = (locale: Locale) => queryOptions({ queryKey: userKeys.roles(locale), queryFn: () => call(api.roles), staleTime: 60_000 });

export const sessionListQuery = (userId: number) =>
  queryOptions({ queryKey: userKeys.sessions(userId), queryFn: () => call(api.sessions, { query: { userId } }), staleTime: 0 });

/** A taken username or phone lands on its field instead of a toast. */
const fieldErrors: CallOptions = { expectedErrors: ['USERNAME_TAKEN', 'PHONE_TAKEN'] };

export const createUser = (body: UserCreateBody) => call(api.create, { body }, fieldErrors);
export const updateUser = (id: number, body: UserUpdateBody) => call(api.update, { params: { id }, body }, fieldErrors);
export const disableUser = (id: number) => call(api.disable, { params: { id } });
export const enableUser = (id: number) => call(api.enable, { params: { id } });
export const unlockUser = (id: number) => call(api.unlock, { params: { id } });
export const resetPassword = (id: number) => call(api.resetPassword, { params: { id } });
export const resetTwoStep = (id: number) => call(api.twoStepReset, { params: { id } });
export const revokeSession = (id: number) => call(api.revokeSession, { params: { id } });
