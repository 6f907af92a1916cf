import { Avatar, Message, Upload } from '@arco-design/web-react';
import { IconCamera, IconUser } from '@arco-design/web-react/icon';
import { AVATAR_MAX_BYTES, avatarMimeTypes } from '@atrium/contracts/calls/user-setting';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { refreshUserInfo, useSession } from '../../../stores/session';
import { uploadAvatar } from '../api/user-setting-queries';
import styles from '../user-setting.module.css';

/**
 * The avatar is the upload button: type and size are checked before sending (the
 * server checks the content again), progress is shown over it, and leaving the page aborts.
 */
export function AvatarUpload() {
  const t = useT();
  const avatar = useSession((s) => s.user?.avatar ?? '');
  const [percent, setPercent] = useState<number | null>(null);
  const [preview, setPreview] = useState('');
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const check = (file: File) => {
    if (!(avatarMimeTypes as readonly string[]).includes(file.type)) {
      Message.error(t('userSetting.avatar.type'));
      return false;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      Message.error(t('userSetting.avatar.size'));
      return false;
    }
    return true;
  };

  const send = async (file: File) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setPercent(0);
    try {
      const { url } = await uploadAvatar(file, setPercent, abort.signal);
      setPreview(url);
      Message.success(t('userSetting.avatar.success'));
      // The navbar and the user-info banner read the profile: refresh it.
      await refreshUserInfo();
    } catch (error) {
      if (isApiError(error) && error.message === 'aborted') return;
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setPercent(null);
      }
    }
  };

  const src = preview || avatar;
  return (
    <Upload
      // strict: false hands every file to `check`, which says why one is refused.
      accept={{ type: avatarMimeTypes.join(','), strict: false }}
      showUploadList={false}
      beforeUpload={check}
      customRequest={({ file }) => void send(file)}
      disabled={percent !== null}
    >
      <div className={styles.avatar} role="button" tabIndex={0} aria-label={t('userInfo.avatar.change')}>
        <Avatar size={100}>{src ? <img src={src} alt={t('userInfo.avatar.change')} /> : <IconUser />}</Avatar>
        <span className={styles.avatarCamera} aria-hidden>
          <IconCamera />
        </span>
        {percent !== null && <span className={styles.avatarProgress}>{t('userSetting.avatar.uploading', { percent })}</span>}
      </div>
    </Upload>
  );
}
