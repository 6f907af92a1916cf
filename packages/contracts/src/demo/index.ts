import { cardSlice } from './card/index.ts';
import { cardCalls } from './card/calls.ts';
import { profileSlice } from './profile/index.ts';
import { profileCalls } from './profile/calls.ts';
import { resultSlice } from './result/index.ts';
import { searchTableSlice } from './search-table/index.ts';
import { policyCalls } from './search-table/calls.ts';
import { stepFormSlice } from './step-form/index.ts';
import { channelFormCalls } from './step-form/calls.ts';
import { userCenterSlice } from './user-center/index.ts';
import { userCenterCalls } from './user-center/calls.ts';
import { workplaceSlice } from './workplace/index.ts';
import { workplaceCalls } from './workplace/calls.ts';

/**
 * The demo: the pages of the original specification that a team replaces with its own (docs/architecture.md,
 * "Core and slices"). `npm run demo:remove` deletes this folder and the registry lines that name it.
 */
export const demoSlices = [workplaceSlice, searchTableSlice, cardSlice, stepFormSlice, profileSlice, resultSlice, userCenterSlice] as const;

/** The demo's calls, grouped as the call table groups them. */
export const demoCalls = {
  userCenter: userCenterCalls,
  workplace: workplaceCalls,
  policy: policyCalls,
  card: cardCalls,
  channelForm: channelFormCalls,
  profile: profileCalls,
} as const;
