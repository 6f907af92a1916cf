import type { AppConfig } from '../../config.ts';
import { FAILURE_WINDOW_MS, LOCK_AFTER_FAILURES, UNKNOWN_DEVICE_LOCK_AFTER_FAILURES } from '../auth/sign-in-limits.ts';

// The failed-sign-in lock as the sign-in reads it (the rules are in modules/auth/sign-in-limits.ts): 10
// failures of one username from one device lock that device out; 100 of the username from anywhere (10 with
// CAPTCHA=off) lock out every device that has not signed in to the account before. Each lock ends one
// failure window after the oldest failure it counts.
/** The start of the window whose failures count. */
export const failureWindowStart = (now: Date) => new Date(now.getTime() - FAILURE_WINDOW_MS);

/** When the account's lock ends (the later of the device and the username lock), or null when none holds. */
export function lockEnd(failures: { failures: number; oldest: Date }[], captcha: AppConfig['captcha'], now: Date): Date | null {
  const endOf = (oldest: Date) => oldest.getTime() + FAILURE_WINDOW_MS;
  let end = 0;
  let total = 0;
  let oldest = Infinity;
  for (const device of failures) {
    if (device.failures >= LOCK_AFTER_FAILURES) end = Math.max(end, endOf(device.oldest));
    total += device.failures;
    oldest = Math.min(oldest, device.oldest.getTime());
  }
  if (total >= (captcha === 'off' ? LOCK_AFTER_FAILURES : UNKNOWN_DEVICE_LOCK_AFTER_FAILURES)) end = Math.max(end, oldest + FAILURE_WINDOW_MS);
  return end > now.getTime() ? new Date(end) : null;
}
