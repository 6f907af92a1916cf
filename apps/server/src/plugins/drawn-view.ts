import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DRAWN_ANSWERS_ELEMENT_ID, DRAWN_ELEMENT_ID, DRAWN_RENDERER_MANIFEST, SIGNED_IN_DOCUMENTS } from '@atrium/contracts/client-config';
import { canonicalQuery } from '@atrium/contracts/signing';
import type { FastifyInstance } from 'fastify';
import type { DocumentSession } from '../sessions/document-cookie.ts';
import { liveSession } from '../sessions/resolve-session.ts';
import { VIEW_TICKET_HEADER } from '../sessions/view-tickets.ts';
import { DrawingAllowance } from './drawing-allowance.ts';

// The signed-in page drawn by the server with its data (decision 049). The console's build writes a renderer
// (signed-in/render/render-<hash>.mjs, named in renderer.json; from apps/web/src/prerender/entry-drawn.tsx) over the console's own
// components; for a live document cookie, the page's declared first calls are read through the API itself,
// in-process, as that session (sessions/view-tickets.ts), and the page is drawn from their answers. The
// answers go into the document too, so the console adopts them instead of asking again.

/** A call the renderer declares: method, path and raw query (as the console's first calls). */
interface DrawnCall {
  method: string;
  path: string;
  query: string;
}

interface DrawnPage {
  /** The route's own path (the landing page's for `/`). */
  path: string;
  permission?: string;
  calls: DrawnCall[];
  /** Drawn into the signed-in document (decision 049). */
  document: boolean;
  /** Drawn when the console goes to it (decision 051). */
  navigation: boolean;
}

/** One answer as it goes into the document and to the renderer. */
interface DrawnAnswer {
  status: number;
  body: unknown;
}

/** What the renderer exports. */
interface Renderer {
  ready(): Promise<void>;
  pages(): Record<string, DrawnPage>;
  render(path: string, locale: string, answers: Record<string, DrawnAnswer>): string | null;
}

/** When a page is drawn: into the signed-in document, or as the console goes to it. */
export type DrawnFor = 'document' | 'navigation';

/** The renderer's page at an address path (an own key only: `constructor` is no page). */
const pageAt = (renderer: Renderer | undefined, path: string) => (renderer && Object.hasOwn(renderer.pages(), path) ? renderer.pages()[path] : undefined);

const drawnFor = (page: DrawnPage, when: DrawnFor) => (when === 'document' ? page.document : page.navigation);

/** A page drawn for a request: its route's path, its markup, the answers it was drawn from, when they were read, and for whom. */
export interface Drawn {
  path: string;
  html: string;
  answers: Record<string, DrawnAnswer>;
  date: string;
  /** The start of the session's token's hash: the console adopts the answers only with that session's token. */
  token: string;
}

/** 64 bits of the token's hash name the session well enough, and tell nothing of the token. */
const TOKEN_PREFIX = 16;

/** The console's key of a call (apps/web/src/lib/api/first-calls.ts, firstCallKey). */
const callKey = (call: DrawnCall) => `${call.method} ${call.path}?${canonicalQuery(call.query)}`;
const callUrl = (call: DrawnCall) => (call.query ? `${call.path}?${call.query}` : call.path);

