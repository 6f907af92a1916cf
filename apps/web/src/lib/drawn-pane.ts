/**
 * The page host's drawn pane (decision 051; lib/drawn-navigation.ts asks the server for the page): what it
 * shows and until when. Kept apart from the request, which needs the API client: the console's first view
 * (lib/prerender.ts, the page host) reads and ends a drawing without loading it.
 */

/** However the console's page fares, the drawn one goes after this long. */
const HOLD_LIMIT_MS = 5000;

export interface Drawing {
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
export function endDrawing(drawing: Drawing | null = current): void {
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

/**
 * What Arco Table adds to a table's classes once it is laid out in the browser, and a server cannot draw:
 * that it has fixed columns (`arco-table-has-fixed-col-*`), and where it is scrolled to, which shows their
 * shadows: a table wider than its frame at its start (the shadow at its right edge, and on a fixed right
 * column), one with fixed columns that fits at both ends. Read off the drawn table as it is about to show
 * (one layout, which its frame needs anyway).
 */
function markTables(root: HTMLElement): void {
  for (const table of root.querySelectorAll<HTMLElement>('.arco-table')) {
    const fixed = (['left', 'right'] as const).filter((side) => table.querySelector(`.arco-table-col-fixed-${side}`));
    for (const side of fixed) table.classList.add(`arco-table-has-fixed-col-${side}`);
    const frame = table.querySelector<HTMLElement>('.arco-table-body') ?? table.querySelector<HTMLElement>('.arco-table-content-inner');
    const content = frame?.firstElementChild;
    if (!frame || !content) continue;
    if (content.getBoundingClientRect().width > frame.getBoundingClientRect().width + 1) table.classList.add('arco-table-scroll-position-left');
    else if (fixed.length > 0) table.classList.add('arco-table-scroll-position-both');
  }
}

/** Shows the drawn page for `drawing`, unless it is over or another has begun. */
export function showDrawing(drawing: Drawing, html: string): void {
  if (drawing.over || current !== drawing || !pane) return;
  pane.innerHTML = html;
  pane.hidden = false;
  markTables(pane);
  drawing.timer = setTimeout(() => endDrawing(drawing), HOLD_LIMIT_MS);
}

/**
 * A drawing of the page at `path` begins (any other ends): null while no page host is mounted or when the
 * page is open in a tab (its pane beside the drawn one shows it at once).
 */
export function beginDrawing(path: string): Drawing | null {
  if (!pane || Array.from(pane.parentElement?.querySelectorAll('[data-tab-pane]') ?? []).some((tab) => tab.getAttribute('data-tab-pane') === path)) return null;
  endDrawing();
  current = { path, over: false, drop: () => undefined };
  return current;
}

/** The router's address changed: a drawing for another page ends (the reader went elsewhere). */
export function leaveDrawing(pathname: string): void {
  if (current && current.path !== pathname) endDrawing();
}

/** The console's page at `path` has committed with its content: the drawn one goes in this frame, or is never shown. */
export function takeOverDrawing(path: string): void {
  if (current?.path === path) endDrawing();
}

