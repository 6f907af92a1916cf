import { call, endpoints } from './api';
import { adoptDrawnAnswers, type SentFirstCalls } from './api/first-calls';
import { MOBILE_BREAKPOINT } from './breakpoints';
import { getLocale } from './i18n';
import { getToken } from './token';

/**
 * A page drawn by the server as the console goes to it (decision 051). When a navigation starts towards a
 * page the server draws (a slice's `drawnOnNavigation`, at its bare address, not open in a tab yet), the
 * console asks for it (`/api/user/drawn-page`): its markup, read and drawn as this session, and the answers
 * it was drawn from. The page's own calls wait for those answers and adopt them instead of asking again;
 * the markup is shown in the page host's drawn pane (PageHost) in place of the pages, unusable (`inert`),
 * until the console's page has committed with its content (useTakeOverDrawn), the reader goes elsewhere,
 * or HOLD_LIMIT_MS have passed. A page drawn after the console's own already has its content is not shown.
 */

/** However the console's page fares, the drawn one goes after this long. */
const HOLD_LIMIT_MS = 5000;
/** A drawing that takes longer is not waited for: the page's calls are sent as without it. */
const DRAW_TIMEOUT_MS = 3000;

interface Drawing {
  path: string;
  /** The console's page has its content, or the drawing was given up: nothing more is shown. */
  over: boolean;
  drop: () => void;
  timer?: ReturnType<typeof setTimeout>;
}

/** The page host's drawn pane while the host is mounted. */
let pane: HTMLElement | null = null;
let current: Drawing | null = null;

/** PageHost's drawn pane, or null as the host unmounts (which ends any drawing). */
export function setDrawnPane(element: HTMLElement | null): void {
  if (!element) endDrawing();
  pane = element;
}

/** The drawing ends: the drawn page (if shown) goes in this frame, and its answers not adopted are dropped. */
function endDrawing(drawing: Drawing | null = current): void {
  if (!drawing) return;
  drawing.over = true;
  clearTimeout(drawing.timer);
  drawing.drop();
  if (current === drawing) {
    current = null;
    if (pane) {
      pane.hidden = true;
      pane.replaceChildren();
    }
  }
}

function show(drawing: Drawing, html: string): void {
  if (drawing.over || current !== drawing || !pane) return;
  pane.innerHTML = html;
  pane.setAttribute('data-path', drawing.path);
  pane.hidden = false;
  drawing.timer = setTimeout(() => endDrawing(drawing), HOLD_LIMIT_MS);
}

/** Whether the page at `path` is open in a tab (its pane beside the drawn one). */
const isOpen = (drawnPane: HTMLElement, path: string) =>
  Array.from(drawnPane.parentElement?.querySelectorAll('[data-tab-pane]') ?? []).some((tab) => tab.getAttribute('data-tab-pane') === path);

const answered = (answer: { status: number; body: unknown }) =>
  Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } }));

/**
 * Asks the server to draw the page at `path` as a navigation to it starts (app/guard-loader.ts, before the
 * page's data is asked for): only while the page host is mounted (the console is on screen) and the page
 * is not open in a tab already (it shows at once there). The caller checks the page is drawn on navigation,
 * at its bare address, and that its code (with its stylesheets) is here. Resolves once the drawn page is
 * on screen, or once it is known not to come.
 */
export function drawOnNavigation(path: string): Promise<void> {
  // The server draws the desktop's layout: a narrower window gets the console's page alone.
  if (!pane || window.innerWidth < MOBILE_BREAKPOINT || isOpen(pane, path)) return Promise.resolve();
  endDrawing();
  const token = getToken();
  const locale = getLocale();
  const drawing: Drawing = { path, over: false, drop: () => undefined };
  current = drawing;
  const page = call(endpoints.auth.drawnPage, { query: { path } }, { silent: true, timeout: DRAW_TIMEOUT_MS, dedupe: false })
    .catch(() => null)
    .then(async (drawn) => {
      if (drawn?.path !== path) return endDrawing(drawing);
      show(drawing, drawn.html);
      // The page's calls get their answers once the drawn page is on screen: rendering the console's page
      // with them (a hundred milliseconds of the main thread) would hold that frame back.
      await afterNextFrame();
      return drawn;
    });
  drawing.drop = adoptDrawnAnswers(
    page.then((drawn): SentFirstCalls | null => (drawn ? { token, locale, answers: new Map(Object.entries(drawn.answers).map(([key, answer]) => [key, answered(answer)])) } : null)),
  );
  return page.then(() => undefined);
}

/** Resolves once the next frame has been produced (a task after its animation frame callbacks). */
const afterNextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The router's address changed: a drawing for another page ends (the reader went elsewhere). */
export function leaveDrawing(pathname: string): void {
  if (current && current.path !== pathname) endDrawing();
}

/** The console's page at `path` has committed with its content: the drawn one goes in this frame, or is never shown. */
export function takeOverDrawing(path: string): void {
  if (current?.path === path) endDrawing();
}
