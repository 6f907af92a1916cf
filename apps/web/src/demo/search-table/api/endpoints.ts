// A slice's part of the call table, written out like lib/api/endpoints.ts (the one place the lint rule
// expects paths) and checked against the contracts the same way (`satisfies EndpointTable`).
/* eslint-disable no-restricted-syntax */
import { linkEndpoints, type EndpointTable } from '../../../lib/api';

/** The search table (查询表格): collections, the contracts' `collection` calls. Its calls as the console sends them (lib/api/endpoints.ts). */
export const { collection: collectionEndpoints } = linkEndpoints({
  collection: {
    list: { method: 'GET', path: '/api/list/policy', access: 'signed' },
    export: { method: 'GET', path: '/api/list/policy/export', access: 'signed', responseKind: 'csv' },
    import: { method: 'POST', path: '/api/list/policy/import', access: 'signed', requestKind: 'multipart', writes: true },
    get: { method: 'GET', path: '/api/list/policy/:id', access: 'signed' },
    create: { method: 'POST', path: '/api/list/policy', access: 'signed', writes: true },
    patch: { method: 'PATCH', path: '/api/list/policy/:id', access: 'signed', writes: true },
    delete: { method: 'DELETE', path: '/api/list/policy/:id', access: 'signed', writes: true },
  },
} as const satisfies EndpointTable);
