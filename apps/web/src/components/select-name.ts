import { useEffect, useRef } from 'react';

/** What Arco's Select and TreeSelect handles have at run time, though their types leave it out. */
type WithRoot = { getRootDOMNode?: () => HTMLElement | null };

/**
 * A ref for an Arco Select or TreeSelect that names it by its field's label. Both drop `aria-*` props, and
 * a Form.Item's <label> points at their box (a div), which a label cannot name; keyboard focus lands on
 * the search input inside, nameless but for its placeholder. Both get the label's text. The input is the
 * same element for the box's life, so once per label is enough.
 *
 * A searchable one also hides that input from a screen reader (`aria-hidden`) while a chosen value shows
 * in its place, though Tab still lands on it: a focus that announces nothing (axe: aria-hidden-focus). It
 * stays in the accessibility tree, named by the label, whenever it can take the focus.
 */
export function useSelectName<T>(label: string | undefined) {
  const ref = useRef<T & WithRoot>(null);
  useEffect(() => {
    if (!label) return;
    const root = ref.current?.getRootDOMNode?.();
    root?.setAttribute('aria-label', label);
    const input = root?.querySelector('input');
    if (!input) return;
    input.setAttribute('aria-label', label);
    const reveal = () => {
      if (input.tabIndex >= 0 && input.hasAttribute('aria-hidden')) input.removeAttribute('aria-hidden');
    };
    reveal();
    const observer = new MutationObserver(reveal);
    observer.observe(input, { attributes: true, attributeFilter: ['aria-hidden', 'tabindex'] });
    return () => observer.disconnect();
  }, [label]);
  return ref;
}
