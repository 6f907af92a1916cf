import { LatestActivity } from './components/latest-activity';
import { MyProjects } from './components/my-projects';
import { MyTeams } from './components/my-teams';
import { Notices } from './components/notices';
import { UserBanner } from './components/user-banner';
import styles from './user-info.module.css';

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
