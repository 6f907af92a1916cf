/**
 * Display formats: times as `YYYY-MM-DD HH:mm:ss` in the browser's time zone (the
 * server sends ISO 8601 UTC).
 */
import { parseInstant } from '@atrium/contracts/query-values';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a local date. */
export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `-` when missing; the raw text when it is not a date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** `YYYY-MM-DD HH:mm:ss` in local time, as the date-time pickers show it, for an ISO 8601 instant. */
export function instantToLocal(value: string): string | undefined {
  const at = parseInstant(value);
  return at ? formatDateTime(at.toISOString()) : undefined;
}

/** A picker's local `YYYY-MM-DD HH:mm:ss` as an ISO 8601 instant (UTC), as the URL and the server take it. */
export function localToInstant(value: string): string | undefined {
  const at = new Date(value.trim().replace(' ', 'T'));
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}
