import { Button, Card, Result } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { defaultRoute } from '@atrium/contracts/routes';
import { useT } from '../lib/i18n';
import styles from './exception-result.module.css';

interface ExceptionResultProps {
  status: '403' | '404' | '500';
  subtitleKey: string;
  /** The back button's text; `{page}` is the landing page's title. */
  backKey: string;
  /** Extra buttons placed before the primary back button. */
  extra?: ReactNode;
}

/** One centred Result in a card that fills the page container (403, 404, 500 pages). */
export function ExceptionResult({ status, subtitleKey, backKey, extra }: ExceptionResultProps) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Card bordered={false} className={styles.card}>
      <Result
        status={status}
        subTitle={t(subtitleKey)}
        extra={
          <>
            {extra}
            <Button type="primary" onClick={() => navigate(defaultRoute.path)}>
              {t(backKey, { page: t(defaultRoute.titleKey) })}
            </Button>
          </>
        }
      />
    </Card>
  );
}