/** `<` escaped: nothing in a data block can close its element. */
const dataBlock = (id: string, value: unknown) => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The drawn page's part of the document: the page, hidden until the build's script has its stylesheets
 * (`data-css`: linked by the script, as a link the parser met would hold the skeleton's first paint back)
 * and puts it in the skeleton's place; then its answers.
 */
export function drawnMarkup(drawn: Drawn, locale: string, stylesheets: readonly string[]): string {
  const css = stylesheets.filter((href) => !/\s/.test(href)).join(' ');
  const page = `<div id="${DRAWN_ELEMENT_ID}" data-locale="${attribute(locale)}" data-path="${attribute(drawn.path)}" data-css="${attribute(css)}" hidden>${drawn.html}</div>`;
  return page + dataBlock(DRAWN_ANSWERS_ELEMENT_ID, { answers: drawn.answers, date: drawn.date, token: drawn.token });
}

/** A build's renderer: loading, loaded, or failed (undefined). */
interface Loaded {
  key: string;
  renderer: Renderer | undefined | 'loading';
}

/**
 * The pages the build in `webDist` draws. Its renderer is loaded once per build (its renderer.json) when a
 * signed-in document first asks for it, not at start: a process nobody signs in to does not hold it (about
 * 26 MB). Until it has loaded, documents carry the skeleton alone, as without a renderer.
 */
export class DrawnViews {
  #loaded: Loaded | undefined;
  readonly #allowance: DrawingAllowance;
  readonly #tally = { drawn: 0, failed: 0 };

  constructor(
    private readonly app: FastifyInstance,
    private readonly root: string,
  ) {
    this.#allowance = new DrawingAllowance(app.config.drawing, () => app.now());
  }

  /** The build's renderer once loaded; undefined while it loads (asked for now), or when the build has none. */
  async #renderer(): Promise<Renderer | undefined> {
    const dir = join(this.root, SIGNED_IN_DOCUMENTS, 'render');
    let key: string;
    try {
      key = (JSON.parse(await readFile(join(dir, DRAWN_RENDERER_MANIFEST), 'utf8')) as { entry: string }).entry;
    } catch {
      return undefined;
    }
    if (this.#loaded?.key !== key) {
      const slot: Loaded = { key, renderer: 'loading' };
      this.#loaded = slot;
      // Its name is hashed: a new build's renderer is a new module (and the old one is no longer asked for).
      (import(pathToFileURL(join(dir, key)).href) as Promise<Renderer>)
        .then(async (module) => {
          await module.ready();
          slot.renderer = module;
        })
        .catch((error: unknown) => {
          slot.renderer = undefined;
          this.app.log.error({ err: error }, 'the drawn pages renderer did not load: signed-in documents carry the skeleton only');
        });
    }
    const { renderer } = this.#loaded;
    return renderer === 'loading' ? undefined : renderer;
  }

  /**
   * Pages drawn since the start, and those that were not for a cause an operator watches: shed past a
   * session's minute (`shed_session`) or the process's room (`shed_busy`), or the renderer failing (`failed`).
   * A page not drawn because it is none of the session's is not counted.
   */
  outcomes(): Record<'drawn' | 'shed_session' | 'shed_busy' | 'failed', number> {
    const { shed } = this.#allowance;
    return { drawn: this.#tally.drawn, shed_session: shed.session, shed_busy: shed.busy, failed: this.#tally.failed };
  }

  /** Whether the build draws the page at this address path into the signed-in document. */
  async draws(path: string): Promise<boolean> {
    const page = pageAt(await this.#renderer(), path);
    return page !== undefined && drawnFor(page, 'document');
  }

  /**
   * The page at `path` drawn for the session in `locale` (the document cookie's, or a console call's as it
   * goes to the page: `when`), or undefined: no such page drawn then, a session that is no longer live, a
   * role without the page's permission, an account held to a forced step, a call that did not answer 200, a
   * database that does not answer, a renderer that fails (logged), a drawing shed (a session past its
   * minute's count, or the process drawing as many as it takes on at once: drawing-allowance.ts). Its reads
   * run through the API's own pipeline as that session, with a ticket that opens only them and is revoked
   * once they have answered.
   */
  async draw(session: DocumentSession, path: string, locale: string, when: DrawnFor = 'document'): Promise<Drawn | undefined> {
    const renderer = await this.#renderer();
    const page = pageAt(renderer, path);
    if (!renderer || !page || !drawnFor(page, when)) return undefined;
    const done = this.#allowance.take(session.sessionId);
    if (!done) return undefined;
    try {
      const drawn = await this.#drawPage(renderer, page, session, path, locale);
      if (drawn) this.#tally.drawn += 1;
      return drawn;
    } finally {
      done();
    }
  }

  async #drawPage(renderer: Renderer, page: DrawnPage, session: DocumentSession, path: string, locale: string): Promise<Drawn | undefined> {
    const { app } = this;
    // The role's permission first: a page it may not open is not drawn, and no refusal is audited for it.
    const caller = await liveSession(app.db, app.config, session.found, app.now(), () => null);
    if (page.permission !== undefined && !caller.permissions.has(page.permission)) return undefined;
    // Touched once above (at most): the reads below find it seen now.
    const seen = { ...session, found: { ...session.found, lastSeenAt: app.now() } };
    const ticket = app.viewTickets.issue(
      seen,
      page.calls.map((call) => `${call.method} ${callUrl(call)}`),
    );
    let read: [string, DrawnAnswer][];
    try {
      read = await Promise.all(
        page.calls.map(async (call): Promise<[string, DrawnAnswer]> => {
          const res = await app.inject({ method: call.method as 'GET' | 'POST', url: callUrl(call), headers: { [VIEW_TICKET_HEADER]: ticket, 'accept-language': locale } });
          return [callKey(call), { status: res.statusCode, body: res.statusCode === 200 ? res.json() : null }];
        }),
      );
    } finally {
      app.viewTickets.revoke(ticket);
    }
    if (read.some(([, answer]) => answer.status !== 200)) return undefined;
    const answers = Object.fromEntries(read);
    let html: string | null;
    try {
      html = renderer.render(path, locale, answers);
    } catch (error) {
      // The build's own code failing on these answers: the console draws its page itself, the log says why.
      app.log.error({ err: error, path }, 'drawn page not drawn: the renderer failed');
      this.#tally.failed += 1;
      return undefined;
    }
    return html === null ? undefined : { path: page.path, html, answers, date: app.now().toUTCString(), token: session.tokenHash.slice(0, TOKEN_PREFIX) };
  }
}
