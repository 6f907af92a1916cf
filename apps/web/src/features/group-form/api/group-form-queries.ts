import type { GroupForm } from '@atrium/contracts/calls/profile';
import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../lib/api';

/** Shared with the basic profile: a group-form submit invalidates `['profile']`, so that page refetches. */
export const profileKeys = {
  all: ['profile'] as const,
  basic: () => [...profileKeys.all, 'basic'] as const,
};

export const basicProfileQuery = () => queryOptions({ queryKey: profileKeys.basic(), queryFn: () => call(endpoints.profile.basic) });

export const submitGroupForm = (data: GroupForm) => call(endpoints.profile.groupFormSubmit, { body: { data } });
