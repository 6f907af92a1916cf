import type { ServerSlice, SliceSeedContext } from '../../slice.ts';

/**
 * The demo's accounts: `auditor` / `auditor123`, holding the demo's `auditor` role (its contracts,
 * packages/contracts/src/demo/accounts, which the core's seed creates before any slice's seed). No calls.
 */
export const auditorAccount = {
  username: 'auditor',
  password: 'auditor123',
  roles: ['auditor'],
  phone: '13700000000',
  accountId: '10003',
  name: 'Demo Auditor',
  email: 'auditor@example.com',
  job: 'compliance',
  jobName: 'Compliance officer',
  organization: 'risk',
  organizationName: 'Risk team',
  certification: 0,
} as const;

export const accountsServerSlice: ServerSlice = {
  name: 'accounts',
  async seed(_db, { addAccount }: SliceSeedContext) {
    await addAccount(auditorAccount);
  },
};
