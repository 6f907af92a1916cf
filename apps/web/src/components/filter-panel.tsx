import { Button } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import styles from './filter-panel.module.css';

interface FilterPanelProps {
  /** The filter form, and its instance: 重置 clears its fields before `onReset`. */
  children: ReactNode;
  form: { resetFields: () => void };
  /** Two rows of filters or more: the buttons stack beside them; one row: side by side. */
  stacked?: boolean;
  searchLabel: string;
  resetLabel: string;
  onSearch: () => void;
  onReset: () => void;
}

/**
 * A list's filters with 查询 and 重置 beside them behind a vertical rule (the lists of the console share
 * this layout). Below the desktop breakpoint the filters take the whole width and the buttons sit in a
 * row under them, clear of the divider that follows.
 */
export function FilterPanel({ children, form, stacked = false, searchLabel, resetLabel, onSearch, onReset }: FilterPanelProps) {
  return (
    <div className={styles.panel}>
      <div className={styles.fields}>{children}</div>
      <div className={stacked ? `${styles.buttons} ${styles.stacked}` : styles.buttons}>
        <Button type="primary" icon={<IconSearch />} onClick={onSearch}>
          {searchLabel}
        </Button>
        <Button
          icon={<IconRefresh />}
          onClick={() => {
            form.resetFields();
            onReset();
          }}
        >
          {resetLabel}
        </Button>
      </div>
    </div>
  );
}
