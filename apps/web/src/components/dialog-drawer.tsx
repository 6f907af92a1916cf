import { Drawer, type DrawerProps } from '@arco-design/web-react';
import { useId, type ReactNode } from 'react';
import { useFocusReturn } from './focus-return';

type DialogDrawerProps = Omit<DrawerProps, 'title'> & { title: ReactNode };

/** Arco's drawer slides in and out in 300 ms. */
const SLIDE_MS = 320;

/**
 * A drawer that is a dialog to a screen reader as well as to the eye (Arco's Drawer renders neither a
 * role nor a name): `role="dialog"`, `aria-modal`, named by its title; focus moves into it when it opens
 * and stays inside while it is open (Tab wraps), goes back to the control that opened it when it closes (focus-return.ts),
 * and Esc closes it unless `escToExit` is false. Every drawer of the console is one of these.
 */
export function DialogDrawer({ title, visible, escToExit = true, afterClose, ...props }: DialogDrawerProps) {
  const titleId = useId();
  const restore = useFocusReturn(visible ?? false, SLIDE_MS);
  const giveBack = () => {
    restore();
    afterClose?.();
  };

  return (
    <Drawer
      {...props}
      visible={visible}
      escToExit={escToExit}
      afterClose={giveBack}
      title={<span id={titleId}>{title}</span>}
      // Focus moves to the drawer's first control once it has slid in, and Tab stays inside.
      focusLock
      autoFocus
      // Spread by Arco onto the drawer's outermost element (the mask's and the panel's parent); the
      // tabindex lets Arco move the focus in at once, before the panel's own focus lock takes over.
      {...{ role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId, tabIndex: -1 }}
    />
  );
}
