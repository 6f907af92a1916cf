import type { AuditResult } from '@atrium/contracts/calls/system';

/** Enumerations travel as keys and are translated here. */
export const resultKey = (value: AuditResult) => `systemAudit.result.${value}`;
export const resultBadge: Record<AuditResult, 'success' | 'warning' | 'error'> = { success: 'success', denied: 'warning', failed: 'error' };

/** A change's value as shown: text as it is, anything else as JSON; absent as `-`. */
export function formatChangeValue(value: unknown): string {
  if (value === undefined) return '-';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
