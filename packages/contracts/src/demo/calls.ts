import { cardCalls } from './card/calls.ts';
import { profileCalls } from './profile/calls.ts';
import { collectionCalls, searchTablePreferences } from './search-table/calls.ts';
import { channelFormCalls } from './step-form/calls.ts';
import { userCenterCalls } from './user-center/calls.ts';
import { workplaceCalls, workplacePreferences } from './workplace/calls.ts';

/** The demo's calls, grouped as the call table groups them. */
export const demoCalls = {
  userCenter: userCenterCalls,
  workplace: workplaceCalls,
  collection: collectionCalls,
  card: cardCalls,
  channelForm: channelFormCalls,
  profile: profileCalls,
} as const;

/** The demo's parts of a user's stored preferences, one key per slice that keeps some. */
export const demoPreferences = { ...workplacePreferences, ...searchTablePreferences };
