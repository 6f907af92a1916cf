import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The core texts' chunk, held until a test lets it arrive. */
let arrive: () => void = () => undefined;
vi.mock('./i18n', () => ({
  getLocale: () => 'en-US',
  loadLocale: () => new Promise<void>((resolve) => (arrive = resolve)),
  t: (key: string) => `text of ${key}`,
}));
vi.mock('@arco-design/web-react', () => ({ Message: { warning: vi.fn(), error: vi.fn() } }));
vi.mock('./session-expired-modal', () => ({ showSessionExpiredModal: vi.fn() }));

const { Message } = await import('@arco-design/web-react');
const { showSessionExpiredModal } = await import('./session-expired-modal');
const { openSessionExpiredModal, toastError, warn } = await import('./feedback');

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.mocked(Message.warning).mockClear();
  vi.mocked(Message.error).mockClear();
  vi.mocked(showSessionExpiredModal).mockClear();
});

describe('messages whose cause can come before the texts', () => {
  it('a warning waits for the core texts and then shows them, not its key', async () => {
    const shown = warn('noPermission', 'app.noPermission');
    await settle();
    expect(Message.warning).not.toHaveBeenCalled();
    arrive();
    await shown;
    expect(Message.warning).toHaveBeenCalledWith({ id: 'noPermission', content: 'text of app.noPermission' });
  });

  it('the session-expired dialog waits for them too', async () => {
    openSessionExpiredModal(() => Promise.resolve());
    await settle();
    expect(showSessionExpiredModal).not.toHaveBeenCalled();
    arrive();
    await vi.waitFor(() => expect(showSessionExpiredModal).toHaveBeenCalledWith(expect.objectContaining({ title: 'text of app.sessionExpired.title', okText: 'text of app.sessionExpired.ok' })));
  });

  it('an error toast builds its text once they are here (a failure as the console starts)', async () => {
    let built = 0;
    const shown = toastError(() => `built ${++built}`);
    await settle();
    expect(built).toBe(0);
    expect(Message.error).not.toHaveBeenCalled();
    arrive();
    await shown;
    expect(Message.error).toHaveBeenCalledWith({ id: 'apiTips', content: 'built 1', duration: 3000 });
  });
});
