import { Button, Popconfirm } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';

interface ConfirmButtonProps {
  /** The question the confirmation asks. */
  title: ReactNode;
  /** Runs once confirmed; a refusal was toasted by the transport or shown by the page, so it is swallowed here. */
  onOk: () => Promise<unknown>;
  /** A destructive action: the button and the confirmation's OK in the danger colour. */
  danger?: boolean;
  children: ReactNode;
}

/**
 * A table row's action behind a confirmation (delete, disable, reset…): a small text button, and a
 * popconfirm with OK and Cancel in the reader's language. The popconfirm stays open while `onOk` runs.
 */
export function ConfirmButton({ title, onOk, danger = false, children }: ConfirmButtonProps) {
  const t = useT();
  return (
    <Popconfirm
      title={title}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={danger ? { status: 'danger' } : undefined}
      onOk={() => onOk().catch(() => undefined)}
    >
      <Button type="text" size="small" status={danger ? 'danger' : undefined}>
        {children}
      </Button>
    </Popconfirm>
  );
}
