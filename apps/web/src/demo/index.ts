import type { WebSlice } from '../slice.ts';
import { cardWebSlice } from './card/index.ts';
import { profileWebSlice } from './profile/index.ts';
import { resultWebSlice } from './result/index.ts';
import { searchTableWebSlice } from './search-table/index.ts';
import { stepFormWebSlice } from './step-form/index.ts';
import { userCenterWebSlice } from './user-center/index.ts';
import { workplaceWebSlice } from './workplace/index.ts';

/**
 * The demo's console: the pages of the original specification that a team replaces with its own
 * (docs/architecture.md), one slice each as in the contracts (packages/contracts/src/demo). `npm run
 * demo:remove` deletes this folder and the registry line that names it (../slices.ts).
 */
export const demoWebSlices: readonly WebSlice[] = [workplaceWebSlice, searchTableWebSlice, cardWebSlice, stepFormWebSlice, profileWebSlice, resultWebSlice, userCenterWebSlice];
