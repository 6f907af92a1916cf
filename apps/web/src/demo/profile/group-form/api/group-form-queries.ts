import type { GroupForm } from '@atrium/contracts/demo/profile/calls';
import { call } from '../../../../lib/api';
import { profileEndpoints } from '../../api/endpoints';

export const submitGroupForm = (data: GroupForm) => call(profileEndpoints.groupFormSubmit, { body: { data } });
