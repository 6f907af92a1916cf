import { Button, Space } from '@arco-design/web-react';
import { useT } from '../lib/i18n';

/** A form drawer's footer: Cancel, and Save (spinning while the save runs). */
export function SaveFooter({ onCancel, onSave, saving }: { onCancel: () => void; onSave: () => void; saving: boolean }) {
  const t = useT();
  return (
    <Space>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="primary" loading={saving} onClick={onSave}>
        {t('common.save')}
      </Button>
    </Space>
  );
}
