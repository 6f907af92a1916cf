import type { GroupForm } from '@atrium/contracts/demo/profile/calls';
import { call, endpoints } from '../../../lib/api';

export const submitGroupForm = (data: GroupForm) => call(endpoints.profile.groupFormSubmit, { body: { data } });
