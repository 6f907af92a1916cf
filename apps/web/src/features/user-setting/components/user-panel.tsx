import { Card, Descriptions, Tag } from '@arco-design/web-react';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../stores/session';
import { maskPhone } from '../lib/mask';
import styles from '../user-setting.module.css';
import { AvatarUpload } from './avatar-upload';

/** The panel at the top: avatar upload and the account facts. */
export function UserPanel() {
  const t = useT();
  const user = useSession((s) => s.user);
  const certified = user?.certification === 1;
  return (
    <Card bordered={false}>
      <div className={styles.panel}>
        <AvatarUpload />
        <Descriptions
          className={styles.facts}
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
          labelStyle={{ width: 140, textAlign: 'right' }}
          data={[
            { label: t('userSetting.label.name'), value: user?.username || '-' },
            {
              label: t('userSetting.label.certification'),
              value: <Tag color={certified ? 'green' : 'gray'}>{t(certified ? 'userSetting.label.certified' : 'userSetting.label.uncertified')}</Tag>,
            },
            { label: t('userSetting.label.accountId'), value: user?.accountId || '-' },
            { label: t('userSetting.label.phone'), value: maskPhone(user?.phone) },
            { label: t('userSetting.label.registrationDate'), value: formatDateTime(user?.registrationDate) },
          ]}
        />
      </div>
    </Card>
  );
}
