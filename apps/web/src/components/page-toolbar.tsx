import { Button, Space, Tooltip } from '@arco-design/web-react';
import { IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';

interface PageToolbarProps {
  /** The page's create button's text; none: no create button (the role may not write). */
  createLabel?: string;
  onCreate?: () => void;
  /** The refresh button's name (its tooltip and its label for screen readers). */
  refreshLabel: string;
  onRefresh: () => void;
  /** More of the page's actions after the create button (a search, say). */
  children?: ReactNode;
}

/**
 * A management page's toolbar, as siblings for a toolbar row (ListFrame's, or the card's own): the
 * page's actions at the start, the create button first, and the refresh button at the end.
 */
export function PageToolbar({ createLabel, onCreate, refreshLabel, onRefresh, children }: PageToolbarProps) {
  return (
    <>
      <Space wrap>
        {createLabel && (
          <Button type="primary" icon={<IconPlus />} onClick={onCreate}>
            {createLabel}
          </Button>
        )}
        {children}
      </Space>
      <Tooltip content={refreshLabel}>
        <Button icon={<IconRefresh />} aria-label={refreshLabel} onClick={onRefresh} />
      </Tooltip>
    </>
  );
}
