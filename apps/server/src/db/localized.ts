import type { Locale } from '@atrium/contracts';
import type { Localized } from './schema/content.ts';

/** Seeded texts are stored in both languages; the caller reads its own (zh-CN as the fallback). */
export function pickText(value: Localized, locale: Locale): string {
  return value[locale] ?? value['zh-CN'] ?? '';
}

/**
 * Text written by a user is stored once: both languages show it as written.
 * @public (for the slices' tables of localized texts, maybe none)
 */
export function sameText(text: string): Localized {
  return { 'zh-CN': text, 'en-US': text };
}
