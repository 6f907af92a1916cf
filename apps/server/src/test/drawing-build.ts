import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DRAWN_MARK, FIRST_VIEW_MARK, SIGNED_IN_DOCUMENTS, type FirstViewManifest } from '@atrium/contracts/client-config';

// A console build whose renderer of drawn pages (decisions 049 and 051) is a stand-in (the console's own is
// looked at in the browser suites), for the server's suites of the pages it draws.

const manifest: FirstViewManifest = {
  locales: ['zh-CN', 'en-US'],
  defaultLocale: 'zh-CN',
  css: ['/assets/index-1.css'],
  dictionaries: { 'zh-CN': ['/assets/texts-zh-1.js'], 'en-US': ['/assets/texts-en-1.js'] },
  shell: { js: ['/assets/first-shell-1.js'], css: ['/assets/first-shell-1.css'] },
  pages: {
    '/workplace': { js: ['/assets/first-page-1.js'], css: ['/assets/first-page-1.css'] },
    '/': { js: ['/assets/first-page-1.js'], css: ['/assets/first-page-1.css'] },
    '/list/search-table': { js: ['/assets/first-page-2.js'], css: ['/assets/first-page-2.css'] },
  },
};

export const PLACE = 'placeDrawn()';
const document = (locale: string) =>
  `<!doctype html><html lang="${locale}" data-signed-in><head><meta charset="UTF-8" /><script>boot()</script>${FIRST_VIEW_MARK}</head><body><div id="root"></div><div id="prerender"><div class="pre-page"></div></div><script>view()</script>\n    ${DRAWN_MARK}<script>${PLACE}</script>\n  </body></html>`;

// The renderer's stand-in: the landing page's calls as the console's renderer declares them, drawn as the
// user's name and a figure of the overview, in the language asked for; and the search table, drawn only as
// the console goes to it (decision 051), as its rows' names.
const renderer = `
const session = [
  { method: 'POST', path: '/api/user/info', query: '' },
  { method: 'GET', path: '/api/user/menu', query: '' },
];
const calls = [
  ...session,
  { method: 'GET', path: '/api/workplace/overview', query: '' },
  { method: 'GET', path: '/api/popular/list', query: 'type=text' },
];
export async function ready() {}
export function pages() {
  const page = { path: '/workplace', permission: 'workplace:view', calls, document: true, navigation: false };
  const table = { path: '/list/search-table', permission: 'collection:read', calls: [session[0], { method: 'GET', path: '/api/list/policy', query: 'pageSize=10&current=1' }], document: false, navigation: true };
  return { '/workplace': page, '/': page, '/list/search-table': table };
}
export function render(path, locale, answers) {
  if (globalThis.drawnRendererThrows) throw new Error('the renderer broke');
  if (path === '/list/search-table') return '<table data-test-drawn="' + locale + '">' + answers['GET /api/list/policy?current=1&pageSize=10'].body.data.list.map((row) => '<tr><td>' + row.name + '</td></tr>').join('') + '</table>';
  const user = answers['POST /api/user/info?'].body.data;
  const overview = answers['GET /api/workplace/overview?'].body.data;
  const popular = answers['GET /api/popular/list?type=text'].body.data;
  return '<p data-test-drawn="' + locale + '">' + user.name + ' (' + user.username + ') ' + overview.putIn + ' ' + popular.length + '</p>';
}
`;

/** A build in a new temporary directory (the caller removes it): documents, first-view.json and the stand-in renderer. */
export function drawingBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'atrium-dist-'));
  mkdirSync(join(dist, SIGNED_IN_DOCUMENTS, 'render'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="zh-CN"><head></head><body><div id="root"></div><div id="prerender" data-test-view="every"></div></body></html>');
  for (const locale of manifest.locales) writeFileSync(join(dist, SIGNED_IN_DOCUMENTS, `shell.${locale}.html`), document(locale));
  writeFileSync(join(dist, SIGNED_IN_DOCUMENTS, 'first-view.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, SIGNED_IN_DOCUMENTS, 'render', 'render-1a2b.mjs'), renderer);
  writeFileSync(join(dist, SIGNED_IN_DOCUMENTS, 'render', 'renderer.json'), JSON.stringify({ entry: 'render-1a2b.mjs' }));
  return dist;
}
