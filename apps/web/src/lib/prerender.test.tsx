import { render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawnOnScreen, useReleasePrerender, useTakeOverDrawn } from './prerender';

function Form({ onSubmit, remembered = '' }: { onSubmit: (values: { username: string; password: string }) => void; remembered?: string }) {
  const [username, setUsername] = useState(remembered);
  const [password, setPassword] = useState('');
  useReleasePrerender();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ username, password });
      }}
    >
      <input name="username" value={username} onChange={(e) => setUsername(e.target.value)} />
      <input name="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <input name="remember" type="checkbox" defaultChecked />
    </form>
  );
}

function prerendered(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root"></div><div id="prerender">${html}</div>`;
  return document.getElementById('root')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('taking over from the pre-rendered view', () => {
  it('removes it in the same commit, carrying over what was typed and the focus', () => {
    const container = prerendered('<form><input name="username"><input name="password" type="password"><input name="remember" type="checkbox" checked></form>');
    const typedUser = document.querySelector<HTMLInputElement>('#prerender input[name=username]')!;
    typedUser.value = 'admin';
    typedUser.focus();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />, { container });
    expect(document.getElementById('prerender')).toBeNull();
    const user = container.querySelector<HTMLInputElement>('input[name=username]')!;
    expect(user.value).toBe('admin');
    expect(container.querySelector<HTMLInputElement>('input[name=password]')!.value).toBe('');
    expect(container.querySelector<HTMLInputElement>('input[name=remember]')!.checked).toBe(true);
    expect(document.activeElement).toBe(user);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a submit made there, once, with the typed values in the form state', async () => {
    const container = prerendered('<form><input name="username" value="admin"><input name="password" type="password" value="secret"></form>');
    document.getElementById('prerender')!.setAttribute('data-submitted', '');
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />, { container });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ username: 'admin', password: 'secret' });
  });

  it('keeps the caret or the selection of the focused field, so the next keystroke replaces what was selected', () => {
    const container = prerendered('<form><input name="username" value="user"><input name="password" type="password"></form>');
    const typedUser = document.querySelector<HTMLInputElement>('#prerender input[name=username]')!;
    typedUser.focus();
    typedUser.setSelectionRange(0, 4);
    render(<Form onSubmit={vi.fn()} remembered="user" />, { container });
    const user = container.querySelector<HTMLInputElement>('input[name=username]')!;
    expect(document.activeElement).toBe(user);
    expect([user.selectionStart, user.selectionEnd]).toEqual([0, 4]);
  });

  it('carries the focus of a field whose type has no selection (an e-mail address)', () => {
    const container = prerendered('<form><input name="email" type="email" value="a@b.c"></form>');
    document.querySelector<HTMLInputElement>('#prerender input[name=email]')!.focus();
    function Email() {
      const [email, setEmail] = useState('');
      useReleasePrerender();
      return <input name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />;
    }
    render(<Email />, { container });
    const email = container.querySelector<HTMLInputElement>('input[name=email]')!;
    expect(email.value).toBe('a@b.c');
    expect(document.activeElement).toBe(email);
  });

  it('carries over a field the reader emptied there', async () => {
    const container = prerendered('<form><input name="username"><input name="password" type="password"></form>');
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} remembered="user" />, { container });
    const user = container.querySelector<HTMLInputElement>('input[name=username]')!;
    expect(user.value).toBe('');
    user.form!.requestSubmit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ username: '', password: '' }));
  });

  it('carries over a box the reader ticked again there, whatever the page started with', async () => {
    const container = prerendered('<form><input name="remember" type="checkbox" checked></form>');
    const seen = vi.fn();
    function Remember() {
      const [remember, setRemember] = useState(false);
      useReleasePrerender();
      seen(remember);
      return <input name="remember" type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />;
    }
    render(<Remember />, { container });
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(true));
  });

  it('carries over a box the reader unticked there, with the console’s state following', async () => {
    const container = prerendered('<form><input name="remember" type="checkbox" checked></form>');
    document.querySelector<HTMLInputElement>('#prerender input[name=remember]')!.checked = false;
    const seen = vi.fn();
    function Remember() {
      const [remember, setRemember] = useState(true);
      useReleasePrerender();
      seen(remember);
      return <input name="remember" type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />;
    }
    render(<Remember />, { container });
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(false));
    expect(container.querySelector<HTMLInputElement>('input[name=remember]')!.checked).toBe(false);
  });

  it('repeats a click made there on the control of the same id', () => {
    const container = prerendered('<form><button type="button" id="tab-b">B</button></form>');
    (document.getElementById('prerender') as unknown as { clicks: string[] }).clicks = ['#tab-b'];
    const onTab = vi.fn();
    function Tabs() {
      useReleasePrerender();
      return (
        <button type="button" id="tab-b" onClick={onTab}>
          B
        </button>
      );
    }
    render(<Tabs />, { container });
    expect(onTab).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a pre-rendered view (development, tests)', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />, { container: document.getElementById('root')! });
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

// Decision 049: a page the server drew stays in front of the console's shell until the console's own page
// has its content.
describe('taking over from the page the server drew', () => {
  const drawn = (path = '/workplace') => prerendered(`<div class="pre-page"><div id="pre-drawn" data-locale="zh-CN" data-path="${path}"><h5>drawn</h5></div></div>`);
  function Shell({ pathname, ready }: { pathname: string; ready: boolean }) {
    useReleasePrerender(pathname);
    return <Page ready={ready} />;
  }
  function Page({ ready }: { ready: boolean }) {
    useTakeOverDrawn(ready);
    return <h5>{ready ? 'console' : 'loading'}</h5>;
  }
  afterEach(() => vi.useRealTimers());

  it('keeps the drawn page in front, the shell behind it, until the page has its content, then swaps them in one commit', () => {
    const container = drawn();
    const { rerender } = render(<Shell pathname="/workplace" ready={false} />, { container });
    expect(document.getElementById('pre-drawn')).not.toBeNull();
    expect(container.hasAttribute('data-behind-drawn')).toBe(true);
    expect(drawnOnScreen()).toBe(true);
    rerender(<Shell pathname="/workplace" ready />);
    expect(document.getElementById('prerender')).toBeNull();
    expect(container.hasAttribute('data-behind-drawn')).toBe(false);
    expect(container.textContent).toBe('console');
    expect(drawnOnScreen()).toBe(false);
  });

  it('lets it go at once when the page committed is another (the sign-in page), when the reader goes elsewhere, or after a while', () => {
    render(<Shell pathname="/login" ready={false} />, { container: drawn() });
    expect(document.getElementById('prerender')).toBeNull();

    const { rerender } = render(<Shell pathname="/workplace" ready={false} />, { container: drawn() });
    expect(document.getElementById('prerender')).not.toBeNull();
    rerender(<Shell pathname="/list/search-table" ready={false} />);
    expect(document.getElementById('prerender')).toBeNull();

    vi.useFakeTimers();
    const container = drawn();
    render(<Shell pathname="/workplace" ready={false} />, { container });
    vi.advanceTimersByTime(4900);
    expect(document.getElementById('prerender')).not.toBeNull();
    vi.advanceTimersByTime(200);
    expect(document.getElementById('prerender')).toBeNull();
    expect(container.hasAttribute('data-behind-drawn')).toBe(false);
  });

  it('is taken over in the first commit when the page has its content at once', () => {
    const container = drawn();
    render(<Shell pathname="/workplace" ready />, { container });
    expect(document.getElementById('prerender')).toBeNull();
    expect(container.hasAttribute('data-behind-drawn')).toBe(false);
  });
});
