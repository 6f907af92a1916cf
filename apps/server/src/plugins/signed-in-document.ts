import { parseCookie } from 'cookie';
import { FIRST_VIEW_MARK, LOCALE_COOKIE, type FirstViewManifest } from '@atrium/contracts/client-config';

// What a signed-in document names in its head (decision 046): the first view's scripts as module preloads
// and its stylesheets as preloads, read from the build's first-view.json, so the browser asks for them as
// it reads the head instead of once the first frame is painted (the boot script asked for them then).

/** The reader's language from its locale cookie, when the build has it; else the build's default. */
export function documentLocale(manifest: Pick<FirstViewManifest, 'locales' | 'defaultLocale'>, cookieHeader: string | undefined): string {
  let asked: string | undefined;
  try {
    asked = cookieHeader ? parseCookie(cookieHeader)[LOCALE_COOKIE] : undefined;
  } catch {
    asked = undefined;
  }
  return asked && manifest.locales.includes(asked) ? asked : manifest.defaultLocale;
}

/** The manifest's page for an address path: its own, `/` for the landing page, none for others. */
export function firstViewPage(manifest: Pick<FirstViewManifest, 'pages'>, path: string): string | undefined {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return Object.hasOwn(manifest.pages, trimmed) ? trimmed : undefined;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The head's links for a language and a page: its dictionary's, the shell's and the page's scripts (each
 * once, in that order: the order the console runs them), then the entry's, the shell's and the page's
 * stylesheets, preloaded only (a stylesheet link would hold the first paint; the boot script links them
 * once the first frame is shown, and finds them in the cache).
 */
export function firstViewLinks(manifest: FirstViewManifest, locale: string, page: string | undefined): string {
  const files = page ? manifest.pages[page] : undefined;
  const js = [...new Set([...(manifest.dictionaries[locale] ?? []), ...manifest.shell.js, ...(files?.js ?? [])])];
  const css = [...new Set([...manifest.css, ...manifest.shell.css, ...(files?.css ?? [])])];
  return [
    ...js.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
    ...css.map((href) => `<link rel="preload" as="style" crossorigin href="${attribute(href)}">`),
  ].join('');
}

/** A signed-in document with its links in place of the build's mark. */
export function withFirstViewLinks(html: string, links: string): string {
  if (!html.includes(FIRST_VIEW_MARK)) throw new Error(`signed-in document: no ${FIRST_VIEW_MARK} in its head`);
  return html.replace(FIRST_VIEW_MARK, links);
}
