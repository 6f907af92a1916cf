import { Card, Link } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n';
import { runtimeConfigQuery, type RuntimeConfig } from '../api/workplace-queries';
import styles from '../workplace.module.css';

const links: { key: keyof NonNullable<RuntimeConfig['docs']>; labelKey: string }[] = [
  { key: 'productOverview', labelKey: 'workplace.docs.productOverview' },
  { key: 'userGuide', labelKey: 'workplace.docs.userGuide' },
  { key: 'workflow', labelKey: 'workplace.docs.workflow' },
  { key: 'interfaceDocs', labelKey: 'workplace.docs.interfaceDocs' },
];

/** Only http(s) or same-site links are followed from the run-time configuration. */
function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  return /^(https?:\/\/|\/)/i.test(url) ? url : undefined;
}

/** 帮助文档 (help documents): links from the run-time configuration; hidden when none is configured. */
export function HelpDocs() {
  const t = useT();
  const config = useQuery(runtimeConfigQuery());
  const docs = config.data?.docs ?? {};
  const configured = links.flatMap((link) => {
    const url = safeUrl(docs[link.key]);
    return url ? [{ ...link, url }] : [];
  });
  if (configured.length === 0) return null;
  const home = safeUrl(docs.home);
  return (
    <Card
      bordered={false}
      className={styles.card}
      style={{ minHeight: 166 }}
      title={t('workplace.docs')}
      extra={
        home ? (
          <Link href={home} target="_blank" rel="noopener noreferrer">
            {t('workplace.viewMore')}
          </Link>
        ) : null
      }
    >
      <div className={styles.docs}>
        {configured.map((link) => (
          <Link key={link.key} href={link.url} target="_blank" rel="noopener noreferrer">
            {t(link.labelKey)}
          </Link>
        ))}
      </div>
    </Card>
  );
}
