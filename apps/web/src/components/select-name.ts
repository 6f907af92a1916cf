import { useEffect, useRef } from 'react';

/** What Arco's Select and TreeSelect handles have at run time, though their types leave it out. */
type WithRoot = { getRootDOMNode?: () => HTMLElement | null };

/**
 * A ref for an Arco Select or TreeSelect that names it by its field's label. Both drop `aria-*` props, and
 * a Form.Item's <label> points at their box (a div), which a label cannot name; keyboard focus lands on
 * the search input inside, nameless but for its placeholder. Both get the label's text. The input is the
 * same element for the box's life, so once per label is enough.
 */
export function useSelectName<T>(label: string | undefined) {
  const ref = useRef<T & WithRoot>(null);
  useEffect(() => {
    if (!label) return;
    const root = ref.current?.getRootDOMNode?.();
    root?.setAttribute('aria-label', label);
    root?.querySelector('input')?.setAttribute('aria-label', label);
  }, [label]);
  return ref;
}
