import { memoizeShort } from './memo.ts';

export type Locale = 'zh-CN' | 'en-US';
const defaultLocale: Locale = 'zh-CN';

// A server reads the header on every request, and browsers send a handful of distinct values.
const rankRemembered = memoizeShort(rankLocale, { entries: 200, maxLength: 256 });

/** Picks zh-CN or en-US from an Accept-Language header (q-values honoured); zh-CN when nothing matches. */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  return acceptLanguage ? rankRemembered(acceptLanguage) : defaultLocale;
}

function rankLocale(acceptLanguage: string): Locale {
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return defaultLocale;
}

/** Replaces `{name}` placeholders. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
