/**
 * The two inline scripts of index.html (prerender-plugin.ts writes them as `(bootRequests)(config)` at
 * the top of the head and `(bootView)(config)` right after the pre-rendered markup; the server allows
 * them by their hashes). They run before the first paint, so:
 * - the document gets the reader's language and theme (localStorage, as lib/i18n.ts and lib/theme.ts
 *   keep them), and of the pre-rendered views only the right one stays: the sign-in page, or the shell's
 *   skeleton for a visitor with a session;
 * - for a visitor with a session, the first view's calls leave at once: user info, the menu and the page's
 *   declared reads, signed by the script before this one (first-calls.ts, built into the document) with
 *   the credential the server wrote into the document as it served it; the console adopts their answers
 *   (lib/api/first-calls.ts). A document
 *   without the credential (not served by Atrium's server) has the credential requested at once instead
 *   (lib/api/client-config.ts picks that answer up);
 * - the console's entry runs only once the first view is shown: its download starts with the document
 *   (index.html preloads it), but its evaluation (React, Arco, about 100 ms here) no longer holds the
 *   first paint back. What else the view needs (the language's dictionary, the view's code and styles,
 *   the page's styles) is asked for in that same moment, and the sign-in page's backdrop fades in;
 * - the pre-rendered sign-in form is never sent by the browser (a plain form would put the password
 *   into the address): a submit is only noted, and the console sends it when it takes over.
 * It must stay self-contained: it is serialised with Function.prototype.toString.
 */
import type { ViewFiles } from '@atrium/contracts/client-config';
import type { FirstCall, SentFirstCalls } from '../lib/api/first-calls';

/** A view's scripts and stylesheets: the same shape the build's first-view manifest gives the server. */
export type BootFiles = ViewFiles;

export interface BootConfig {
  defaultLocale: string;
  /** The entry's stylesheets: index.html carries only the rules its pre-rendered views use. */
  css: string[];
  locales: string[];
  /** Per locale: the core dictionary (both views) and what the shell adds (full dictionary, Arco's texts). */
  dictionaries: Record<string, { core: string[]; shell: string[] }>;
  login: BootFiles;
  shell: BootFiles;
  /** Per page path (`/`: the landing page's): the page's code and what it imports on demand (the workplace's charts), and its stylesheets. */
  pages: Record<string, BootFiles>;
  loginTitles: Record<string, string>;
  /** Where the signing credential is handed out (the contracts' call table). */
  clientConfigPath: string;
  /** The element the server writes the credential into when it serves the document (then nothing is asked). */
  clientConfigElementId: string;
  /** The console's entry module: downloaded with the first wave (a modulepreload), run after the first paint. */
  entry: string;
  /** The sign-in page's remembered username and "remember me" (features/login/login-config.ts). */
  loginConfigKey: string;
  /**
   * The first view's calls for a visitor with a session: sent by the script before this one (first-calls.ts,
   * which defines `library`), their promise left on the window as `global`.
   */
  firstCalls: {
    library: string;
    global: string;
    /** Every view's: user info and the menu. */
    session: FirstCall[];
    /** Per page path (`/`: the landing page's): the route's declared reads (`RouteNode.firstCalls`). */
    pages: Record<string, FirstCall[]>;
  };
}

/**
 * What the boot scripts leave on the window: the credential's answer (for the console), the view's
 * requests, and where a later script (placeDrawn) leaves what is to run once the first frame is shown.
 */
interface BootWindow {
  __atriumClientConfig?: Promise<Response>;
  __atriumRequestView?: () => void;
  __atriumAfterFirstPaint?: (then: () => void) => void;
}

