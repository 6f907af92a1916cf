import { DRAWN_ELEMENT_ID } from '@atrium/contracts/client-config';
import { useLayoutEffect, useRef } from 'react';
import { takeOverDrawing } from './drawn-pane';

function inputNamed(scope: Element | null, name: string): HTMLInputElement | undefined {
  return scope ? Array.from(scope.querySelectorAll('input')).find((input) => input.name === name) : undefined;
}

/** Sets a field's value the way typing does, so the console's form state follows. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

type Selection = [start: number, end: number, direction: 'forward' | 'backward' | 'none'];

/** An input's selection; null for the types that have none (email, number...: their getters answer null). */
function selectionOf(input: HTMLInputElement): Selection | null {
  if (input.selectionStart === null || input.selectionEnd === null) return null;
  return [input.selectionStart, input.selectionEnd, input.selectionDirection ?? 'none'];
}

function restoreSelection(input: HTMLInputElement, [start, end, direction]: Selection): void {
  try {
    input.setSelectionRange(start, end, direction);
  } catch {
    // the console's field of that name is of a type without a selection (setSelectionRange throws)
  }
}

/**
 * index.html carries the first view pre-rendered (src/prerender/): it stays on screen, below the empty
 * React root, until the console's own first view commits. Then, in the same frame, it is removed, and
 * what the reader did there carries over to the console: clicks on controls with an id or a test id (a
 * tab), then the fields' text and boxes (by name), the focus with the caret or the selection, and a
 * submit (the boot script noted the clicks and the submit: the browser never sends that form itself).
 */
function releasePrerender(doc: Document = document): void {
  const pre = doc.getElementById('prerender');
  if (!pre) return;
  const root = doc.getElementById('root');
  const active = doc.activeElement;
  const focused = active instanceof HTMLInputElement && pre.contains(active) ? active : null;
  // Where the caret was, or what was selected: the next keystroke replaces a selection there too.
  const selection = focused ? selectionOf(focused) : null;
  const inputs = Array.from(pre.querySelectorAll('input')).filter((input) => input.name);
  const isBox = (input: HTMLInputElement) => input.type === 'checkbox' || input.type === 'radio';
  // Every field as the reader left it, an emptied one too (the boot script showed the remembered username).
  const typed = inputs.filter((input) => !isBox(input)).map((input) => [input.name, input.value] as const);
  // Boxes as the reader left them (a "remember me").
  const boxes = inputs.filter((input) => input.type === 'checkbox').map((input) => [input.name, input.checked] as const);
  const submitted = pre.hasAttribute('data-submitted');
  const clicks = (pre as unknown as { clicks?: string[] }).clicks ?? [];
  pre.remove();
  for (const selector of clicks) {
    try {
      root?.querySelector<HTMLElement>(selector)?.click();
    } catch {
      // a selector the document does not accept: that click is lost
    }
  }
  for (const [name, value] of typed) {
    const target = inputNamed(root, name);
    if (target && target.value !== value) typeInto(target, value);
  }
  for (const [name, checked] of boxes) {
    const target = inputNamed(root, name);
    // A click, so the console's state follows as it does for a tick of its own.
    if (target && target.checked !== checked) target.click();
  }
  const focusTarget = focused?.name ? inputNamed(root, focused.name) : undefined;
  if (focusTarget) {
    focusTarget.focus();
    if (selection && focusTarget.value === focused!.value) restoreSelection(focusTarget, selection);
  }
  if (submitted) {
    const form = root?.querySelector('form');
    // After the typed values are in the form's state.
    if (form) setTimeout(() => form.requestSubmit(), 0);
  }
}

/** The address of the page the server drew, when it is on screen in the skeleton's place (decision 049; prerender/boot.ts, placeDrawn). */
function drawnPath(): string | null {
  if (typeof document === 'undefined') return null;
  const drawn = document.getElementById(DRAWN_ELEMENT_ID);
  return drawn?.closest('#prerender') ? drawn.getAttribute('data-path') : null;
}

/** Whether a page the server drew is on screen in the skeleton's place. */
export function drawnOnScreen(): boolean {
  return drawnPath() !== null;
}

/** However the console's page fares, the drawn one goes after this long (a page that never gets its data). */
const HOLD_LIMIT_MS = 5000;
let held: ReturnType<typeof setTimeout> | undefined;

/** The console's view is shown, and the pre-rendered one goes, in this frame. */
function takeOver(): void {
  clearTimeout(held);
  held = undefined;
  document.getElementById('root')?.removeAttribute('data-behind-drawn');
  releasePrerender();
}

/**
 * Releases the pre-rendered view once the component's first render is on the page; when it holds the page
 * the server drew and that is the page committed, that stays in front of the console's shell (rendered, laid out, not shown) until the
 * console's own page has its content (useTakeOverDrawn), the reader goes to another address (`pathname`,
 * the router's), or HOLD_LIMIT_MS have passed.
 */
export function useReleasePrerender(pathname: string = location.pathname): void {
  const first = useRef(pathname);
  useLayoutEffect(() => {
    // Not the page drawn (the console went to the sign-in page, say): the drawn one goes as the skeleton would.
    if (drawnPath() !== first.current) return releasePrerender();
    document.getElementById('root')?.setAttribute('data-behind-drawn', '');
    held = setTimeout(takeOver, HOLD_LIMIT_MS);
  }, []);
  useLayoutEffect(() => {
    if (pathname !== first.current && held !== undefined) takeOver();
  }, [pathname]);
}

/**
 * For a page the server draws: once `ready` (the page has committed with its content), the console's page
 * takes the place of the one drawn into the document (decision 049) or as the console went to it (decision
 * 051, lib/drawn-navigation.ts), in this frame.
 */
export function useTakeOverDrawn(ready: boolean): void {
  useLayoutEffect(() => {
    if (!ready) return;
    if (drawnOnScreen()) takeOver();
    takeOverDrawing(location.pathname);
  }, [ready]);
}
