import { accountsSlice } from './accounts/index.ts';
import { cardSlice } from './card/index.ts';
import { profileSlice } from './profile/index.ts';
import { resultSlice } from './result/index.ts';
import { searchTableSlice } from './search-table/index.ts';
import { stepFormSlice } from './step-form/index.ts';
import { userCenterSlice } from './user-center/index.ts';
import { workplaceSlice } from './workplace/index.ts';

/**
 * The demo: the pages of the original specification that a team replaces with its own (docs/architecture.md,
 * "Core and slices"). `npm run demo:remove` deletes this folder and the registry lines that name it. Their calls and
 * stored preferences: calls.ts.
 */
export const demoSlices = [workplaceSlice, searchTableSlice, cardSlice, stepFormSlice, profileSlice, resultSlice, userCenterSlice, accountsSlice] as const;