export function bootRequests(config: BootConfig): void {
  const doc = document;
  function read(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  const stored = read('arco-locale');
  const locale = stored && config.locales.indexOf(stored) >= 0 ? stored : config.defaultLocale;
  const path = location.pathname;
  const view = path === '/login' || !read('token') ? 'login' : 'shell';
  // For bootView, at the end of the body (the body does not exist yet).
  doc.documentElement.lang = locale;
  doc.documentElement.setAttribute('data-boot-view', view);
  // Until the first frame is on screen: what only decorates (the sign-in page's backdrop) waits for it.
  doc.documentElement.setAttribute('data-boot-pending', '');
  if (read('arco-theme') === 'dark') doc.documentElement.setAttribute('data-boot-theme', 'dark');

  function add(rel: string, href: string): void {
    const link = doc.createElement('link');
    link.rel = rel;
    link.href = href;
    link.crossOrigin = '';
    doc.head.appendChild(link);
  }
  const dictionaries = config.dictionaries[locale];
  const files: BootFiles = { js: [], css: config.css };
  if (view === 'shell') {
    // The first view's calls at once, signed with the credential the document carries (else the
    // credential at once: every call of the first view waits for it).
    if (doc.getElementById(config.clientConfigElementId)) {
      const calls = config.firstCalls.session.concat(config.firstCalls.pages[path] ?? []);
      const holder = window as unknown as Record<string, unknown>;
      const library = holder[config.firstCalls.library] as { sendFirstCalls?: (calls: FirstCall[], elementId: string, locale: string) => Promise<SentFirstCalls | null> } | undefined;
      if (library && library.sendFirstCalls) {
        try {
          holder[config.firstCalls.global] = library.sendFirstCalls(calls, config.clientConfigElementId, locale);
        } catch {
          // Nothing sent: the console asks as usual.
        }
      }
    } else (window as BootWindow).__atriumClientConfig = fetch(config.clientConfigPath, { credentials: 'omit' });
    // The texts, the shell, then the page's own code and what it imports on demand (the workplace's
    // charts). Left to the console, the page's code was asked for only once the shell's had run
    // (app/router.tsx), and the charts once that code had arrived and run. Asked for here, it arrives
    // and compiles while the shell's code runs (bench/README.md, issue 27; when the shell still came as
    // 70 files it made no difference, bench/notes/012-first-paint-floor.md).
    const page = config.pages[path];
    if (dictionaries) files.js = files.js.concat(dictionaries.core, dictionaries.shell);
    files.js = files.js.concat(config.shell.js, page ? page.js : []);
    files.css = files.css.concat(config.shell.css, page ? page.css : []);
  } else {
    if (dictionaries) files.js = files.js.concat(dictionaries.core);
    files.js = files.js.concat(config.login.js);
    files.css = files.css.concat(config.login.css);
  }
  // The view's files are asked for when bootView starts the entry, once the first frame is on screen:
  // creating their 20 to 70 request elements here held the first paint back (17 ms of the main thread
  // for the sign-in page's, 34 ms for the shell's, in traces of cold loads), and the entry (which the
  // document preloads) runs only then anyway.
  (window as BootWindow).__atriumRequestView = function () {
    // Chunks shared by the dictionary and the view are named by both: each is asked for once. A signed-in
    // document names the view's scripts in its head already (the server's plugins/signed-in-document.ts).
    const asked: Record<string, boolean> = {};
    // Named in the head (a signed-in document's scripts), or linked already (a drawn page's stylesheets).
    const named = doc.querySelectorAll('link[rel="modulepreload"], link[rel="stylesheet"]');
    for (let i = 0; i < named.length; i++) asked[named[i]!.getAttribute('href')!] = true;
    function ask(rel: string, hrefs: string[]): void {
      for (let i = 0; i < hrefs.length; i++) {
        if (asked[hrefs[i]!]) continue;
        asked[hrefs[i]!] = true;
        add(rel, hrefs[i]!);
      }
    }
    ask('modulepreload', files.js);
    // Stylesheets added by a script hold no paint back; the console's code finds them in place.
    ask('stylesheet', files.css);
  };
}

export function bootView(config: Pick<BootConfig, 'loginTitles' | 'entry' | 'loginConfigKey'>): void {
  const doc = document;
  const html = doc.documentElement;
  const locale = html.lang;
  const view = html.getAttribute('data-boot-view');
  if (html.getAttribute('data-boot-theme') === 'dark') doc.body.setAttribute('arco-theme', 'dark');
  const root = doc.getElementById('prerender');
  if (root) {
    const variants = root.querySelectorAll('[data-view]');
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[i] as HTMLElement;
      if (variant.getAttribute('data-view') === view && variant.getAttribute('data-locale') === locale) variant.hidden = false;
      else variant.parentNode!.removeChild(variant);
    }
    // A click on a control that has an id or a test id (a tab, a link) is remembered too; the console
    // repeats it on its own control of the same id when it takes over (lib/prerender.ts).
    const clicks: string[] = [];
    (root as unknown as { clicks: string[] }).clicks = clicks;
    root.addEventListener('click', function (event) {
      const target = event.target instanceof Element ? event.target.closest('[id], [data-testid]') : null;
      if (!target || (target instanceof HTMLButtonElement && target.type === 'submit')) return;
      if (target.id) clicks.push('#' + target.id);
      else clicks.push('[data-testid="' + target.getAttribute('data-testid') + '"]');
    });
    // The sign-in form as the console will show it: the remembered username and "remember me" (the
    // server render knows neither). Otherwise the name would appear under the reader's caret at takeover.
    if (view === 'login') {
      let remembered: { rememberMe?: unknown; username?: unknown } | null = null;
      try {
        remembered = JSON.parse(localStorage.getItem(config.loginConfigKey) || 'null');
      } catch {
        remembered = null;
      }
      if (remembered && typeof remembered === 'object') {
        const username = root.querySelector('input[name="username"]') as HTMLInputElement | null;
        const rememberMe = root.querySelector('input[name="rememberMe"]') as HTMLInputElement | null;
        if (username && typeof remembered.username === 'string') username.value = remembered.username;
        if (rememberMe && typeof remembered.rememberMe === 'boolean') rememberMe.checked = remembered.rememberMe;
      }
    }
    const forms = root.querySelectorAll('form');
    // A submit before the console runs is remembered; the console sends it when it takes over (lib/prerender.ts).
    for (let f = 0; f < forms.length; f++) {
      forms[f]!.addEventListener('submit', function (event) {
        event.preventDefault();
        root.setAttribute('data-submitted', '');
      });
    }
  }
  if (view === 'login' && config.loginTitles[locale]) doc.title = config.loginTitles[locale]!;

  let started = false;
  // What later scripts of the document wait for the first frame with (placeDrawn), run as it is shown.
  const afterFirstPaint: (() => void)[] = [];
  (window as BootWindow).__atriumAfterFirstPaint = function (then) {
    if (started) then();
    else afterFirstPaint.push(then);
  };
  function start(): void {
    if (started) return;
    started = true;
    html.removeAttribute('data-boot-pending');
    const requestView = (window as BootWindow).__atriumRequestView;
    delete (window as BootWindow).__atriumRequestView;
    if (requestView) requestView();
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = config.entry;
    doc.head.appendChild(script);
    for (let i = 0; i < afterFirstPaint.length; i++) afterFirstPaint[i]!();
    afterFirstPaint.length = 0;
  }
  // Once the first view is on screen: the first contentful paint, as the browser reports it (a frame
  // painted is not yet a frame shown, and evaluating the console then would hold the showing back). A
  // hidden page paints nothing, so it starts at once; a browser without paint timing, after a frame.
  if (doc.visibilityState !== 'visible') start();
  else {
    try {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        setTimeout(start, 0);
      }).observe({ type: 'paint', buffered: true });
    } catch {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    }
    setTimeout(start, 1000);
  }
}

