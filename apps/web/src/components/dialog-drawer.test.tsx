import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DialogDrawer } from './dialog-drawer';

/** A page with a button that opens a drawer holding a field; the drawer closes on its own Cancel and on Esc. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <DialogDrawer title="Edit product" visible={open} onCancel={() => setOpen(false)} footer={null} unmountOnExit>
        <label htmlFor="dd-name">Name</label>
        <input id="dd-name" />
      </DialogDrawer>
    </>
  );
}

describe('DialogDrawer', () => {
  it('is a modal dialog named by its title, closes on Esc and gives the focus back to its opener', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // the focus is in the dialog, not left on the page behind it
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('gives the focus back to the second opener too (Arco calls afterClose only on the first close)', async () => {
    function Rows() {
      const [row, setRow] = useState<string | null>(null);
      return (
        <>
          {['first', 'second'].map((name) => (
            <button key={name} type="button" onClick={() => setRow(name)}>
              Edit {name}
            </button>
          ))}
          <DialogDrawer title={`Edit ${row ?? ''}`} visible={row !== null} onCancel={() => setRow(null)} footer={null} unmountOnExit>
            <input aria-label="Name" />
          </DialogDrawer>
        </>
      );
    }
    render(<Rows />);
    for (const name of ['first', 'second']) {
      const opener = screen.getByRole('button', { name: `Edit ${name}` });
      opener.focus();
      fireEvent.click(opener);
      const dialog = await screen.findByRole('dialog', { name: `Edit ${name}` });
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });
});
