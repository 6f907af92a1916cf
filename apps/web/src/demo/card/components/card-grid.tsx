import { Card, Empty, Grid, Skeleton, Typography } from '@arco-design/web-react';
import { isValidElement, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import styles from '../card-page.module.css';

const { Row, Col } = Grid;

interface CardGridProps {
  title: string;
  loading: boolean;
  skeletons: number;
  /** Cards after the search filter. */
  items: ReactNode[];
  /** Whether the call returned any card at all (else `common.noData`, else `cardList.noMatch`). */
  hasAny: boolean;
  /** Always first and never filtered (the admin's create tile). */
  leading?: ReactNode;
}

/** One section of the card list: h6 title, then a grid with gutter 24. */
export function CardGrid({ title, loading, skeletons, items, hasAny, leading }: CardGridProps) {
  const t = useT();
  const cells = loading
    ? Array.from({ length: skeletons }, (_, i) => (
        <Card key={`skeleton-${i}`} bordered={false} className={styles.card}>
          <Skeleton text={{ rows: 4 }} animation />
        </Card>
      ))
    : [leading, ...items].filter(Boolean);
  const empty = !loading && items.length === 0 ? <Empty description={t(hasAny ? 'cardList.noMatch' : 'common.noData')} /> : null;
  return (
    <section className={styles.section}>
      <Typography.Title heading={6} className={styles.sectionTitle}>
        {title}
      </Typography.Title>
      {cells.length > 0 && (
        <Row gutter={[24, 24]} align="stretch">
          {cells.map((cell, index) => (
            <Col key={isValidElement(cell) && cell.key !== null ? cell.key : index} xs={24} sm={12} xl={6}>
              {cell}
            </Col>
          ))}
        </Row>
      )}
      {empty && <div className={styles.empty}>{empty}</div>}
    </section>
  );
}

/** Case-insensitive match on title and description (no call). */
export function matches(search: string, ...texts: string[]): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || texts.some((text) => text.toLowerCase().includes(needle));
}
