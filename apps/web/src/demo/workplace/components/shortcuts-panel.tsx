import { Checkbox, Divider, Empty, Link, Message, Typography } from '@arco-design/web-react';
import { IconCheckCircle, IconExclamationCircle, IconFile, IconFire, IconList, IconMobile, IconSafe, IconSettings, IconStorage, IconUser } from '@arco-design/web-react/icon';
import { findRouteByPath, isRouteAllowed, type Granted } from '@atrium/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { preferencesQuery, savePreferences } from '../../../lib/preferences';
import { useSession } from '../../../stores/session';
import { onRecentChange, readRecent, visibleRecent } from '../lib/recent-pages';
import styles from '../workplace.module.css';
import { DialogModal } from '../../../components/dialog-modal';

type ShortcutKey = 'content' | 'analysis' | 'advanced' | 'promotion' | 'putIn';
interface Shortcut {
  key: ShortcutKey;
  labelKey: string;
  icon: ComponentType;
  to: string;
}

/** The workplace's shortcut tiles; each opens a real page, and the role's permissions decide which ones exist. */
const shortcuts: Shortcut[] = [
  { key: 'content', labelKey: 'workplace.contentManagement', icon: IconFile, to: '/list/search-table' },
  { key: 'analysis', labelKey: 'workplace.contentStatistical', icon: IconStorage, to: '/list/card?tab=quality' },
  { key: 'advanced', labelKey: 'workplace.advanced', icon: IconSettings, to: '/form/group' },
  { key: 'promotion', labelKey: 'workplace.onlinePromotion', icon: IconMobile, to: '/form/step' },
  { key: 'putIn', labelKey: 'workplace.contentPutIn', icon: IconFire, to: '/list/card?tab=service' },
];

/** Menu-group icons of the route table, for the recently visited tiles. */
const groupIcons: Record<string, ComponentType> = {
  IconList,
  IconSettings,
  IconFile,
  IconCheckCircle,
  IconExclamationCircle,
  IconUser,
  IconSafe,
};

function Tile({ icon: Icon, label, onClick }: { icon: ComponentType; label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.tile} onClick={onClick}>
      <span className={styles.tileIcon} aria-hidden>
        <Icon />
      </span>
      <span className={styles.tileLabel}>{label}</span>
    </button>
  );
}

function useRecentPages(accountId: string, granted: Granted) {
  // Re-read whenever a visit is recorded (the workplace stays mounted in its tab).
  const version = useSyncExternalStore(onRecentChange, () => JSON.stringify(readRecent(accountId)));
  void version;
  return visibleRecent(accountId, granted);
}

/** 快捷操作 with 管理 (saved in preferences) and 最近访问 (per browser and account). */
export function ShortcutsPanel() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const permissions = useSession((s) => s.permissions);
  const accountId = useSession((s) => s.user?.accountId ?? '');
  const prefs = useQuery(preferencesQuery());
  const allowed = shortcuts.filter((s) => {
    const route = findRouteByPath(s.to.split('?')[0]!);
    return !!route && isRouteAllowed(route, permissions);
  });
  const saved = prefs.data?.workplace?.shortcuts;
  const shown = saved ? allowed.filter((s) => saved.includes(s.key)) : allowed;
  const [managing, setManaging] = useState(false);
  const [draft, setDraft] = useState<ShortcutKey[]>([]);

  const save = useMutation({
    // Tiles the role may not open keep their saved state, so an admin's choice survives a role switch.
    mutationFn: (keys: ShortcutKey[]) => {
      const hidden = (saved ?? shortcuts.map((s) => s.key)).filter((k) => !allowed.some((a) => a.key === k)) as ShortcutKey[];
      return savePreferences(queryClient, { workplace: { shortcuts: [...keys, ...hidden] } });
    },
    onSuccess: () => {
      Message.success(t('common.saveSuccess'));
      setManaging(false);
    },
  });

  const recent = useRecentPages(accountId, permissions);

  return (
    <div className={styles.panel}>
      <div className={styles.panelHeader}>
        <Typography.Title heading={6} className={styles.panelTitle}>
          {t('workplace.quick.operation')}
        </Typography.Title>
        <Link
          onClick={() => {
            setDraft(shown.map((s) => s.key));
            setManaging(true);
          }}
        >
          {t('workplace.quickOperation.setup')}
        </Link>
      </div>
      {shown.length === 0 ? (
        <Empty description={t('common.noData')} />
      ) : (
        <div className={styles.tiles} data-testid="shortcuts">
          {shown.map((s) => (
            <Tile key={s.key} icon={s.icon} label={t(s.labelKey)} onClick={() => navigate(s.to)} />
          ))}
        </div>
      )}
      <Divider />
      <Typography.Title heading={6} className={styles.panelTitle}>
        {t('workplace.recently.visited')}
      </Typography.Title>
      {recent.length === 0 ? (
        <Empty description={t('common.noData')} />
      ) : (
        <div className={styles.tiles} data-testid="recent-pages">
          {recent.map(({ page, route, group }) => (
            <Tile key={page.path} icon={groupIcons[group?.icon ?? ''] ?? IconFile} label={t(route.titleKey ?? '')} onClick={() => navigate(page.url)} />
          ))}
        </div>
      )}
      <DialogModal
        title={t('workplace.quickOperation.modalTitle')}
        visible={managing}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => save.mutate(draft)}
        onCancel={() => setManaging(false)}
        unmountOnExit
      >
        <Checkbox.Group direction="vertical" value={draft} onChange={(keys: ShortcutKey[]) => setDraft(keys)} options={allowed.map((s) => ({ value: s.key, label: t(s.labelKey) }))} />
      </DialogModal>
    </div>
  );
}
