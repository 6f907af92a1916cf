import { interpolate, type Locale } from '@atrium/contracts/locale';
import { defaultRoute } from '@atrium/contracts/routes';
import { fileURLToPath } from 'node:url';
import { dictionary as enUS } from '../../apps/web/src/lib/dictionary-en-US';
import { dictionary as zhCN } from '../../apps/web/src/lib/dictionary-zh-CN';

/**
 * The console's own texts, from what it is built with: the core's dictionaries
 * (apps/web/src/lib/dictionary-<locale>.ts) and the titles of the slices in its registry
 * (apps/web/src/slices.ts), for the core specs that must pass with and without the demo: the landing page
 * is the demo's workplace in the full product and the core's home page in the blank one (`defaultRoute`),
 * so its title is looked up rather than written out. Specs about one page keep writing its texts out.
 */
interface SliceTitles {
  titles?: Partial<Record<Locale, Record<string, string>>>;
  drawnViews?: unknown;
}
// Read when the suite runs, not followed by the type check (it would walk into every page of the console).
const registry = fileURLToPath(new URL('../../apps/web/src/slices.ts', import.meta.url));
const { webSlices } = (await import(/* @vite-ignore */ registry)) as { webSlices: readonly SliceTitles[] };

const dictionaries: Record<Locale, Record<string, string>> = {
  'zh-CN': Object.assign({}, ...webSlices.map((s) => s.titles?.['zh-CN']), zhCN),
  'en-US': Object.assign({}, ...webSlices.map((s) => s.titles?.['en-US']), enUS),
};

export function text(key: string, locale: Locale = 'zh-CN', params?: Record<string, string | number>): string {
  const found = dictionaries[locale][key];
  if (found === undefined) throw new Error(`no text ${key} in ${locale}`);
  return interpolate(found, params);
}

/** Where a signed-in user lands (`defaultRoute`): its path and title. */
export const landing = {
  path: defaultRoute.path,
  title: (locale: Locale = 'zh-CN') => text(defaultRoute.titleKey, locale),
} as const;

/** Whether a slice of the product names pages the server draws with their data (decision 049: the demo's workplace; the blank product none). */
export const drawsPages = webSlices.some((slice) => slice.drawnViews !== undefined);
