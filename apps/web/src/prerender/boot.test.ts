import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_CALLS_GLOBAL, type SentFirstCalls } from '../lib/api/first-calls';
import { bootRequests, bootView, placeDrawn, type BootConfig } from './boot';
import * as firstCallsScript from './first-calls';

function boot(config: BootConfig): void {
  bootRequests(config);
  bootView(config);
}

const config: BootConfig = {
  defaultLocale: 'zh-CN',
  css: ['/assets/index.css'],
  locales: ['zh-CN', 'en-US'],
  dictionaries: { 'zh-CN': { core: ['/assets/core-zh.js'], shell: ['/assets/full-zh.js'] }, 'en-US': { core: ['/assets/core-en.js'], shell: ['/assets/full-en.js'] } },
  login: { js: ['/assets/login.js'], css: ['/assets/login.css'] },
  shell: { js: ['/assets/shell.js'], css: ['/assets/shell.css'] },
  pages: { '/home': { js: [], css: [] }, '/system/user': { js: ['/assets/charts.js'], css: ['/assets/system-user.css'] } },
  loginTitles: { 'zh-CN': '登录 - Atrium', 'en-US': 'Sign in - Atrium' },
  clientConfigPath: '/api/client-config',
  clientConfigElementId: 'atrium-client-config',
  entry: '/assets/index.js',
  loginConfigKey: 'login-config',
  firstCalls: {
    // The script before the boot script defines it (beforeEach below).
    library: 'atriumFirstCalls',
    global: FIRST_CALLS_GLOBAL,
    session: [
      { method: 'POST', path: '/api/user/info', query: '' },
      { method: 'GET', path: '/api/user/menu', query: '' },
    ],
    pages: { '/system/user': [{ method: 'GET', path: '/api/system/user/list', query: 'current=1&pageSize=10', permission: 'user:read' }] },
  },
};

const views = ['zh-CN', 'en-US']
  .flatMap((l) => [`<div data-view="login" data-locale="${l}" hidden><form><input name="username"><input name="rememberMe" type="checkbox" checked></form></div>`, `<div data-view="shell" data-locale="${l}" hidden>shell ${l}</div>`])
  .join('');

/** Once bootView has started the entry (after the first frame; here after a frame or its 1 s fallback). */
async function started(): Promise<void> {
  await vi.waitFor(() => expect(document.head.querySelector('script[type=module]')).not.toBeNull(), { timeout: 2000, interval: 10 });
}

function preloads(rel: string): string[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((l) => new URL(l.href).pathname);
}

