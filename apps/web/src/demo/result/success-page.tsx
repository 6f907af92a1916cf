import { Button, Card, Empty, Result, Skeleton, Steps, Typography } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useIsMobile } from '../../stores/settings';
import { channelProgressQuery } from './api/result-queries';
import { stageViews } from './lib/progress';
import styles from './result.module.css';


/** 成功页 (success page): the result and the real progress of a channel. */
export default function SuccessPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const progress = useQuery(channelProgressQuery(id));
  // Vertical steps on phones and tablets, where the five horizontal ones no longer fit.
  const narrow = useIsMobile();
  const views = progress.data ? stageViews(progress.data.stage, progress.data.stages) : [];

  return (
    <Card bordered={false} className={styles.printArea}>
      <Result
        status="success"
        title={t('success.result.title')}
        subTitle={t('success.result.subTitle')}
        extra={
          <div className={styles.noPrint}>
            <Button type="secondary" className={styles.gap} onClick={() => window.print()}>
              {t('success.result.printResult')}
            </Button>
            <Button type="primary" onClick={() => navigate('/list/search-table')}>
              {t('success.result.projectList')}
            </Button>
          </div>
        }
      />
      <div className={styles.box}>
        <Typography.Paragraph bold className={styles.boxTitle}>
          {t('success.result.progress')}
        </Typography.Paragraph>
        {progress.isLoading ? (
          <Skeleton text={{ rows: 3 }} animation />
        ) : progress.isError ? (
          <Empty description={t('success.result.notFound')} />
        ) : !progress.data ? (
          <Empty
            description={
              <>
                <div>{t('success.result.empty')}</div>
                <Button type="text" className={styles.noPrint} onClick={() => navigate('/form/step')}>
                  {t('success.result.emptyAction')}
                </Button>
              </>
            }
          />
        ) : (
          <>
            <div className={styles.channel}>{t('success.result.channel', { name: progress.data.activityName })}</div>
            <Steps type="dot" current={Math.min(progress.data.stage + 1, views.length + 1)} direction={narrow ? 'vertical' : 'horizontal'}>
              {views.map((view) => (
                <Steps.Step
                  key={view.key}
                  title={t(view.titleKey)}
                  status={view.state}
                  description={view.state === 'finish' ? formatDateTime(view.time) : t(view.state === 'process' ? 'success.processing' : 'success.waiting')}
                />
              ))}
            </Steps>
          </>
        )}
      </div>
    </Card>
  );
}
