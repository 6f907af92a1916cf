import type { Rule } from './use-fields';

/** Password rule: 6–32 characters of digits, letters and ~!@#$%^&*., at least two of the four classes. */
export const PASSWORD_PATTERN = /^(?![0-9]+$)(?![a-z]+$)(?![A-Z]+$)(?![~!@#$%^&*.]+$)[0-9a-zA-Z~!@#$%^&*.]{6,32}$/;
/** 11 digits starting with 1; the same rule as the contracts' telSchema. */
export const PHONE_PATTERN = /^1\d{10}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;

/** Required after trimming. */
export function requiredTrimmed(message: string): Rule {
  return (value) => (value.trim() ? undefined : message);
}

/** Required as typed (a password may not be trimmed). */
export function required(message: string): Rule {
  return (value) => (value ? undefined : message);
}

/** Checked only when there is a value, so an empty field reports only its "required" message. */
export function matches(pattern: RegExp, message: string, trim = true): Rule {
  return (value) => (value === '' || pattern.test(trim ? value.trim() : value) ? undefined : message);
}

/** Keeps digits only (phone and SMS inputs). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}
