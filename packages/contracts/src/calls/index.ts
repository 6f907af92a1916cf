import type { CallDef } from '../call.ts';
import { authCalls } from './auth.ts';
import { cardCalls } from './card.ts';
import { channelFormCalls } from './channel-form.ts';
import { resourceCalls } from '../resource-calls.ts';
import { resources } from '../resources/index.ts';
import { healthCalls } from './health.ts';
import { messageCalls } from './message.ts';
import { mfaCalls } from './mfa.ts';
import { oidcCalls } from './oidc.ts';
import { policyCalls } from './policy.ts';
import { preferencesCalls } from './preferences.ts';
import { profileCalls } from './profile.ts';
import { systemCalls } from './system.ts';
import { userCenterCalls } from './user-center.ts';
import { userSettingCalls } from './user-setting.ts';
import { workplaceCalls } from './workplace.ts';

/** Every call of the API, grouped by resource. The server registers routes from this table. */
export const calls = {
  auth: authCalls,
  mfa: mfaCalls,
  oidc: oidcCalls,
  userCenter: userCenterCalls,
  userSetting: userSettingCalls,
  preferences: preferencesCalls,
  message: messageCalls,
  workplace: workplaceCalls,
  policy: policyCalls,
  card: cardCalls,
  channelForm: channelFormCalls,
  profile: profileCalls,
  health: healthCalls,
  system: systemCalls,
} as const;

/** Every call of the API: the table above, then each resource's calls (docs/resources.md). */
export const allCalls: CallDef[] = [...Object.values(calls), ...resources.map(resourceCalls)].flatMap((group) => Object.values(group as Record<string, CallDef>));
