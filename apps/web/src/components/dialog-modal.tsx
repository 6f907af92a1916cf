// eslint-disable-next-line no-restricted-syntax -- the one place the console's modals come from
import { Modal, type ModalProps } from '@arco-design/web-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useFocusReturn } from './focus-return';

type DialogModalProps = Omit<ModalProps, 'title'> & { title: ReactNode; children?: ReactNode };

/** Arco's modal zooms in and out in 400 ms. */
const ZOOM_MS = 420;

/**
 * Arco's Modal as every modal dialog of the console: it is a dialog named by its title already
 * (`role="dialog"`, `aria-modal`, `aria-labelledby`), moves the focus in and keeps it there, and closes
 * on Esc unless `escToExit` is false; what it lacks is giving the focus back when it closes (its focus
 * lock has no `returnFocus`, and no option of Modal or ConfigProvider sets one). This gives it back to
 * the control that opened it once the modal has zoomed out, whichever way it closed (Cancel, OK, Esc,
 * the close icon), as DialogDrawer does (focus-return.ts). And Esc on a closed select closes the dialog too:
 * Arco's Select takes every Esc for its own list, open or not, so a dialog whose focus sits on one (the
 * first field, where the focus goes in) would not close by the keyboard.
 */
export function DialogModal({ visible, afterClose, children, ...props }: DialogModalProps) {
  const restore = useFocusReturn(visible ?? false, ZOOM_MS);
  const escape = (event: KeyboardEvent) => {
    if (props.escToExit !== false && event.key === 'Escape' && (event.target as Element).closest?.('[role=combobox][aria-expanded=false]')) props.onCancel?.();
  };
  return (
    <Modal
      {...props}
      visible={visible}
      afterClose={() => {
        restore();
        afterClose?.();
      }}
      focusLock
      autoFocus
    >
      <div onKeyDownCapture={escape}>{children}</div>
    </Modal>
  );
}
