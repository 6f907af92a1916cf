import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Plugin } from 'vite';
import type { FirstCall } from './src/lib/api/first-calls.ts';
import { bootRequests, bootView, placeDrawn, type BootConfig, type BootFiles } from './src/prerender/boot.ts';
import { MOBILE_BREAKPOINT } from './src/lib/breakpoints.ts';
import { criticalCss } from './src/prerender/critical-css.ts';
// Relative, not the package name: the build's config is bundled, and a package's TypeScript would not be.
import { DRAWN_ELEMENT_ID, DRAWN_MARK, DRAWN_RENDERER_MANIFEST, FIRST_VIEW_MARK, SIGNED_IN_DOCUMENTS, type FirstViewManifest } from '../../packages/contracts/src/client-config.ts';
import { chunkOf } from './graph.ts';

interface Renderer {
  locales: string[];
  routes: { path: string; name: string; firstCalls: FirstCall[] }[];
  sessionCalls: FirstCall[];
  firstCallsGlobal: string;
  /** The landing page: what `/` shows once signed in. */
  landingPath: string;
  clientConfigPath: string;
  clientConfigElementId: string;
  loginConfigKey: string;
  renderLogin(locale: string): string;
  renderShell(locale: string): string;
  pageTitle(locale: string): string;
}

/** What this plugin asks the request-time renderer (src/prerender/entry-drawn.tsx): which pages it draws. */
interface DrawingRenderer {
  ready(): Promise<void>;
  pages(): Record<string, unknown>;
}

/** What this plugin reads of an output chunk. */
interface Chunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

const src = (path: string) => resolve(import.meta.dirname, 'src', path);

const locales = ['zh-CN', 'en-US'];

/** The global the first calls' script (src/prerender/first-calls.ts) defines, which the boot script calls. */
const FIRST_CALLS_LIBRARY = 'atriumFirstCalls';

/** `name: () => import('./module')` entries of a source file, the module resolved from the file's folder. */
function lazyEntries(file: string): [name: string, module: string][] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/'?([\w-]+)'?: \(\) => import\('(\.{1,2}\/[^']+)'\)/g)].map((m) => [m[1]!, resolve(dirname(file), m[2]!)]);
}

/** The registry of slices (src/slices.ts) and the files it imports, followed down (the slices' definitions). */
function registryFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*? from '(\.{1,2}\/[^']+)';/gm)) {
      const base = resolve(dirname(file), m[1]!);
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
      if (found) visit(found);
    }
  };
  visit(src('slices.ts'));
  return [...seen];
}

/**
 * Route name -> page module, and per language the slices' text modules: read from app/route-components.tsx's
 * `pageLoaders` and the slices' definitions (`pages`, `messages`), the places that map them.
 */
export function lazyModules(): { pages: Map<string, string>; messages: Map<string, string[]> } {
  const pages = new Map<string, string>();
  const messages = new Map<string, string[]>(locales.map((l) => [l, []]));
  for (const [name, module] of [src('app/route-components.tsx'), ...registryFiles()].flatMap(lazyEntries)) {
    if (locales.includes(name)) messages.get(name)!.push(module);
    else pages.set(name, module);
  }
  if (pages.size === 0) throw new Error('prerender: no page found in app/route-components.tsx');
  return { pages, messages };
}

/** Per page path, the reads its route declares (`/`: the landing page's); pages without any are left out. */
function firstCallsOf(routes: Renderer['routes'], landingPath: string): BootConfig['firstCalls']['pages'] {
  const pages = Object.fromEntries(routes.filter((route) => route.firstCalls.length > 0).map((route) => [route.path, route.firstCalls]));
  if (pages[landingPath]) pages['/'] = pages[landingPath];
  return pages;
}

/**
 * Puts the first view into index.html at build time, so the first paint waits for no script:
 * - the sign-in page and the shell's skeleton, rendered with React in both languages (an SSR build of
 *   src/prerender/entry-server.tsx), with the styles they use inline (the rules of the entry's and the
 *   sign-in page's stylesheets that match their markup, and the skeleton's), in place of the entry's
 *   render-blocking stylesheets, which the boot script adds without blocking the first paint;
 * - the boot scripts (src/prerender/boot.ts): at the top of the head, the one that asks for everything the
 *   first view needs in one wave; after the views, the one that keeps the right view for the reader's
 *   language, theme and session, and starts the console.
 * The server adds the inline scripts' hashes to the document's Content-Security-Policy.
 */
