import { Message } from '@arco-design/web-react';
import { getLocale, loadLocale, t } from './i18n';

/** The one error toast id: a newer error replaces the older one. */
const API_TOAST_ID = 'apiTips';

/**
 * The current language's core texts, at once when they are here. A message whose cause can come before
 * them (an answer that left with the document, src/prerender/first-calls.ts) waits for them rather than
 * show its key; without them (their chunk failed), it shows what t() has.
 */
function whenTextsReady(): Promise<void> {
  return loadLocale(getLocale(), 'core').catch(() => undefined);
}

/**
 * The one error toast, replacing the one before. Its text is built once the core texts are here (the
 * network error's and the trace id's wording are theirs): a failure can come before them, as the console
 * starts.
 */
export async function toastError(text: () => string): Promise<void> {
  await whenTextsReady();
  Message.error({ id: API_TOAST_ID, content: text(), duration: 3000 });
}

/** A warning in the user's language, replacing any other of the same id. */
export async function warn(id: string, key: string): Promise<void> {
  await whenTextsReady();
  Message.warning({ id, content: t(key) });
}

/**
 * The session-expired dialog: cannot be dismissed by the mask, Esc or a close button. Modal is
 * loaded on demand: it is rarely needed and would otherwise weigh on every first load.
 */
export function openSessionExpiredModal(onOk: () => Promise<void>): void {
  void Promise.all([import('./session-expired-modal'), whenTextsReady()]).then(([{ showSessionExpiredModal }]) =>
    showSessionExpiredModal({
      title: t('app.sessionExpired.title'),
      content: t('app.sessionExpired.content'),
      okText: t('app.sessionExpired.ok'),
      onOk,
    }),
  );
}
