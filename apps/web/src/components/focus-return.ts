import { useCallback, useEffect, useRef } from 'react';

/** Where the opener sits, to find its equivalent when the list draws its rows again: child indexes from its page's pane. */
interface OpenerPlace {
  pane: string | null;
  indexes: number[];
  tag: string;
  text: string;
}

function placeOf(el: HTMLElement): OpenerPlace {
  const root = el.closest<HTMLElement>('[data-tab-pane]');
  const indexes: number[] = [];
  for (let node: Element = el; node !== root && node.parentElement; node = node.parentElement) indexes.unshift([...node.parentElement.children].indexOf(node));
  return { pane: root?.dataset.tabPane ?? null, indexes, tag: el.tagName, text: el.textContent ?? '' };
}

function find(place: OpenerPlace): HTMLElement | null {
  const root = place.pane === null ? document.documentElement : [...document.querySelectorAll<HTMLElement>('[data-tab-pane]')].find((p) => p.dataset.tabPane === place.pane);
  let node: Element | undefined = root;
  for (const i of place.indexes) node = node?.children[i];
  return node instanceof HTMLElement && node.tagName === place.tag && node.textContent === place.text ? node : null;
}

/**
 * Where the focus goes when its opener is gone and nothing stands in its place (a confirmation's button
 * that closed with it, a row deleted, a button that changed into another): the page's main region, so
 * that the next Tab goes on from the page rather than from the top of the document.
 */
function fallback(): HTMLElement | null {
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return null;
  if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
  return main;
}

const nothingFocused = () => document.activeElement === document.body || document.activeElement === null;

/** What a dialog took as it opened: its opener, and the openers of dialogs that closed while it was open. */
interface Opened {
  opener: HTMLElement | null;
  place: OpenerPlace | null;
  /** A dialog that closed while this one was open (a form's drawer whose save opened this dialog): its opener, next in line. */
  before: Opened[];
}

/** The dialogs open now, each by the record its hook keeps. */
const openNow = new Set<{ current: Opened | null }>();

/** The last closed dialog's opener being followed to its new node (one at a time: the next dialog to open ends it). */
let following: MutationObserver | null = null;

/**
 * The focus of a modal dialog (drawer or modal) given back when it closes: whatever held it as the dialog
 * opened (the button clicked, the row's action) gets it back once the dialog has gone (`settleMs`: its
 * closing animation, until which its focus lock would take the focus back inside). A list that fetches
 * again once the dialog has closed draws its rows anew: the focus follows the opener to its equivalent
 * in the new row instead of falling to the page. A dialog that closes while another is open (a form
 * whose save shows a one-time password) leaves the focus to that one, which gives it back to the form's
 * opener when its own is gone; with no opener left, the focus goes to the page's main region.
 *
 * Returns `restore`, for the dialog's `afterClose` (it runs once: the timer and afterClose may both call it).
 */
export function useFocusReturn(visible: boolean, settleMs: number): () => void {
  const opened = useRef<Opened | null>(null);

  // Taken as the dialog opens, before it takes the focus.
  if (visible && !opened.current && typeof document !== 'undefined') {
    const active = document.activeElement;
    following?.disconnect();
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    opened.current = { opener, place: opener ? placeOf(opener) : null, before: [] };
  }
  useEffect(() => {
    if (!visible) return;
    openNow.add(opened);
    return () => void openNow.delete(opened);
  }, [visible]);
  const restore = useCallback(() => {
    const mine = opened.current;
    if (!mine) return;
    opened.current = null;
    const other = [...openNow].find((o) => o !== opened && o.current);
    if (other?.current) {
      other.current.before.push(mine);
      return;
    }
    const line = [mine, ...mine.before];
    let back: HTMLElement | null = null;
    let place: OpenerPlace | null = null;
    for (const o of line) {
      back = o.opener?.isConnected ? o.opener : o.place && find(o.place);
      if (back) {
        place = o.place;
        break;
      }
    }
    back ??= fallback();
    back?.focus({ preventScroll: true });
    if (back && place) {
      const follow = new MutationObserver(() => {
        if (nothingFocused()) find(place)?.focus({ preventScroll: true });
      });
      follow.observe(document.body, { childList: true, subtree: true });
      following = follow;
      setTimeout(() => follow.disconnect(), 2000);
    }
  }, []);
  // Arco calls afterClose only the first time a drawer that unmounts its content closes (the second time
  // its transition has lost the node and returns early): the focus goes back when the animation is over either way.
  useEffect(() => {
    if (visible) return;
    const timer = setTimeout(restore, settleMs);
    return () => clearTimeout(timer);
  }, [visible, restore, settleMs]);
  return restore;
}
