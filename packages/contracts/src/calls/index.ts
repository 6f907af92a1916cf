import type { CallDef } from '../call.ts';
import { authCalls } from './auth.ts';
import { resourceCalls, resourceTransitionCalls } from '../resource-calls.ts';
import { resourceImportCalls } from '../resource-import.ts';
import { sliceCalls } from '../slice-calls.ts';
import { resources } from '../slices.ts';
import { healthCalls } from './health.ts';
import { approvalCalls } from './approvals.ts';
import { everyScopeCall } from './scope.ts';
import { messageCalls } from './message.ts';
import { twoStepCalls } from './two-step.ts';
import { companySignInCalls } from './company-sign-in.ts';
import { preferencesCalls } from './preferences.ts';
import { systemCalls } from './system.ts';
import { userSettingCalls } from './user-setting.ts';

/** Every call of the API, grouped by resource: the core's, then the slices'. The server registers routes from this table. */
export const calls = {
  auth: authCalls,
  twoStep: twoStepCalls,
  companySignIn: companySignInCalls,
  userSetting: userSettingCalls,
  preferences: preferencesCalls,
  message: messageCalls,
  health: healthCalls,
  approvals: approvalCalls,
  system: systemCalls,
  ...sliceCalls,
} as const;

/**
 * Every call of the API: the table above, then each resource's calls, its life cycle's transitions and its import
 * (docs/resources.md), then the department and owner pickers of each scoped resource (scope.ts).
 */
export const allCalls: CallDef[] = [...Object.values(calls), ...resources.flatMap((r) => [resourceCalls(r), resourceTransitionCalls(r), resourceImportCalls(r)]), ...everyScopeCall()].flatMap((group) =>
  Object.values(group as Record<string, CallDef>),
);
