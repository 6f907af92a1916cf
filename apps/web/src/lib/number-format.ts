const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the reader's language writes it (digit grouping; `options` for more). One formatter per
 * language and options, kept: `toLocaleString` builds one per call, and a table formats one per cell, a
 * counting statistic one per frame (the workplace's first view spent 10 ms on it, issue 42).
 */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  const key = options ? `${locale} ${JSON.stringify(options)}` : locale;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format.format(value);
}
