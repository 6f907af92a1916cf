import { Button } from '@arco-design/web-react';
import { useT } from '../../lib/i18n';
import { ExceptionResult } from '../../components/exception-result';
import styles from '../../components/exception-result.module.css';

export default function Exception404Page() {
  const t = useT();
  return (
    <ExceptionResult
      status="404"
      subtitleKey="exception.result.404.description"
      backKey="exception.result.404.back"
      extra={
        <Button className={styles.retry} onClick={() => window.location.reload()}>
          {t('exception.result.404.retry')}
        </Button>
      }
    />
  );
}
