import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { OneTimePasswordModal } from './one-time-password-modal';

const grant = { username: 'alice', password: 'Xk4#pq9!Lm2z' };

// The toasts are observed, not shown (a shown one animates on after the test environment is gone).
const toast = { success: vi.spyOn(Message, 'success').mockImplementation(() => () => {}), error: vi.spyOn(Message, 'error').mockImplementation(() => () => {}) };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.success.mockClear();
  toast.error.mockClear();
  setLocale('zh-CN');
});

function stubClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(writeText) } });
  return navigator.clipboard.writeText as ReturnType<typeof vi.fn>;
}

describe('OneTimePasswordModal', () => {
  it('shows the password once with the warning, and copies it', async () => {
    setLocale('zh-CN');
    const writeText = stubClipboard(async () => {});
    render(<OneTimePasswordModal grant={grant} onClose={() => {}} />);

    expect(screen.getByTestId('one-time-password').textContent).toBe(grant.password);
    expect(screen.getByText('该密码只显示一次，请立即复制并安全地交给用户')).toBeTruthy();
    expect(screen.getByText(/alice/)).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制' })));
    expect(writeText).toHaveBeenCalledWith(grant.password);
    expect(screen.getByRole('button', { name: '已复制' })).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('密码已复制到剪贴板');
  });

  it('speaks English, and closes only through its button', async () => {
    setLocale('en-US');
    stubClipboard(async () => {});
    const onClose = vi.fn();
    render(<OneTimePasswordModal grant={grant} onClose={onClose} />);
    expect(screen.getByText('This password is shown only once. Copy it now and hand it over securely.')).toBeTruthy();
    // No close icon; Esc does nothing.
    expect(document.querySelector('.arco-modal-close-icon')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'I have copied it' })));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says so when the clipboard refuses, and still shows the password to select by hand', async () => {
    setLocale('zh-CN');
    stubClipboard(async () => {
      throw new Error('denied');
    });
    render(<OneTimePasswordModal grant={grant} onClose={() => {}} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制' })));
    expect(screen.queryByRole('button', { name: '已复制' })).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('复制失败，请手动选中密码复制');
    expect(screen.getByTestId('one-time-password').textContent).toBe(grant.password);
  });

  it('renders nothing without a password', () => {
    render(<OneTimePasswordModal grant={null} onClose={() => {}} />);
    expect(screen.queryByTestId('one-time-password')).toBeNull();
  });
});
