import { LatestActivity } from './components/latest-activity';
import { MyProjects } from './components/my-projects';
import { MyTeams } from './components/my-teams';
import { Notices } from './components/notices';
import { UserBanner } from './components/user-banner';
import { messagesQuery } from '../../lib/messages';
import { queryClient } from '../../lib/query-client';
import { activityQuery, projectsQuery, teamsQuery } from './api/user-info-queries';
import styles from './user-info.module.css';

/** What a visit shows first, asked for ahead of it (the menu, on hover or focus). */
export function prefetch(): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(projectsQuery()),
    queryClient.prefetchQuery(activityQuery()),
    queryClient.prefetchQuery(teamsQuery()),
    queryClient.prefetchQuery(messagesQuery()),
  ]);
}

/** 用户信息 (user info): banner, then projects and activity beside teams and notices. */
export default function UserInfoPage() {
  return (
    <div>
      <UserBanner />
      <div className={styles.body}>
        <div className={styles.left}>
          <MyProjects />
          <LatestActivity />
        </div>
        <div className={styles.right}>
          <MyTeams />
          <Notices />
        </div>
      </div>
    </div>
  );
}
