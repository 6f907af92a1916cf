import { Card, Empty, Link, Pagination, Skeleton, Tag } from '@arco-design/web-react';
import type { Announcement } from '@atrium/contracts/demo/workplace/calls';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { announcementsQuery } from '../api/workplace-queries';
import styles from '../workplace.module.css';
import { DialogDrawer } from '../../../components/dialog-drawer';
import { DialogModal } from '../../../components/dialog-modal';

const tagColors: Record<Announcement['type'], string> = { activity: 'orangered', message: 'cyan', notice: 'blue' };
const DRAWER_PAGE_SIZE = 10;

function AnnouncementRow({ item, onOpen }: { item: Announcement; onOpen: (item: Announcement) => void }) {
  const t = useT();
  return (
    <li>
      <button type="button" className={styles.announcement} onClick={() => onOpen(item)}>
        <Tag size="small" color={tagColors[item.type]}>
          {t(`workplace.announcement.${item.type}`)}
        </Tag>
        <span className={styles.announcementTitle}>{item.title}</span>
      </button>
    </li>
  );
}

/** 公告 (announcements): the five newest; 查看更多 opens all of them, ten per page. */
export function Announcements() {
  const t = useT();
  const latest = useQuery(announcementsQuery(1, 5));
  const [open, setOpen] = useState<Announcement | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [page, setPage] = useState(1);
  const all = useQuery({ ...announcementsQuery(page, DRAWER_PAGE_SIZE), enabled: drawer });

  const list = (items: Announcement[]) => (
    <ul className={styles.announcements}>
      {items.map((item) => (
        <AnnouncementRow key={item.id} item={item} onOpen={setOpen} />
      ))}
    </ul>
  );

  return (
    <Card bordered={false} className={styles.card} title={t('workplace.announcement')} extra={<Link onClick={() => setDrawer(true)}>{t('workplace.viewMore')}</Link>}>
      {!latest.data ? <Skeleton text={{ rows: 5 }} animation /> : latest.data.list.length === 0 ? <Empty description={t('common.noData')} /> : list(latest.data.list)}
      <DialogDrawer width={480} title={t('workplace.announcement.all')} visible={drawer} onCancel={() => setDrawer(false)} footer={null} unmountOnExit>
        {!all.data ? (
          <Skeleton text={{ rows: 10 }} animation />
        ) : all.data.list.length === 0 ? (
          <Empty description={t('common.noData')} />
        ) : (
          <>
            {list(all.data.list)}
            <Pagination className={styles.drawerPager} size="small" current={page} pageSize={DRAWER_PAGE_SIZE} total={all.data.total} onChange={setPage} />
          </>
        )}
      </DialogDrawer>
      <DialogModal title={open?.title ?? ''} visible={open !== null} onCancel={() => setOpen(null)} footer={(cancel) => cancel} cancelText={t('common.close')}>
        {open && (
          <div className={styles.announcementDetail}>
            <div className={styles.announcementHead}>
              <Tag size="small" color={tagColors[open.type]}>
                {t(`workplace.announcement.${open.type}`)}
              </Tag>
              <span className={styles.announcementTime}>{formatDateTime(open.createdAt)}</span>
            </div>
            <p className={styles.announcementContent}>{open.content}</p>
          </div>
        )}
      </DialogModal>
    </Card>
  );
}
