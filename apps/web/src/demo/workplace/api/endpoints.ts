// A slice's part of the call table, written out like lib/api/endpoints.ts (the one place the lint rule
// expects paths) and checked against the contracts the same way (`satisfies EndpointTable`).
/* eslint-disable no-restricted-syntax */
import { linkEndpoints, type EndpointTable } from '../../../lib/api';

/** The workplace (工作台). Its calls as the console sends them (lib/api/endpoints.ts). */
export const { workplace: workplaceEndpoints } = linkEndpoints({
  workplace: {
    overview: { method: 'GET', path: '/api/workplace/overview', access: 'signed' },
    categories: { method: 'GET', path: '/api/workplace/categories', access: 'signed' },
    announcement: { method: 'GET', path: '/api/workplace/announcement', access: 'signed' },
    contentData: { method: 'GET', path: '/api/content-data', access: 'signed' },
    popular: { method: 'GET', path: '/api/popular/list', access: 'signed' },
  },
} as const satisfies EndpointTable);
