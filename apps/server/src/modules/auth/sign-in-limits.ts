// Sign-in failures count for 15 minutes, per key. The rules, for CAPTCHA=adaptive (see judgeSignIn in auth.service.ts):
// - one username from one device: captcha after 3, locked out (ACCOUNT_LOCKED) after 10;
// - a device the account has signed in from before answers to that rule only: failures from other
//   devices and addresses neither lock it out nor ask it for a captcha;
// - any other device also gets the captcha after 3 failures of the username (from anywhere), 3 of the
//   device (any username) or 10 of its address; it is refused after 100 of the username or 30 of the
//   address. The owner of an attacked username is asked for a captcha on a new device, not refused.
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 10;
export const ADDRESS_CAPTCHA_AFTER_FAILURES = 10;
export const ADDRESS_BLOCK_AFTER_FAILURES = 30;
/** With a captcha in the way (adaptive, always); with CAPTCHA=off it is LOCK_AFTER_FAILURES. */
export const UNKNOWN_DEVICE_LOCK_AFTER_FAILURES = 100;
