import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { reachable } from './graph.ts';

type Group = { name: string; test: (id: string) => boolean; priority: number; includeDependenciesRecursively: false };

const src = (path: string) => resolve(import.meta.dirname, 'src', path);

/**
 * Each language's texts in one file for a signed-in visitor's first view, without a byte more for the
 * sign-in page.
 *
 * Left to itself the bundler cuts one chunk per set of importers: the full dictionary of a language (the
 * core's, each slice's, Arco's), which the shell asks for all at once (lib/i18n.ts), came as a dozen small
 * files, and on HTTP/1.1 a browser fetches six at a time, each paying the round trip. One group per
 * language gathers what only that language's full dictionary imports: not what the sign-in page or the
 * console's entry import (the core dictionaries), nor what two languages share (the contracts' validation
 * texts, the resources' names), which stay where they were. The group does not take its modules'
 * dependencies with it.
 *
 * Weighed and left (bench/README.md, issue 27):
 * - groups for the shell's own modules and for what the sign-in page and the shell share, drawn from the
 *   static import graph: it is wider than what is kept (the icon package's index names every icon), so
 *   two chunks imported each other and the shell never started, or the sign-in page's scripts grew by
 *   3.5 KiB. first-view-chunks.ts draws those two groups from a bundle instead;
 * - merging by size (rolldown's `experimentalInlineCommonChunks`): it copies a module into each chunk that
 *   uses it, and a copied store or React context is two of them (stores/tabs.ts came out three times).
 */
export function textsChunks(locales: readonly string[]): { plugin: Plugin; groups: Group[] } {
  const texts: Record<string, Set<string>> = Object.fromEntries(locales.map((locale) => [locale, new Set<string>()]));
  const plugin: Plugin = {
    name: 'atrium-texts-chunks',
    apply: 'build',
    // Once the module graph is known; the groups' tests read the sets while the chunks are cut.
    buildEnd(error) {
      if (error) return;
      /** Modules and what they import statically, followed down. */
      const closure = (starts: readonly string[]): Set<string> => reachable(starts, (id) => this.getModuleInfo(id)?.importedIds ?? []);
      const need = (id: string) => {
        if (!this.getModuleInfo(id)) throw new Error(`texts chunks: no module ${id}`);
        return id;
      };
      const before = closure([need(src('main.tsx')), need(src('features/login/login-page.tsx')), ...locales.map((locale) => need(src(`lib/dictionary-core-${locale}.ts`)))]);
      const ids = [...this.getModuleIds()].map((id) => [id, id.replace(/\\/g, '/')] as const);
      const full = new Map(
        locales.map((locale) => {
          const dictionary = src(`lib/dictionary-${locale}.ts`).replace(/\\/g, '/');
          const starts = ids
            .filter(([, path]) => path === dictionary || path.includes(`/locales/${locale}/`) || path.endsWith(`/locales/${locale}.ts`) || path.endsWith(`@arco-design/web-react/es/locale/${locale}.js`))
            .map(([id]) => id);
          return [locale, new Set([...closure(starts)].filter((id) => !before.has(id)))];
        }),
      );
      for (const locale of locales) {
        const others = locales.filter((other) => other !== locale).map((other) => full.get(other)!);
        texts[locale] = new Set([...full.get(locale)!].filter((id) => !others.some((set) => set.has(id))));
      }
    },
  };
  const groups = locales.map((locale): Group => ({ name: `texts-${locale}`, test: (id) => texts[locale]!.has(id), priority: 20, includeDependenciesRecursively: false }));
  return { plugin, groups };
}
