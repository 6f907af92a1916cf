import { Card, Divider, Grid, Link, Skeleton, Statistic, Typography } from '@arco-design/web-react';
import { IconArrowRise, IconCaretDown, IconCaretUp, IconFile, IconFire, IconMessage } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useLocale, useT } from '../../../lib/i18n';
import { drawnOnScreen } from '../../../lib/prerender';
import { FixedUser, useSession } from '../../../stores/session';
import { contentDataQuery, overviewQuery } from '../api/workplace-queries';
import { formatContentTotal, formatGrowth, formatInteger } from '../lib/format-stat';
import styles from '../workplace.module.css';
import { BrowserSuspense } from './browser-suspense';
import { ContentChartSketch } from './content-chart-sketch';
import { ContentChart } from './lazy-charts';

function StatCell({ icon, tone, title, loading, children }: { icon: ReactNode; tone: string; title: string; loading: boolean; children: ReactNode }) {
  return (
    <div className={styles.statCell}>
      <div className={styles.statIcon} style={{ background: `rgb(var(--${tone}-1))`, color: `rgb(var(--${tone}-6))` }} aria-hidden>
        {icon}
      </div>
      <div className={styles.statBody}>
        <div className={styles.statTitle}>{title}</div>
        {loading ? <Skeleton text={{ rows: 1, width: 120 }} animation /> : children}
      </div>
    </div>
  );
}

/** Welcome, statistics (server figures, counting up) and the 14-day content chart. */
export function OverviewPanel() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  // In a server render, the user it was given (FixedUser: the store holds nobody there); else the store's.
  const drawnFor = useContext(FixedUser);
  const signedIn = useSession((s) => s.user?.name ?? '');
  const name = drawnFor?.name ?? signedIn;
  const overview = useQuery(overviewQuery());
  const content = useQuery(contentDataQuery());
  const data = overview.data;
  // Taking over from the page the server drew, the figures are on screen already: they stay, not counted up again.
  const [countUp] = useState(() => !drawnOnScreen());
  const unit = <span className={styles.statUnit}>{t('workplace.pecs')}</span>;
  const count = (value: number, render: (v: number) => string) => (
    <Statistic value={value} countUp={countUp} countFrom={0} countDuration={1500} renderFormat={(v) => render(Number(v))} suffix={unit} styleValue={{ fontSize: 24 }} />
  );
  const growth = data?.growthRate ?? 0;

  return (
    <div className={styles.panel}>
      <Typography.Title heading={5} className={styles.welcome}>
        {t('workplace.welcome', { name })}
      </Typography.Title>
      <Divider />
      <Grid.Row gutter={[12, 16]}>
        <Grid.Col xs={24} sm={12} xxl={6}>
          <StatCell icon={<IconFile />} tone="arcoblue" title={t('workplace.onlineContent')} loading={!data}>
            {data && count(data.onlineContent, (v) => formatContentTotal(v, locale, t('workplace.tenThousand')))}
          </StatCell>
        </Grid.Col>
        <Grid.Col xs={24} sm={12} xxl={6}>
          <StatCell icon={<IconFire />} tone="orangered" title={t('workplace.putIn')} loading={!data}>
            {data && count(data.putIn, (v) => formatInteger(v, locale))}
          </StatCell>
        </Grid.Col>
        <Grid.Col xs={24} sm={12} xxl={6}>
          <StatCell icon={<IconMessage />} tone="cyan" title={t('workplace.newDay')} loading={!data}>
            {data && count(data.newComments, (v) => formatInteger(v, locale))}
          </StatCell>
        </Grid.Col>
        <Grid.Col xs={24} sm={12} xxl={6}>
          <StatCell icon={<IconArrowRise />} tone="purple" title={t('workplace.newFromYesterday')} loading={!data}>
            <span className={styles.growth}>
              {/* Counted in tenths: Statistic would print a decimal part of its own after renderFormat. */}
              <Statistic value={Math.round(Math.abs(growth) * 10)} countUp={countUp} countFrom={0} countDuration={1500} styleValue={{ fontSize: 24 }} renderFormat={(v) => formatGrowth(Number(v) / 10)} />
              {growth > 0 && <IconCaretUp className={styles.up} aria-hidden />}
              {growth < 0 && <IconCaretDown className={styles.down} aria-hidden />}
            </span>
          </StatCell>
        </Grid.Col>
      </Grid.Row>
      <Divider />
      <Card
        bordered={false}
        className={styles.innerCard}
        title={t('workplace.contentData')}
        extra={
          <Link data-testid="overview-view-more" onClick={() => navigate('/list/search-table')}>
            {t('workplace.viewMore')}
          </Link>
        }
      >
        <div className={styles.chartBox}>
          {content.data ? (
            // Until the chart library has come and run: the same chart drawn without it.
            <BrowserSuspense fallback={<ContentChartSketch points={content.data} tooltipLabel={t('workplace.contentData.tooltip')} locale={locale} />}>
              <ContentChart points={content.data} tooltipLabel={t('workplace.contentData.tooltip')} locale={locale} />
            </BrowserSuspense>
          ) : (
            <Skeleton text={{ rows: 6 }} animation />
          )}
        </div>
      </Card>
    </div>
  );
}
