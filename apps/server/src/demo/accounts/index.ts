import type { ServerSlice, SliceSeedContext } from '../../slice.ts';
import { seedSampleMessages } from './messages.ts';

/**
 * The demo's accounts: `auditor` / `auditor123`, holding the demo's `auditor` role (its contracts,
 * packages/contracts/src/demo/accounts, which the core's seed creates before any slice's seed), and the
 * message box's samples of the core's two accounts (messages.ts). No calls.
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
  async seed(db, { adminId, userId, now, addAccount }: SliceSeedContext) {
    await addAccount(auditorAccount);
    for (const id of [adminId, userId]) await seedSampleMessages(db, id, now);
  },
};