describe('boot script (index.html, before the first paint)', () => {
  const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = `<div id="root"></div><div id="prerender">${views}</div>`;
    document.body.removeAttribute('arco-theme');
    document.documentElement.removeAttribute('data-boot-theme');
    localStorage.clear();
    window.history.replaceState(null, '', '/login');
    vi.stubGlobal('fetch', fetchMock);
    delete (window as { __atriumClientConfig?: unknown }).__atriumClientConfig;
    delete (window as { __atriumRequestView?: unknown }).__atriumRequestView;
    (window as unknown as Record<string, unknown>).atriumFirstCalls = firstCallsScript;
    document.documentElement.removeAttribute('data-boot-pending');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  it('keeps only the sign-in view in the default language, light, and asks for its code with the entry', async () => {
    boot(config);
    const kept = document.querySelectorAll('#prerender [data-view]');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.getAttribute('data-view')).toBe('login');
    expect(kept[0]!.getAttribute('data-locale')).toBe('zh-CN');
    expect((kept[0] as HTMLElement).hidden).toBe(false);
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
    expect(document.title).toBe('登录 - Atrium');
    // Nothing is asked for before the first frame, and the backdrop waits for it.
    expect(preloads('modulepreload')).toEqual([]);
    expect(preloads('stylesheet')).toEqual([]);
    expect(document.documentElement.hasAttribute('data-boot-pending')).toBe(true);
    await started();
    expect(preloads('modulepreload')).toEqual(['/assets/core-zh.js', '/assets/login.js']);
    expect(preloads('stylesheet')).toEqual(['/assets/index.css', '/assets/login.css']);
    expect(document.documentElement.hasAttribute('data-boot-pending')).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('follows the stored language and dark theme', () => {
    localStorage.setItem('arco-locale', 'en-US');
    localStorage.setItem('arco-theme', 'dark');
    boot(config);
    expect(document.querySelector('#prerender [data-view]')!.getAttribute('data-locale')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    expect(document.title).toBe('Sign in - Atrium');
  });

  it('ignores a stored language it does not know', () => {
    localStorage.setItem('arco-locale', 'fr-FR');
    boot(config);
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  describe('with the credential in the document (the server wrote it in)', () => {
    let carried: HTMLScriptElement;
    beforeEach(() => {
      carried = document.createElement('script');
      carried.type = 'application/json';
      carried.id = 'atrium-client-config';
      carried.textContent = '{"keyId":"k","secret":"s"}';
      document.head.appendChild(carried);
      localStorage.setItem('token', 't');
    });
    afterEach(() => {
      carried.remove();
      delete (window as unknown as Record<string, unknown>)[FIRST_CALLS_GLOBAL];
    });
    const sent = () => (window as unknown as Record<string, unknown>)[FIRST_CALLS_GLOBAL] as Promise<SentFirstCalls | null>;

    it("sends the first view's calls at once, signed with it, and asks nothing for it", async () => {
      localStorage.setItem('fingerprint', 'fp-1');
      localStorage.setItem('arco-locale', 'en-US');
      localStorage.setItem('first-calls-granted', '["user:read"]');
      window.history.replaceState(null, '', '/system/user');
      boot(config);
      expect(document.querySelector('#prerender [data-view]')!.getAttribute('data-view')).toBe('shell');
      expect((window as { __atriumClientConfig?: unknown }).__atriumClientConfig).toBeUndefined();
      const calls = await sent();
      expect(calls && { token: calls.token, locale: calls.locale, calls: [...calls.answers.keys()] }).toEqual({
        token: 't',
        locale: 'en-US',
        calls: ['POST /api/user/info?', 'GET /api/user/menu?', 'GET /api/system/user/list?current=1&pageSize=10'],
      });
      await Promise.all(calls!.answers.values());
      const requests = fetchMock.mock.calls as unknown as [string, RequestInit][];
      // Each leaves once signed, in whatever order the signing finishes.
      expect(requests.map(([url, init]) => `${init.method} ${url}`).sort()).toEqual(['GET /api/system/user/list?current=1&pageSize=10', 'GET /api/user/menu', 'POST /api/user/info']);
      for (const [, init] of requests) {
        expect(init.credentials).toBe('omit');
        expect(init.headers).toMatchObject({ 'Access-Token': 't', 'X-Fingerprint': 'fp-1', 'Accept-Language': 'en-US', Authorization: expect.stringMatching(/^ATRIUM-HMAC-SHA256 Credential=k\//) });
      }
    });

    // Decision 049: the server draws the page and writes the answers it read after it, at the document's end.
    describe('when the server draws the page', () => {
      const hashOf = async (token: string) => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))), (b) => b.toString(16).padStart(2, '0')).join('');
      const drawnAnswers = (token: string, answers: Record<string, { status: number; body: unknown }>) => {
        const block = document.createElement('script');
        block.type = 'application/json';
        block.id = 'atrium-drawn-answers';
        block.textContent = JSON.stringify({ answers, date: 'Mon, 30 Nov 2026 10:00:00 GMT', token: token.slice(0, 16) });
        document.body.appendChild(block);
      };
      const info = { status: 200, body: { status: 'success', code: 0, data: { username: 'admin' } } };
      beforeEach(() => {
        localStorage.setItem('fingerprint', 'fp-1');
        document.documentElement.setAttribute('data-drawn', 'zh-CN');
        window.history.replaceState(null, '', '/system/user');
      });
      afterEach(() => {
        document.documentElement.removeAttribute('data-drawn');
        document.getElementById('atrium-drawn-answers')?.remove();
      });

      it('adopts the answers it wrote for this token, with its Date, and sends only what they lack', async () => {
        localStorage.setItem('first-calls-granted', '["user:read"]');
        // Here the document has been read already (in a browser the script waits for its end).
        drawnAnswers(await hashOf('t'), { 'POST /api/user/info?': info, 'GET /api/system/user/list?current=1&pageSize=10': { status: 200, body: { data: 'list' } } });
        boot(config);
        const calls = (await sent())!;
        const adopted = await calls.answers.get('POST /api/user/info?')!;
        expect([adopted.status, adopted.headers.get('Date'), await adopted.json()]).toEqual([200, 'Mon, 30 Nov 2026 10:00:00 GMT', info.body]);
        expect(await (await calls.answers.get('GET /api/system/user/list?current=1&pageSize=10')!).json()).toEqual({ data: 'list' });
        await calls.answers.get('GET /api/user/menu?');
        const requests = fetchMock.mock.calls as unknown as [string, RequestInit][];
        expect(requests.map(([url, init]) => `${init.method} ${url}`)).toEqual(['GET /api/user/menu']);
      });

      it("sends them all when the answers were read as another session's, or are not there", async () => {
        drawnAnswers(await hashOf('another token'), { 'POST /api/user/info?': info, 'GET /api/user/menu?': info });
        boot(config);
        const calls = (await sent())!;
        await Promise.all([calls.answers.get('POST /api/user/info?'), calls.answers.get('GET /api/user/menu?')]);
        expect((fetchMock.mock.calls as unknown as [string, RequestInit][]).map(([url]) => url).sort()).toEqual(['/api/user/info', '/api/user/menu']);
        // A page's read the role was not known to hold is neither drawn nor sent.
        await expect(calls.answers.get('GET /api/system/user/list?current=1&pageSize=10')).rejects.toThrow();
        fetchMock.mockClear();
        document.getElementById('atrium-drawn-answers')!.remove();
        delete (window as unknown as Record<string, unknown>)[FIRST_CALLS_GLOBAL];
        boot(config);
        await Promise.all([...(await sent())!.answers.values()].map((answer) => answer.catch(() => undefined)));
        expect(fetchMock).toHaveBeenCalledTimes(2);
      });

      it('waits for none in another language than the one it is drawn in', async () => {
        localStorage.setItem('arco-locale', 'en-US');
        boot(config);
        const calls = (await sent())!;
        expect(fetchMock).not.toHaveBeenCalled();
        await Promise.all([calls.answers.get('POST /api/user/info?'), calls.answers.get('GET /api/user/menu?')]);
        expect(fetchMock).toHaveBeenCalledTimes(2);
      });
    });

    it('sends nothing without a stored device id', async () => {
      window.history.replaceState(null, '', '/home');
      boot(config);
      expect(await sent()).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  it('shows the shell skeleton to a visitor with a session, asks for the credential at once and for the view with the entry', async () => {
    localStorage.setItem('token', 't');
    window.history.replaceState(null, '', '/system/user?current=2');
    // A chunk named by both the dictionary and the shell is asked for once.
    boot({ ...config, shell: { js: ['/assets/shell.js', '/assets/full-zh.js'], css: ['/assets/shell.css'] } });
    expect(document.querySelector('#prerender [data-view]')!.getAttribute('data-view')).toBe('shell');
    expect(fetchMock).toHaveBeenCalledWith('/api/client-config', { credentials: 'omit' });
    expect((window as { __atriumClientConfig?: unknown }).__atriumClientConfig).toBeInstanceOf(Promise);
    expect(preloads('modulepreload')).toEqual([]);
    await started();
    expect(preloads('modulepreload')).toEqual(['/assets/core-zh.js', '/assets/full-zh.js', '/assets/shell.js', '/assets/charts.js']);
    expect(preloads('stylesheet')).toEqual(['/assets/index.css', '/assets/shell.css', '/assets/system-user.css']);
  });

  it('shows the sign-in page at /login even with a session, and on any page without one', () => {
    localStorage.setItem('token', 't');
    boot(config);
    expect(document.querySelector('#prerender [data-view]')!.getAttribute('data-view')).toBe('login');
    document.body.innerHTML = `<div id="root"></div><div id="prerender">${views}</div>`;
    localStorage.removeItem('token');
    window.history.replaceState(null, '', '/home');
    boot(config);
    expect(document.querySelector('#prerender [data-view]')!.getAttribute('data-view')).toBe('login');
  });

  it('shows the remembered username and "remember me" in the sign-in form, as the console will', () => {
    localStorage.setItem('login-config', JSON.stringify({ rememberMe: false, username: 'alice' }));
    boot(config);
    expect(document.querySelector<HTMLInputElement>('#prerender input[name=username]')!.value).toBe('alice');
    expect(document.querySelector<HTMLInputElement>('#prerender input[name=rememberMe]')!.checked).toBe(false);
  });

  it('leaves the sign-in form as rendered when nothing or something unreadable is remembered', () => {
    for (const stored of [null, '{not json', '"alice"', JSON.stringify({ username: 7, rememberMe: 'yes' })]) {
      document.body.innerHTML = `<div id="root"></div><div id="prerender">${views}</div>`;
      localStorage.clear();
      if (stored !== null) localStorage.setItem('login-config', stored);
      boot(config);
      expect(document.querySelector<HTMLInputElement>('#prerender input[name=username]')!.value).toBe('');
      expect(document.querySelector<HTMLInputElement>('#prerender input[name=rememberMe]')!.checked).toBe(true);
    }
  });

  it('never lets the browser send the pre-rendered form, and notes the submit for the console', () => {
    boot(config);
    const form = document.querySelector('#prerender form')!;
    const event = new Event('submit', { cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(document.getElementById('prerender')!.hasAttribute('data-submitted')).toBe(true);
  });

  it('starts the console (its entry module) once', async () => {
    // The earlier tests' boots start theirs first.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    document.head.innerHTML = '';
    boot(config);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const scripts = [...document.head.querySelectorAll<HTMLScriptElement>('script[type=module]')];
    expect(scripts.map((s) => new URL(s.src).pathname)).toEqual(['/assets/index.js']);
  });

  it('notes clicks on controls with an id or a test id, but not the submit button', () => {
    document.body.innerHTML = `<div id="root"></div><div id="prerender"><div data-view="login" data-locale="zh-CN" hidden><form><button type="button" id="tab-phone"><span>phone</span></button><a data-testid="help">help</a><button type="submit" id="go">go</button></form></div></div>`;
    boot(config);
    (document.querySelector('#tab-phone span') as HTMLElement).click();
    (document.querySelector('[data-testid=help]') as HTMLElement).click();
    (document.getElementById('go') as HTMLElement).click();
    expect((document.getElementById('prerender') as unknown as { clicks: string[] }).clicks).toEqual(['#tab-phone', '[data-testid="help"]']);
    expect(document.getElementById('prerender')!.hasAttribute('data-submitted')).toBe(true);
  });

  it('still works, in the default language, when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    boot(config);
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.querySelector('#prerender [data-view]')!.getAttribute('data-view')).toBe('login');
    vi.restoreAllMocks();
  });
});

// Decision 049: the script after a page the server drew puts it in the skeleton's outline once its
// stylesheets have come, when the reader would see the same from the console.
describe('placing the page the server drew', () => {
  const place = { elementId: 'pre-drawn', minWidth: 992 };
  const documentWith = (locale = 'zh-CN', root = '') => {
    document.head.innerHTML = '';
    document.documentElement.lang = 'zh-CN';
    delete (window as { __atriumAfterFirstPaint?: unknown }).__atriumAfterFirstPaint;
    delete (window as { __atriumRequestView?: unknown }).__atriumRequestView;
    document.body.innerHTML = `<div id="root">${root}</div><div id="prerender"><div data-view="shell" data-locale="zh-CN"><div class="pre-page"><span class="pre-sr">loading</span><div class="pre-card"></div></div></div></div><div id="pre-drawn" data-locale="${locale}" data-css="/assets/index.css /assets/page.css" hidden><h5>drawn</h5></div>`;
  };
  const width = (px: number) => vi.spyOn(document.body, 'clientWidth', 'get').mockReturnValue(px);
  const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')];
  const placed = () => [...document.querySelector('#prerender .pre-page')!.children].map((c) => c.id);
  afterEach(() => vi.restoreAllMocks());

  it("links its stylesheets without holding the skeleton's paint, and takes the outline's place once they have come", () => {
    documentWith();
    width(1440);
    placeDrawn(place);
    // Linked by the script (not met by the parser), in the console's order; the skeleton shows meanwhile.
    expect(links().map((l) => l.getAttribute('href'))).toEqual(['/assets/index.css', '/assets/page.css']);
    expect(placed()).toEqual(['', '']);
    links()[1]!.dispatchEvent(new Event('load'));
    expect(placed()).toEqual(['', '']);
    links()[0]!.dispatchEvent(new Event('load'));
    expect(placed()).toEqual(['pre-drawn']);
    expect(document.getElementById('pre-drawn')!.hidden).toBe(false);
    // The boot links none of them twice.
    window.history.replaceState(null, '', '/system/user');
    localStorage.setItem('token', 't');
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}'))));
    bootRequests({ ...config, css: ['/assets/index.css'], pages: { '/system/user': { js: [], css: ['/assets/page.css', '/assets/other.css'] } } });
    (window as { __atriumRequestView?: () => void }).__atriumRequestView!();
    expect(links().map((l) => l.getAttribute('href'))).toEqual(['/assets/index.css', '/assets/page.css', '/assets/shell.css', '/assets/other.css']);
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("waits for the skeleton's first frame: nothing linked, laid out or placed before it is shown", async () => {
    documentWith();
    const read = width(1440);
    document.documentElement.setAttribute('data-boot-view', 'shell');
    // The boot's script before it: the entry and what waits for the first frame start once it is shown
    // (here after a frame: jsdom reports no paint).
    bootView(config);
    placeDrawn(place);
    expect([links().length, read.mock.calls.length, placed()]).toEqual([0, 0, ['', '']]);
    await vi.waitFor(() => expect(links().map((l) => l.getAttribute('href'))).toEqual(['/assets/index.css', '/assets/page.css']), { timeout: 2000, interval: 10 });
    for (const link of links()) link.dispatchEvent(new Event('load'));
    expect(placed()).toEqual(['pre-drawn']);
    // A page drawn after the frame was shown starts at once.
    documentWith();
    (window as { __atriumAfterFirstPaint?: (then: () => void) => void }).__atriumAfterFirstPaint = (then) => then();
    placeDrawn(place);
    expect(links().length).toBe(2);
    document.documentElement.removeAttribute('data-boot-view');
  });

  it('is dropped, the skeleton left as it was, in another language, a narrow window, once the console has committed, or without its styles', () => {
    for (const [locale, px, root] of [['en-US', 1440, ''], ['zh-CN', 991, ''], ['zh-CN', 1440, '<div>shell</div>']] as const) {
      documentWith(locale, root);
      width(px);
      placeDrawn(place);
      expect([locale, px, root, document.getElementById('pre-drawn'), document.querySelectorAll('#prerender .pre-card').length]).toEqual([locale, px, root, null, 1]);
      vi.restoreAllMocks();
    }
    // Its styles came after the console had committed, or one of them did not come.
    for (const late of [true, false]) {
      documentWith();
      width(1440);
      placeDrawn(place);
      if (late) document.getElementById('root')!.innerHTML = '<div>shell</div>';
      links()[0]!.dispatchEvent(new Event('load'));
      links()[1]!.dispatchEvent(new Event(late ? 'load' : 'error'));
      expect([late, document.getElementById('pre-drawn'), document.querySelectorAll('#prerender .pre-card').length]).toEqual([late, null, 1]);
    }
  });
});
