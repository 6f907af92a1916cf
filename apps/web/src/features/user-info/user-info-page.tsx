import { Skeleton } from '@arco-design/web-react';
import { Suspense } from 'react';
import { messagesQuery } from '../../lib/messages';
import { queryClient } from '../../lib/query-client';
import { Notices } from './components/notices';
import { UserBanner } from './components/user-banner';
import { loadSlicePanels, useSlicePanels } from './lib/slice-panels';
import styles from './user-info.module.css';

/** What a visit shows first, asked for ahead of it (the menu, on hover or focus): the notices, and the slices' panels with their data. */
export function prefetch(): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(messagesQuery()),
    loadSlicePanels().then((parts) => Promise.all(parts.map((part) => part.prefetch?.()))),
  ]);
}

/** Below the banner: the slices' wide panels beside the narrow ones and the notices (one column when no slice brings a wide one). */
function Body() {
  const parts = useSlicePanels();
  const main = parts.flatMap((part) => part.main ?? []);
  const side = parts.flatMap((part) => part.side ?? []);
  const narrow = (
    <>
      {side.map((Panel, i) => (
        <Panel key={i} />
      ))}
      <Notices />
    </>
  );
  if (main.length === 0) return <div className={styles.single}>{narrow}</div>;
  return (
    <div className={styles.body}>
      <div className={styles.left}>
        {main.map((Panel, i) => (
          <Panel key={i} />
        ))}
      </div>
      <div className={styles.right}>{narrow}</div>
    </div>
  );
}

/** 用户信息 (user info): the account's banner, then what the slices add beside its notices. */
export default function UserInfoPage() {
  return (
    <div>
      <UserBanner />
      <Suspense fallback={<Skeleton className={styles.single} text={{ rows: 6 }} animation />}>
        <Body />
      </Suspense>
    </div>
  );
}
