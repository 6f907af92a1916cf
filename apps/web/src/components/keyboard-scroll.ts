import { useEffect, type RefObject } from 'react';

/**
 * A table narrower than its columns scrolls sideways inside its card (a phone, a narrow window). With no
 * button or link in its rows, a keyboard user could not reach that scroll: the scrolling element becomes
 * a focusable, labelled region (arrow keys then scroll it). Re-checked after every render and resize.
 */
export function useKeyboardScroll(root: RefObject<HTMLElement | null>, label: string): void {
  useEffect(() => {
    const mark = () => {
      root.current?.querySelectorAll<HTMLElement>('.arco-table-content-inner, .arco-table-body').forEach((el) => {
        if (el.scrollWidth > el.clientWidth) {
          el.tabIndex = 0;
          el.setAttribute('role', 'region');
          el.setAttribute('aria-label', label);
        } else if (el.getAttribute('role') === 'region') {
          el.removeAttribute('tabindex');
          el.removeAttribute('role');
          el.removeAttribute('aria-label');
        }
      });
    };
    mark();
    window.addEventListener('resize', mark);
    return () => window.removeEventListener('resize', mark);
  });
}
