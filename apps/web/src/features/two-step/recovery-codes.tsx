import { Alert, Button, Message } from '@arco-design/web-react';
import { IconCheck, IconCopy, IconDownload } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { saveBlob } from '../../lib/api/files';
import { formatDate } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useSession } from '../../stores/session';
import styles from './two-step.module.css';

/** Saves `text` as a file of the browser's downloads, made here: the codes never travel again. */
const saveTextFile = (name: string, text: string) => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), name);

/**
 * Ten recovery codes, shown this once (the server keeps only their hashes): copy, download as a .txt
 * file, and "I have saved them", the one way on. Used after turning two-step verification on and after
 * asking for new codes.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const username = useSession((s) => s.user?.username ?? '');
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
      Message.success(t('twoStep.codes.copied'));
    } catch {
      Message.error(t('twoStep.copyFailed'));
    }
  };

  const download = () => {
    const date = formatDate(new Date());
    // CRLF: the file opens as lines in every editor, Windows Notepad included.
    const text = [t('twoStep.codes.fileHeader', { username, date }), t('twoStep.codes.fileNote'), '', ...codes, ''].join('\r\n');
    // A username is letters, digits and _ . - already; anything else would not survive every file system.
    saveTextFile(`atrium-recovery-codes${username ? `-${username.replace(/[^\w.-]/g, '_')}` : ''}.txt`, text);
  };

  return (
    <div className={styles.step}>
      <Alert type="warning" content={t('twoStep.codes.warning')} />
      <ol className={styles.codes} aria-label={t('twoStep.codes.label')} data-testid="two-step-recovery-codes">
        {codes.map((code, index) => (
          <li key={`${index}-${code}`}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button icon={copied ? <IconCheck /> : <IconCopy />} onClick={() => void copy()}>
          {t(copied ? 'twoStep.codes.copiedShort' : 'twoStep.codes.copy')}
        </Button>
        <Button icon={<IconDownload />} onClick={download}>
          {t('twoStep.codes.download')}
        </Button>
        <Button type="primary" className={styles.done} onClick={onDone} data-testid="two-step-codes-saved">
          {t('twoStep.codes.done')}
        </Button>
      </div>
    </div>
  );
}
