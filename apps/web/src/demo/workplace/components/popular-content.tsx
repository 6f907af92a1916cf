import { Card, Link, Radio, Table, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconCaretDown, IconCaretUp } from '@arco-design/web-react/icon';
import type { PopularItem } from '@atrium/contracts/demo/workplace/calls';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLocale, useT } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/number-format';
import { useIsMobile } from '../../../stores/settings';
import { popularQuery, type PopularType } from '../api/workplace-queries';
import styles from '../workplace.module.css';

const types: PopularType[] = ['text', 'image', 'video'];

/** 线上热门内容 (popular content): five rows per type, sortable by daily change. */
export function PopularContent() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [type, setType] = useState<PopularType>('text');
  const popular = useQuery(popularQuery(type));
  // On a phone the rank column goes (the rows are in rank order) and the numbers take only what their
  // figures need, so the title keeps a readable width.
  const mobile = useIsMobile();

  const columns: TableColumnProps<PopularItem>[] = [
    ...(mobile ? [] : [{ title: t('workplace.popularContent.rank'), dataIndex: 'key', width: 64 }]),
    {
      title: t('workplace.popularContent.title'),
      dataIndex: 'title',
      render: (title: string) => (
        <Tooltip content={title}>
          <span className={styles.ellipsis}>{title}</span>
        </Tooltip>
      ),
    },
    { title: t('workplace.popularContent.clickNumber'), dataIndex: 'clickNumber', width: mobile ? 92 : 96, render: (n: number) => formatNumber(n, locale) },
    {
      title: t('workplace.popularContent.increases'),
      dataIndex: 'increases',
      width: mobile ? 92 : 110,
      sorter: (a, b) => a.increases - b.increases,
      render: (n: number) => (
        <span className={styles.increase}>
          {`${Math.abs(n)}%`}
          {n > 0 && <IconCaretUp className={styles.up} aria-hidden />}
          {n < 0 && <IconCaretDown className={styles.down} aria-hidden />}
        </span>
      ),
    },
  ];

  return (
    <Card
      bordered={false}
      className={styles.card}
      title={t('workplace.popularContent')}
      extra={
        <Link data-testid="popular-view-more" onClick={() => navigate('/list/search-table')}>
          {t('workplace.viewMore')}
        </Link>
      }
    >
      {/* Test ids: a click on the page the server drew, before the console has taken over, is repeated on the console's own control (lib/prerender.ts). */}
      <Radio.Group type="button" value={type} onChange={setType} className={styles.radio}>
        {types.map((value) => (
          <Radio key={value} value={value} data-testid={`popular-type-${value}`}>
            {t(`workplace.popularContent.${value}`)}
          </Radio>
        ))}
      </Radio.Group>
      <Table<PopularItem>
        rowKey="key"
        size="small"
        border={false}
        pagination={false}
        loading={popular.isFetching}
        data={popular.data ?? []}
        columns={columns}
        scroll={{ y: 264 }}
        tableLayoutFixed
      />
    </Card>
  );
}
