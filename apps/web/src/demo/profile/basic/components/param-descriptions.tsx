import { Descriptions, Skeleton } from '@arco-design/web-react';
import { useT } from '../../../../lib/i18n';
import { formatParam, valueAt, type ParamRow } from '../lib/params';
import styles from '../profile-basic.module.css';

/** One block of parameters: a one-line skeleton per value while loading, `-` when missing. */
export function ParamDescriptions({ title, rows, source, loading }: { title: string; rows: ParamRow[]; source: unknown; loading: boolean }) {
  const t = useT();
  return (
    <Descriptions
      className={styles.descriptions}
      title={title}
      column={1}
      labelStyle={{ width: 200, textAlign: 'right', color: 'rgb(var(--gray-8))' }}
      valueStyle={{ width: 400 }}
      data={rows.map((row) => ({
        label: t(row.labelKey),
        value: loading ? <Skeleton text={{ rows: 1, width: 200 }} animation /> : formatParam(row, valueAt(source, row.path), t),
      }))}
    />
  );
}
