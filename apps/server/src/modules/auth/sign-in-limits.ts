import type { AppConfig } from '../../config.ts';
import { contextHash } from '../../security/passwords.ts';
import type { LoginRisk } from './auth.repository.ts';

// Sign-in failures count for 15 minutes, per key. The rules, for CAPTCHA=adaptive (judgeSignIn below):
// - one username from one device: captcha after 3, locked out (ACCOUNT_LOCKED) after 10;
// - a device the account has signed in from before answers to that rule only: failures from other
//   devices and addresses neither lock it out nor ask it for a captcha;
// - any other device also gets the captcha after 3 failures of the username (from anywhere), 3 of the
//   device (any username) or 10 of its address; it is refused after 100 of the username or 30 of the
//   address. The owner of an attacked username is asked for a captcha on a new device, not refused.
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 10;
const ADDRESS_CAPTCHA_AFTER_FAILURES = 10;
const ADDRESS_BLOCK_AFTER_FAILURES = 30;
/** With a captcha in the way (adaptive, always); with CAPTCHA=off it is LOCK_AFTER_FAILURES. */
export const UNKNOWN_DEVICE_LOCK_AFTER_FAILURES = 100;

/** A device that has not signed in to the account for this long is unknown again. */
export const KNOWN_DEVICE_DAYS = 90;

/** A device as the sign-in counts store it. */
export const deviceHash = (fingerprint: string) => contextHash('device', fingerprint);

type CaptchaMode = AppConfig['captcha'];

interface SignInVerdict {
  /** Refused before the password is looked at, and until when. */
  refuse: { code: 'ACCOUNT_LOCKED' | 'RATE_LIMITED'; until: Date } | null;
  captcha: boolean;
}

/** The rules above, over the failures before this attempt. */
export function judgeSignIn(mode: CaptchaMode, risk: LoginRisk, now: Date): SignInVerdict {
  const endOf = (oldest: Date | null) => new Date((oldest ?? now).getTime() + FAILURE_WINDOW_MS);
  const stranger = !risk.knownDevice;
  let refuse: SignInVerdict['refuse'] = null;
  if (risk.pair >= LOCK_AFTER_FAILURES) refuse = { code: 'ACCOUNT_LOCKED', until: endOf(risk.oldestPair) };
  else if (stranger && risk.user >= (mode === 'off' ? LOCK_AFTER_FAILURES : UNKNOWN_DEVICE_LOCK_AFTER_FAILURES)) refuse = { code: 'ACCOUNT_LOCKED', until: endOf(risk.oldestUser) };
  else if (stranger && risk.address >= ADDRESS_BLOCK_AFTER_FAILURES) refuse = { code: 'RATE_LIMITED', until: endOf(risk.oldestAddress) };
  const risky =
    risk.pair >= CAPTCHA_AFTER_FAILURES ||
    (stranger && (risk.user >= CAPTCHA_AFTER_FAILURES || risk.device >= CAPTCHA_AFTER_FAILURES || risk.address >= ADDRESS_CAPTCHA_AFTER_FAILURES));
  return { refuse, captcha: mode === 'always' || (mode === 'adaptive' && risky) };
}
