/** The server's clock as this device estimates it: requests are signed with the server's time. */

/** Offsets smaller than this are noise of the Date header's one-second resolution. */
const SKEW_THRESHOLD_MS = 2_000;

let clockOffsetMs = 0;

export function getClockOffset(): number {
  return clockOffsetMs;
}

export function serverNow(): Date {
  return new Date(Date.now() + clockOffsetMs);
}

export function observeServerTime(serverMs: number, localMs: number): void {
  if (!Number.isFinite(serverMs)) return;
  const measured = serverMs - localMs;
  clockOffsetMs = Math.abs(measured) > SKEW_THRESHOLD_MS ? measured : 0;
}

export function observeDateHeader(value: string | null): void {
  // The header has one-second resolution: add half a second to estimate the true time.
  if (value) observeServerTime(Date.parse(value) + 500, Date.now());
}

export function resetClock(): void {
  clockOffsetMs = 0;
}
