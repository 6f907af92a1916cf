import { Card, Empty, Link, List, Skeleton } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { activityQuery } from '../api/user-center-queries';
import styles from '../user-center.module.css';
import { InitialAvatar } from '../../../components/initial-avatar';

const SHOWN = 7;

/** 最新动态 (latest activity): seven items, all (scrolling) on 查看全部. */
export function LatestActivity() {
  const t = useT();
  const activity = useQuery(activityQuery());
  const [all, setAll] = useState(false);
  const list = activity.data ?? [];
  return (
    <Card
      bordered={false}
      title={t('userCenter.title.latestActivity')}
      extra={list.length > SHOWN ? <Link onClick={() => setAll(!all)}>{t(all ? 'userCenter.collapse' : 'userCenter.viewAll')}</Link> : null}
    >
      {activity.isLoading ? (
        <Skeleton text={{ rows: 7 }} image={{ shape: 'circle' }} animation />
      ) : list.length === 0 ? (
        <Empty description={t('userInfo.nodata')} />
      ) : (
        <div className={all ? styles.scroll : undefined}>
          <List
            bordered={false}
            split={false}
            dataSource={all ? list : list.slice(0, SHOWN)}
            render={(item) => (
              <List.Item key={item.id}>
                <List.Item.Meta
                  avatar={<InitialAvatar size={40} name={item.title} src={item.avatar} />}
                  title={item.title}
                  description={item.description}
                />
              </List.Item>
            )}
          />
        </div>
      )}
    </Card>
  );
}
