import { demoCalls, demoPreferences } from './demo/calls.ts';

/**
 * The slices' calls and their parts of a user's stored preferences: the registry's schemas, apart from
 * slices.ts so that what needs only the slices' routes, permissions and texts (the console's first load)
 * does not load them. A team's own slice adds its lines here as in slices.ts; `npm run demo:remove`
 * takes out the demo's.
 */
export const sliceCalls = {
  ...demoCalls,
} as const;

export const slicePreferences = {
  ...demoPreferences,
} as const;
