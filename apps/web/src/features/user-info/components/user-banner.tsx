import { Avatar, Tooltip, Typography } from '@arco-design/web-react';
import { IconCamera, IconHome, IconLocation, IconUser } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../stores/session';
import styles from '../user-info.module.css';

/** The user info page's banner, from the profile the guard loaded (it follows user-setting saves). */
export function UserBanner() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const items: { icon: ReactNode; text: string }[] = [
    { icon: <IconUser />, text: user?.jobName ?? '' },
    { icon: <IconHome />, text: user?.organizationName ?? '' },
    { icon: <IconLocation />, text: user?.locationName ?? '' },
  ].filter((item) => item.text);
  return (
    <div className={styles.banner}>
      <div className={styles.avatarWrap}>
        <Avatar size={64}>{user?.avatar ? <img src={user.avatar} alt={user.name} /> : <IconUser />}</Avatar>
        <Tooltip content={t('userInfo.avatar.change')}>
          <button type="button" className={styles.camera} aria-label={t('userInfo.avatar.change')} onClick={() => navigate('/user/setting')}>
            <IconCamera />
          </button>
        </Tooltip>
      </div>
      <Typography.Title heading={6} className={styles.name}>
        {user?.name}
      </Typography.Title>
      {items.length > 0 && (
        <div className={styles.facts}>
          {items.map((item) => (
            <span key={item.text} className={styles.fact}>
              {item.icon}
              {item.text}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
