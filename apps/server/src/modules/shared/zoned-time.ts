// Building an Intl.DateTimeFormat costs ~50 µs of ICU set-up; a date filter needs four. One per zone.
const partFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function cached(map: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = map.get(timeZone);
  if (!format) map.set(timeZone, (format = make()));
  return format;
}

/** Offset of `timeZone` from UTC at the instant `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const format = cached(partFormats, timeZone, () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
  );
  const parts = format.formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const dayStarts = new Map<string, number>();

/**
 * The instant a calendar day (`YYYY-MM-DD`) starts in a time zone. Date filters are inclusive days in the
 * server's configured zone (`TZ`), so `[start, end]` becomes `[startOf(start), startOf(end + 1))`.
 */
export function startOfDay(day: string, timeZone: string): Date {
  // Date filters repeat (the console keeps them in the URL): remember the last days asked for.
  const id = `${timeZone} ${day}`;
  const known = dayStarts.get(id);
  if (known !== undefined) return new Date(known);
  const start = computeStartOfDay(day, timeZone);
  if (dayStarts.size >= 1000) dayStarts.delete(dayStarts.keys().next().value!);
  dayStarts.set(id, start.getTime());
  return start;
}

function computeStartOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // Two passes settle days whose offset differs from the guess's (daylight-saving changes).
  let instant = guess - offsetAt(guess, timeZone);
  instant = guess - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The day after `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` of an instant in a time zone. */
export function dayIn(date: Date, timeZone: string): string {
  return cached(dayFormats, timeZone, () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })).format(date);
}