/** What placeDrawn needs to know: the drawn page's element, and the narrowest body it is shown in. */
export interface PlaceDrawnConfig {
  elementId: string;
  /** The console lays its pages out for phones below this body width (stores/settings.ts): a drawn page is for desktops. */
  minWidth: number;
}

/**
 * The third inline script, in signed-in documents only, right after the page the server drew (decision 049):
 * puts it in the skeleton's page outline once its stylesheets (its `data-css`, preloaded by the head) have
 * come. They are linked from here, not by the document: a stylesheet the parser meets holds the first
 * paint back until it has come, and the skeleton is to be shown at once. It starts once the skeleton's
 * first frame is shown (bootView's `__atriumAfterFirstPaint`): before, its stylesheets (from the preloads'
 * cache, parsed as they are linked) and its reading of the window's width (a layout) held the first paint
 * back by some 30 ms (bench/README.md, 2026-11-30). The page is drawn in the cookie's language, for a
 * desktop-wide window, before the console has run: in any other case (the reader's own language differs,
 * a phone or a tablet, the console already committed, a stylesheet that does not come) it is dropped and
 * the skeleton stays as it was.
 */
export function placeDrawn(config: PlaceDrawnConfig): void {
  const doc = document;
  const drawn = doc.getElementById(config.elementId);
  if (!drawn) return;
  const begin = function (): void {
    const shows = function (): boolean {
      const root = doc.getElementById('root');
      return !!doc.querySelector('#prerender .pre-page') && !!root && !root.firstChild && drawn.getAttribute('data-locale') === doc.documentElement.lang && doc.body.clientWidth >= config.minWidth;
    };
    function drop(): void {
      if (drawn!.parentNode) drawn!.parentNode.removeChild(drawn!);
    }
    if (!shows()) return drop();
    const hrefs = (drawn.getAttribute('data-css') || '').split(' ').filter(Boolean);
    let waiting = hrefs.length;
    let failed = false;
    function place(): void {
      if (failed || !shows()) return drop();
      const outline = doc.querySelector('#prerender .pre-page')!;
      while (outline.firstChild) outline.removeChild(outline.firstChild);
      outline.appendChild(drawn!);
      drawn!.hidden = false;
    }
    function settled(ok: boolean): void {
      if (!ok) failed = true;
      waiting -= 1;
      if (waiting === 0) place();
    }
    if (waiting === 0) return place();
    // Linked in the head, in the console's order, as the boot's own (which then links none twice), unless it
    // has linked them already.
    const linked = doc.querySelectorAll('link[rel="stylesheet"]');
    for (let i = 0; i < hrefs.length; i++) {
      let link: HTMLLinkElement | null = null;
      for (let j = 0; j < linked.length; j++) if (linked[j]!.getAttribute('href') === hrefs[i]) link = linked[j] as HTMLLinkElement;
      if (link && link.sheet) {
        settled(true);
        continue;
      }
      if (!link) {
        link = doc.createElement('link');
        link.rel = 'stylesheet';
        link.crossOrigin = '';
        link.href = hrefs[i]!;
        doc.head.appendChild(link);
      }
      link.addEventListener('load', function () {
        settled(true);
      });
      link.addEventListener('error', function () {
        settled(false);
      });
    }
  };
  const later = (window as BootWindow).__atriumAfterFirstPaint;
  if (later) later(begin);
  else begin();
}
