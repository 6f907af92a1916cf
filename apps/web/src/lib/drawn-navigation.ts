import { call, endpoints } from './api';
import { adoptDrawnAnswers, type SentFirstCalls } from './api/first-calls';
import { MOBILE_BREAKPOINT } from './breakpoints';
import { beginDrawing, endDrawing, showDrawing } from './drawn-pane';
import { getLocale } from './i18n';
import { getToken } from './token';

/**
 * A page drawn by the server as the console goes to it (decision 051). When a navigation starts towards a
 * page the server draws (a slice's `drawnOnNavigation`, at its bare address, not open in a tab yet), the
 * console asks for it (`/api/user/drawn-page`): its markup, read and drawn as this session, and the answers
 * it was drawn from. The page's own calls wait for those answers and adopt them instead of asking again;
 * the markup is shown in the page host's drawn pane (PageHost, lib/drawn-pane.ts) in place of the pages,
 * unusable (`inert`), until the console's page has committed with its content (useTakeOverDrawn), the
 * reader goes elsewhere, or 5 s have passed. A page drawn after the console's own already has its content
 * is not shown.
 */

/** A drawing that takes longer is not waited for: the page's calls are sent as without it. */
const DRAW_TIMEOUT_MS = 3000;

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
  const drawing = window.innerWidth < MOBILE_BREAKPOINT ? null : beginDrawing(path);
  if (!drawing) return Promise.resolve();
  const token = getToken();
  const locale = getLocale();
  const page = call(endpoints.auth.drawnPage, { query: { path } }, { silent: true, timeout: DRAW_TIMEOUT_MS, dedupe: false })
    .catch(() => null)
    .then(async (drawn) => {
      if (drawn?.path !== path) return endDrawing(drawing);
      showDrawing(drawing, drawn.html);
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

/**
 * Resolves once the next frame has been produced (a task after its animation frame callbacks), or after
 * 100 ms: a hidden tab produces none, and the page's calls wait for this.
 */
const afterNextFrame = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

