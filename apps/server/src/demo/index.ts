import type { ServerSlice } from '../slice.ts';
import { accountsServerSlice } from './accounts/index.ts';
import { cardServerSlice } from './card/index.ts';
import { profileServerSlice } from './profile/index.ts';
import { searchTableServerSlice } from './search-table/index.ts';
import { stepFormServerSlice } from './step-form/index.ts';
import { userCenterServerSlice } from './user-center/index.ts';
import { workplaceServerSlice } from './workplace/index.ts';

/**
 * The demo's server side: the calls, tables and sample data of the pages of the original specification
 * (packages/contracts/src/demo). `npm run demo:remove` deletes this folder and the registry lines that name
 * it (src/slices.ts); the result pages have no server part, the accounts no calls.
 */
export const demoServerSlices: readonly ServerSlice[] = [
  workplaceServerSlice,
  searchTableServerSlice,
  cardServerSlice,
  stepFormServerSlice,
  profileServerSlice,
  userCenterServerSlice,
  accountsServerSlice,
];
