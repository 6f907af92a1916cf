/**
 * Where the navbar's pop-ups (the account menu and its sub-menu, the messages, the page search's hits) are
 * drawn: inside the navbar, which is fixed, so that they stay under what opened them while the page
 * scrolls. In `body`, Arco's default, they moved with the document and, once it had scrolled, lay over the
 * navbar and the avatar that opened them. Outside the navbar (the page search in the phone's menu drawer)
 * the default.
 */
export function navbarPopupContainer(node: HTMLElement): HTMLElement {
  return node.closest<HTMLElement>('header') ?? document.body;
}
