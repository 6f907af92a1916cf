import { Button, Card, Result, Typography } from '@arco-design/web-react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../lib/i18n';
import styles from './result.module.css';

interface Failure {
  source?: string;
  errorKey?: string;
  message?: string;
  traceId?: string;
}

function readFailure(state: unknown): Failure | null {
  if (!state || typeof state !== 'object') return null;
  const failure = state as Failure;
  return typeof failure.source === 'string' ? failure : null;
}

/**
 * 失败页 (failure page): the reasons come from the failure the form handed over in the navigation
 * state, which the browser keeps across a reload; opened from the menu, there are none.
 */
export default function ErrorPage() {
  const t = useT();
  const navigate = useNavigate();
  const failure = readFailure(useLocation().state);
  const lines = failure
    ? [
        failure.message || t('app.networkError'),
        ...(failure.errorKey === 'FORBIDDEN' ? [t('error.detailLine.auth')] : []),
        ...(failure.traceId ? [t('error.detailLine.traceId', { traceId: failure.traceId })] : []),
      ]
    : [];

  return (
    <Card bordered={false}>
      <Result
        status="error"
        title={t('error.result.title')}
        subTitle={t('error.result.subTitle')}
        extra={
          <>
            <Button type="secondary" className={styles.gap} onClick={() => navigate('/workplace')}>
              {t('error.result.goBack')}
            </Button>
            <Button type="primary" onClick={() => navigate('/form/step')}>
              {t('error.result.retry')}
            </Button>
          </>
        }
      />
      <div className={styles.box}>
        <Typography.Title heading={6} className={styles.boxHeading}>
          {t('error.detailTitle')}
        </Typography.Title>
        {lines.length ? (
          <ol className={styles.reasons}>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        ) : (
          <Typography.Paragraph className={styles.muted}>{t('error.noDetail')}</Typography.Paragraph>
        )}
      </div>
    </Card>
  );
}
