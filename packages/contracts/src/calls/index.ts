import type { CallDef } from '../call.ts';
import { authCalls } from './auth.ts';
import { resourceCalls } from '../resource-calls.ts';
import { resources } from '../resources/index.ts';
import { sliceCalls } from '../slice-calls.ts';
import { healthCalls } from './health.ts';
import { messageCalls } from './message.ts';
import { mfaCalls } from './mfa.ts';
import { oidcCalls } from './oidc.ts';
import { preferencesCalls } from './preferences.ts';
import { systemCalls } from './system.ts';
import { userSettingCalls } from './user-setting.ts';

/** Every call of the API, grouped by resource: the core's, then the slices'. The server registers routes from this table. */
export const calls = {
  auth: authCalls,
  mfa: mfaCalls,
  oidc: oidcCalls,
  userSetting: userSettingCalls,
  preferences: preferencesCalls,
  message: messageCalls,
  health: healthCalls,
  system: systemCalls,
  ...sliceCalls,
} as const;

/** Every call of the API: the table above, then each resource's calls (docs/resources.md). */
export const allCalls: CallDef[] = [...Object.values(calls), ...resources.map(resourceCalls)].flatMap((group) => Object.values(group as Record<string, CallDef>));
