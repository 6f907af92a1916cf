import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DialogDrawer } from './dialog-drawer';
import { DialogModal } from './dialog-modal';

/** A page with a button that opens a modal holding a field; the modal closes on Cancel, OK, Esc and its close icon. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <DialogModal title="Change password" visible={open} onOk={() => setOpen(false)} onCancel={() => setOpen(false)} okText="OK" cancelText="Cancel" unmountOnExit>
        <label htmlFor="dm-name">Name</label>
        <input id="dm-name" />
      </DialogModal>
    </main>
  );
}

async function openFrom(opener: HTMLElement, name: string): Promise<HTMLElement> {
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name });
  expect(dialog.getAttribute('aria-modal')).toBe('true');
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}

const closers: [string, (dialog: HTMLElement) => void][] = [
  ['Esc', () => fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 })],
  ['Cancel', (dialog) => fireEvent.click(dialog.querySelector('.arco-modal-footer button')!)],
  ['OK', (dialog) => fireEvent.click([...dialog.querySelectorAll('.arco-modal-footer button')].at(-1)!)],
  ['the close icon', (dialog) => fireEvent.click(dialog.querySelector('[aria-label=Close]')!)],
];

describe('DialogModal', () => {
  it.each(closers)('gives the focus back to its opener when closed by %s, every time', async (_, close) => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    for (let round = 0; round < 2; round++) {
      const dialog = await openFrom(opener, 'Change password');
      close(dialog);
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });

  it('gives the focus to the page when its opener has gone', async () => {
    function Gone() {
      const [open, setOpen] = useState(false);
      const [gone, setGone] = useState(false);
      return (
        <main>
          {/* the row of a record the dialog deleted: its button goes, and nothing takes its place */}
          {!gone && (
            <button type="button" onClick={() => setOpen(true)}>
              Open
            </button>
          )}
          <DialogModal
            title="Gone"
            visible={open}
            onCancel={() => {
              setOpen(false);
              setGone(true);
            }}
            footer={null}
          >
            <input aria-label="Name" />
          </DialogModal>
        </main>
      );
    }
    render(<Gone />);
    await openFrom(screen.getByRole('button', { name: 'Open' }), 'Gone');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(document.activeElement?.tagName).toBe('MAIN'));
  });

  it('opened by a drawer\'s save as the drawer closes, gives the focus back to the drawer\'s opener', async () => {
    function Chain() {
      const [step, setStep] = useState<'none' | 'form' | 'password'>('none');
      return (
        <main>
          <button type="button" onClick={() => setStep('form')}>
            New user
          </button>
          <DialogDrawer title="New user" visible={step === 'form'} onCancel={() => setStep('none')} footer={null} unmountOnExit>
            <button type="button" onClick={() => setStep('password')}>
              Save
            </button>
          </DialogDrawer>
          <DialogModal title="One-time password" visible={step === 'password'} onCancel={() => setStep('none')} footer={null} unmountOnExit>
            <input aria-label="Password" />
          </DialogModal>
        </main>
      );
    }
    render(<Chain />);
    const opener = screen.getByRole('button', { name: 'New user' });
    const drawer = await openFrom(opener, 'New user');
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    const modal = await screen.findByRole('dialog', { name: 'One-time password' });
    // the drawer's closing leaves the focus in the modal
    await waitFor(() => expect(drawer.isConnected && drawer.contains(screen.queryByRole('button', { name: 'Save' }))).toBe(false));
    await new Promise((r) => setTimeout(r, 400));
    expect(modal.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
