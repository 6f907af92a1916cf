import { Tooltip, type TooltipProps } from '@arco-design/web-react';
import type { ReactNode } from 'react';

/**
 * Whether the main pointer can hover (a mouse, a trackpad). On a touch screen a tap raises a hover tooltip
 * that no pointer ever leaves, so it stays up over the page; there the control's own label is enough.
 */
const canHover = typeof window !== 'undefined' && window.matchMedia?.('(hover: hover)').matches !== false;

/** A tooltip for icon buttons that carry their name in `aria-label`: shown where the pointer hovers only. */
export function HoverTip(props: TooltipProps & { children: ReactNode }) {
  return canHover ? <Tooltip {...props} /> : <>{props.children}</>;
}
