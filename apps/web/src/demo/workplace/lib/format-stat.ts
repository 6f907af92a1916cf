import { formatNumber } from '../../../lib/number-format';

/**
 * Number display of the workplace statistics. zh-CN counts in 万 ("W+") from 10 000 up;
 * en-US uses the locale's compact notation. The unit is appended by the caller.
 */
export function formatContentTotal(value: number, locale: string, tenThousand: string): string {
  if (locale === 'zh-CN') {
    if (Math.abs(value) >= 10_000) return `${(Math.floor(value / 1_000) / 10).toFixed(1)} ${tenThousand}`.trim();
    return formatNumber(Math.round(value), 'zh-CN');
  }
  return formatNumber(value, locale, { notation: 'compact', maximumFractionDigits: 1 });
}

/** Grouped integer in the locale's digit grouping. */
export function formatInteger(value: number, locale: string): string {
  return formatNumber(Math.round(value), locale);
}

/** One decimal and a percent sign; the sign's icon is drawn separately. */
export function formatGrowth(value: number): string {
  return `${Math.abs(value).toFixed(1)}%`;
}
