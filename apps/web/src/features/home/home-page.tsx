import { Card, Empty, Typography } from '@arco-design/web-react';
import { IconRight } from '@arco-design/web-react/icon';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { useSession } from '../../stores/session';
import styles from './home-page.module.css';
import { homeEntries } from './lib/home-pages';

/**
 * 首页 (home): where a signed-in user lands when no slice brings a landing page of its own (the contracts'
 * `defaultRoute`). A greeting, and the pages the active role may open, each a link.
 */
export default function HomePage() {
  const t = useT();
  const name = useSession((s) => s.user?.name ?? '');
  const permissions = useSession((s) => s.permissions);
  const serverPaths = useSession((s) => s.serverMenuPaths);
  const entries = useMemo(() => homeEntries(permissions, serverPaths), [permissions, serverPaths]);
  return (
    <div className={styles.home}>
      <Card bordered={false} className={styles.welcome}>
        <Typography.Title heading={5} className={styles.greeting}>
          {t('home.greeting', { name })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('home.intro')}</Typography.Text>
      </Card>
      {entries.length === 0 ? (
        <Card bordered={false}>
          <Empty description={t('home.empty')} />
        </Card>
      ) : (
        <ul className={styles.grid} data-testid="home-pages">
          {entries.map(({ page, group }) => {
            const title = page.titleKey ? t(page.titleKey) : page.path;
            const groupTitle = group?.titleKey ? t(group.titleKey) : '';
            return (
              <li key={page.path}>
                {/* Named as the navbar's page search names it: "group › page" (its visible text, so the name matches what is seen). */}
                <Link to={page.path} className={styles.link}>
                  <Card bordered={false} hoverable className={styles.tile}>
                    <span className={styles.text}>
                      {groupTitle ? <span className={styles.group}>{groupTitle}</span> : null}
                      {groupTitle ? <span className={styles.separator}> › </span> : null}
                      <span className={styles.title}>{title}</span>
                    </span>
                    <IconRight className={styles.arrow} aria-hidden />
                  </Card>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
