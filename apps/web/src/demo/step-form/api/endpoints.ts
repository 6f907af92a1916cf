// A slice's part of the call table, written out like lib/api/endpoints.ts (the one place the lint rule
// expects paths) and checked against the contracts the same way (`satisfies EndpointTable`).
/* eslint-disable no-restricted-syntax */
import { linkEndpoints, type EndpointTable } from '../../../lib/api';

/** The step form (分步表单) and the result pages that show its progress. Its calls as the console sends them (lib/api/endpoints.ts). */
export const { channelForm: channelFormEndpoints } = linkEndpoints({
  channelForm: {
    submit: { method: 'POST', path: '/api/channel-form/submit', access: 'signed', writes: true },
    latest: { method: 'GET', path: '/api/channel-form/latest', access: 'signed' },
    get: { method: 'GET', path: '/api/channel-form/:id', access: 'signed' },
  },
} as const satisfies EndpointTable);
