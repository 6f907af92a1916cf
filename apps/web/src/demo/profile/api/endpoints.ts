// A slice's part of the call table, written out like lib/api/endpoints.ts (the one place the lint rule
// expects paths) and checked against the contracts the same way (`satisfies EndpointTable`).
/* eslint-disable no-restricted-syntax */
import { linkEndpoints, type EndpointTable } from '../../../lib/api';

/** The basic profile (基础详情页) and the group form (分组表单). Its calls as the console sends them (lib/api/endpoints.ts). */
export const { profile: profileEndpoints } = linkEndpoints({
  profile: {
    basic: { method: 'GET', path: '/api/profile/basic', access: 'signed' },
    approve: { method: 'POST', path: '/api/profile/basic/approve', access: 'signed', writes: true },
    cancel: { method: 'POST', path: '/api/profile/basic/cancel', access: 'signed', writes: true },
    operationLog: { method: 'GET', path: '/api/operation/log', access: 'signed' },
    groupFormSubmit: { method: 'POST', path: '/api/group-form/submit', access: 'signed', writes: true },
  },
} as const satisfies EndpointTable);
