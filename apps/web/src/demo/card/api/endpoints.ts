// A slice's part of the call table, written out like lib/api/endpoints.ts (the one place the lint rule
// expects paths) and checked against the contracts the same way (`satisfies EndpointTable`).
/* eslint-disable no-restricted-syntax */
import { linkEndpoints, type EndpointTable } from '../../../lib/api';

/** The card list (卡片列表). Its calls as the console sends them (lib/api/endpoints.ts). */
export const { card: cardEndpoints } = linkEndpoints({
  card: {
    qualityList: { method: 'GET', path: '/api/list/quality-inspection', access: 'signed' },
    qualityCreate: { method: 'POST', path: '/api/list/quality-inspection', access: 'signed', writes: true },
    qualityDelete: { method: 'DELETE', path: '/api/list/quality-inspection/:id', access: 'signed', writes: true },
    qualityInspect: { method: 'POST', path: '/api/list/quality-inspection/:id/inspect', access: 'signed', writes: true },
    serviceList: { method: 'GET', path: '/api/list/the-service', access: 'signed' },
    servicePatch: { method: 'PATCH', path: '/api/list/the-service/:id', access: 'signed', writes: true },
    serviceRenew: { method: 'POST', path: '/api/list/the-service/:id/renew', access: 'signed', writes: true },
    rulesList: { method: 'GET', path: '/api/list/rules-preset', access: 'signed' },
    rulesPatch: { method: 'PATCH', path: '/api/list/rules-preset/:id', access: 'signed', writes: true },
  },
} as const satisfies EndpointTable);
