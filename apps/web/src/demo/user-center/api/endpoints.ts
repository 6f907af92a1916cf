// A slice's part of the call table, written out like lib/api/endpoints.ts (the one place the lint rule
// expects paths) and checked against the contracts the same way (`satisfies EndpointTable`).
/* eslint-disable no-restricted-syntax */
import { linkEndpoints, type EndpointTable } from '../../../lib/api';

/** The user centre's panels on 用户信息. Its calls as the console sends them (lib/api/endpoints.ts). */
export const { userCenter: userCenterEndpoints } = linkEndpoints({
  userCenter: {
    myProjects: { method: 'GET', path: '/api/user/my-project/list', access: 'signed' },
    latestActivity: { method: 'GET', path: '/api/user/latest-activity', access: 'signed' },
    myTeams: { method: 'GET', path: '/api/user/my-team/list', access: 'signed' },
  },
} as const satisfies EndpointTable);
