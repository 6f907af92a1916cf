import { useCallback, useRef, type RefCallback } from 'react';

/**
 * Arco's sub-menu headers carry `aria-expanded` and `aria-controls` but no role, so inside the menu's
 * `role="menu"` they are neither a menu item nor allowed children (axe: aria-allowed-attr and
 * aria-required-children, both critical). A pop-up sub-menu passes its props to the header, an inline one
 * to a wrapper around header and items, so the roles are set on the rendered headers instead: each header
 * is a `menuitem` and an inline sub-menu's items a `group`. Sub-menus that mount later (a group the role
 * gains, the collapsed sider's pop-ups) are labelled as they appear.
 */
function label(root: HTMLElement): void {
  // A menu inside a Dropdown (the account menu) is drawn with Dropdown's prefix.
  for (const header of root.querySelectorAll('.arco-menu-inline-header, .arco-menu-pop-header, .arco-dropdown-menu-pop-header')) {
    if (header.getAttribute('role') !== 'menuitem') header.setAttribute('role', 'menuitem');
  }
  for (const items of root.querySelectorAll('.arco-menu-inline-content')) {
    if (items.getAttribute('role') !== 'group') items.setAttribute('role', 'group');
  }
}

/** A ref for an Arco `Menu` whose sub-menus should be announced as menu items. */
export function useSubMenuRoles(): RefCallback<HTMLDivElement> {
  const observer = useRef<MutationObserver | null>(null);
  return useCallback((root: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!root) return;
    label(root);
    // Only added nodes are watched: setting a role is an attribute change and cannot wake it again.
    observer.current = new MutationObserver(() => label(root));
    observer.current.observe(root, { childList: true, subtree: true });
  }, []);
}