export function prerenderPlugin(): Plugin {
  let outDir = 'dist';
  let root = '';
  let bootConfig: Omit<BootConfig, 'loginTitles' | 'pages' | 'clientConfigPath' | 'clientConfigElementId' | 'entry' | 'css' | 'loginConfigKey' | 'firstCalls'> | null = null;
  let pagesOf: ((routes: Renderer['routes'], landingPath: string) => BootConfig['pages']) | null = null;
  let inlineCss: string[] = [];
  let entryCss: string[] = [];

  return {
    name: 'atrium-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as Chunk[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // A module's chunk (gathered into a group by first-view-chunks.ts or texts-chunks.ts, or its own).
      const byModule = (id: string) => chunkOf(chunks, id);
      // A chunk and everything it imports, each chunk after its imports: the order in which Vite links
      // a chunk's styles. A module's own rules then come after the Arco rules they refine; those have
      // the same specificity, so the later stylesheet wins.
      const closure = (start: Chunk | undefined): Set<string> => {
        const seen = new Set<string>();
        const ordered: string[] = [];
        const visit = (chunk: Chunk | undefined) => {
          if (!chunk || seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const dep of chunk.imports) visit(byFile.get(dep));
          ordered.push(chunk.fileName);
        };
        visit(start);
        return new Set(ordered);
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('prerender: no entry chunk');
      const inEntry = closure(entry);
      const cssOf = (files: Set<string>) => [...new Set([...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
      const filesOf = (id: string): BootFiles => {
        const own = closure(byModule(id));
        const entryCssSet = new Set(cssOf(inEntry));
        return {
          js: [...own].filter((f) => !inEntry.has(f)).map((f) => `/${f}`),
          css: cssOf(own).filter((f) => !entryCssSet.has(f)).map((f) => `/${f}`),
        };
      };
      const need = (id: string) => {
        if (!byModule(id)) throw new Error(`prerender: no chunk for ${relative(root, id)}`);
        return id;
      };
      const login = filesOf(need(src('features/login/login-page.tsx')));
      const shell = filesOf(need(src('app/shell.tsx')));
      // Per page, its code with what that imports on demand (the workplace's charts), and its styles:
      // the boot asks for them with the shell's, so they arrive while the shell's code runs (boot.ts).
      const modules = lazyModules();
      const shellFiles = new Set(shell.js);
      pagesOf = (routes, landingPath) => {
        const pages: BootConfig['pages'] = {};
        for (const route of routes) {
          const id = modules.pages.get(route.name);
          const chunk = id ? byModule(id) : undefined;
          if (!id || !chunk) continue;
          const onDemand = chunk.dynamicImports.flatMap((file) => [...closure(byFile.get(file))].filter((f) => !inEntry.has(f)).map((f) => `/${f}`));
          const own = filesOf(id);
          pages[route.path] = { js: [...new Set([...own.js, ...onDemand])].filter((f) => !shellFiles.has(f)), css: own.css };
        }
        // `/` opens the landing page.
        if (pages[landingPath]) pages['/'] = pages[landingPath];
        return pages;
      };
      const dictionaries: BootConfig['dictionaries'] = {};
      for (const locale of locales) {
        const arco = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`@arco-design/web-react/es/locale/${locale}.js`));
        // The full dictionary is the core's and the slices' texts of the language (lib/i18n.ts, loadPart).
        const full = [src(`lib/dictionary-${locale}.ts`), ...modules.messages.get(locale)!].flatMap((id) => filesOf(need(id)).js);
        dictionaries[locale] = {
          core: filesOf(need(src(`lib/dictionary-core-${locale}.ts`))).js,
          shell: [...new Set(full), ...(arco ? filesOf(arco.facadeModuleId!).js : [])],
        };
      }
      bootConfig = { defaultLocale: 'zh-CN', locales, dictionaries, login, shell };
      entryCss = cssOf(inEntry);
      inlineCss = [...entryCss, ...login.css.map((f) => f.slice(1))];
    },
    async writeBundle() {
      if (!bootConfig || !pagesOf) return;
      const tmp = mkdtempSync(join(tmpdir(), 'atrium-prerender-'));
      // The server renders: this build's (entry-server) and the request-time one the server imports to draw
      // a signed-in page with its data (entry-drawn, as render-<hash>.mjs named in renderer.json; decision 049).
      const renderDir = join(outDir, SIGNED_IN_DOCUMENTS, 'render');
      try {
        const ssrConfig: InlineConfig = {
          configFile: false,
          root,
          // Its chunking notes (the dictionaries imported statically here) concern this render only.
          logLevel: 'error',
          plugins: [react()],
          resolve: { alias: { 'resize-observer-polyfill': src('prerender/server-resize-observer.ts') } },
          ssr: { noExternal: true, target: 'node' },
          // React's production build whatever NODE_ENV the server runs with, as in the console's own build.
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          build: {
            ssr: true,
            outDir: renderDir,
            copyPublicDir: false,
            emptyOutDir: true,
            minify: false,
            sourcemap: false,
            rollupOptions: {
              input: { 'entry-server': src('prerender/entry-server.tsx'), render: src('prerender/entry-drawn.tsx') },
              // .mjs: Node reads them as modules wherever the build is copied (no package.json beside them).
              // Hashed: a server that imports a new build's renderer gets new modules, not the old ones
              // (a query on the entry's address would load the entry twice, as a chunk imports it plainly).
              output: { entryFileNames: '[name]-[hash].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
            },
          },
        };
        const built = (await build(ssrConfig)) as { output: { type: string; name: string; fileName: string; isEntry?: boolean }[] };
        const entryFile = (name: string) => {
          const found = built.output.find((o) => o.type === 'chunk' && o.isEntry && o.name === name);
          if (!found) throw new Error(`prerender: no ${name} in the server build`);
          return found.fileName;
        };
        // Where the server finds the request-time renderer (apps/server/src/plugins/drawn-view.ts), when it
        // draws a page at all: a product whose slices name no drawn view (the blank product) has no
        // renderer.json, its server never loads the renderer, and its signed-in documents are the skeleton
        // alone, without the placing script.
        const drawing = (await import(pathToFileURL(join(renderDir, entryFile('render'))).href)) as DrawingRenderer;
        await drawing.ready();
        const draws = Object.keys(drawing.pages()).length > 0;
        if (draws) writeFileSync(join(renderDir, DRAWN_RENDERER_MANIFEST), JSON.stringify({ entry: entryFile('render') }));
        else rmSync(join(renderDir, entryFile('render')));
        // The first view's calls: signing and sending in one classic script of its own, inline at the top
        // of the head, so they leave while the document is still being parsed (a module it imported had to
        // be fetched first, and ran only once the parser let go: after the first paint).
        await build({
          configFile: false,
          root,
          logLevel: 'error',
          build: {
            lib: { entry: src('prerender/first-calls.ts'), formats: ['iife'], name: FIRST_CALLS_LIBRARY, fileName: () => 'first-calls.js' },
            outDir: join(tmp, 'first-calls'),
            emptyOutDir: true,
            minify: true,
            sourcemap: false,
            target: 'es2022',
          },
        });
        const firstCallsScript = readFileSync(join(tmp, 'first-calls', 'first-calls.js'), 'utf8').trim();
        const renderer = (await import(pathToFileURL(join(renderDir, entryFile('entry-server'))).href)) as Renderer;
        const loginViews = Object.fromEntries(renderer.locales.map((locale) => [locale, `<div data-view="login" data-locale="${locale}" hidden>${renderer.renderLogin(locale)}</div>`]));
        const shellViews = Object.fromEntries(renderer.locales.map((locale) => [locale, `<div data-view="shell" data-locale="${locale}" hidden>${renderer.renderShell(locale)}</div>`]));
        const views = renderer.locales.map((locale) => loginViews[locale]! + shellViews[locale]!).join('');
        // Only the rules the views can use go inline; the full stylesheets follow without blocking paint.
        const skeletonCss = readFileSync(src('prerender/shell-skeleton.css'), 'utf8');
        const readCss = (files: string[]) => files.map((f) => readFileSync(join(outDir, f), 'utf8')).join('\n');
        const css = criticalCss(readCss(inlineCss), views) + skeletonCss;
        const indexPath = join(outDir, 'index.html');
        const template = readFileSync(indexPath, 'utf8');
        let html = template;
        // The entry is preloaded with the document and started by the boot script after the first paint.
        const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entryTag) throw new Error('prerender: no entry <script> in index.html');
        html = html.replace(entryTag[0], `\n    <link rel="modulepreload" crossorigin href="${entryTag[1]}">`);
        for (const file of entryCss) {
          const link = new RegExp(`\\s*<link rel="stylesheet"[^>]*href="/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`);
          if (!link.test(html)) throw new Error(`prerender: no <link> for ${file} in index.html`);
          html = html.replace(link, '');
        }
        const config: BootConfig = {
          ...bootConfig,
          entry: entryTag[1]!,
          css: entryCss.map((f) => `/${f}`),
          clientConfigPath: renderer.clientConfigPath,
          clientConfigElementId: renderer.clientConfigElementId,
          loginConfigKey: renderer.loginConfigKey,
          pages: pagesOf(renderer.routes, renderer.landingPath),
          firstCalls: { library: FIRST_CALLS_LIBRARY, global: renderer.firstCallsGlobal, session: renderer.sessionCalls, pages: firstCallsOf(renderer.routes, renderer.landingPath) },
          loginTitles: Object.fromEntries(renderer.locales.map((l) => [l, renderer.pageTitle(l)])),
        };
        const requests = `(${bootRequests.toString()})(${JSON.stringify(config)});`;
        const view = `(${bootView.toString()})(${JSON.stringify({ loginTitles: config.loginTitles, entry: config.entry, loginConfigKey: config.loginConfigKey })});`;
        const documentOf = (markup: string, styles: string) =>
          html
            // First in the head: the first wave leaves before the rest of the document is even parsed.
            .replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <script>${firstCallsScript}</script>\n    <script>${requests}</script>`)
            .replace('</head>', `  ${FIRST_VIEW_MARK}<style data-prerender>${styles}</style>\n  </head>`)
            .replace('<div id="root"></div>', `<div id="root"></div>\n    <div id="prerender">${markup}</div>\n    <script>${view}</script>`);
        const index = documentOf(views, css);
        if (!index.includes(requests)) throw new Error('prerender: no <meta charset> in index.html');
        writeFileSync(indexPath, index);
        // The signed-in documents, one per language: the shell's skeleton alone with the rules it uses, which
        // the server sends a visitor whose document cookie names a live session, the first view's files
        // named in its head after the entry's (first-view.json; the server's plugins/signed-in-document.ts).
        mkdirSync(join(outDir, SIGNED_IN_DOCUMENTS), { recursive: true });
        const shellCss = criticalCss(readCss(entryCss), Object.values(shellViews).join('')) + skeletonCss;
        // Where the server streams a page it draws (decision 049), and the script that puts it in place.
        const place = `(${placeDrawn.toString()})(${JSON.stringify({ elementId: DRAWN_ELEMENT_ID, minWidth: MOBILE_BREAKPOINT })});`;
        for (const locale of renderer.locales) {
          const signedIn = documentOf(shellViews[locale]!, shellCss)
            .replace(/<html lang="[^"]*">/, `<html lang="${locale}" data-signed-in>`)
            .replace(/\s*<\/body>/, draws ? `\n    ${DRAWN_MARK}<script>${place}</script>\n  </body>` : '\n  </body>');
          if (draws && !signedIn.includes(DRAWN_MARK)) throw new Error('prerender: no </body> in index.html');
          writeFileSync(join(outDir, SIGNED_IN_DOCUMENTS, `shell.${locale}.html`), signedIn);
        }
        const firstView: FirstViewManifest = {
          locales: renderer.locales,
          defaultLocale: config.defaultLocale,
          css: config.css,
          dictionaries: Object.fromEntries(renderer.locales.map((locale) => [locale, [...new Set([...config.dictionaries[locale]!.core, ...config.dictionaries[locale]!.shell])]])),
          shell: config.shell,
          pages: config.pages,
        };
        writeFileSync(join(outDir, SIGNED_IN_DOCUMENTS, 'first-view.json'), JSON.stringify(firstView));
        const hashes = [firstCallsScript, requests, view].map((script) => `sha256-${createHash('sha256').update(script).digest('base64')}`);
        this.info(`index.html: pre-rendered ${renderer.locales.length * 2} views, ${(Buffer.byteLength(css) / 1024).toFixed(1)} KiB inline CSS, boot scripts ${hashes.join(' ')}`);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}
