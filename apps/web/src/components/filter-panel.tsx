import { Button } from '@arco-design/web-react';
import { IconDown, IconFilter, IconRefresh, IconSearch, IconUp } from '@arco-design/web-react/icon';
import { useId, useState, type ReactNode } from 'react';
import { useIsMobile } from '../stores/settings';
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
  /**
   * On a phone, the filters fold behind one button with this text (筛选, or 筛选（2） with two applied),
   * so the list is on the first screen; none: they always show.
   */
  phoneToggle?: string;
}

/**
 * A list's filters with 查询 and 重置 beside them behind a vertical rule (the lists of the console share
 * this layout). Below the desktop breakpoint the filters take the whole width and the buttons sit in a
 * row under them, clear of the divider that follows; with `phoneToggle`, a phone shows one button instead
 * (with the count of filters applied) that unfolds them.
 */
export function FilterPanel({ children, form, stacked = false, searchLabel, resetLabel, onSearch, onReset, phoneToggle }: FilterPanelProps) {
  const folds = useIsMobile() && phoneToggle !== undefined;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      {folds && (
        <Button className={styles.toggle} icon={<IconFilter />} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {phoneToggle}
          {open ? <IconUp /> : <IconDown />}
        </Button>
      )}
      <div id={panelId} className={styles.panel} hidden={folds && !open}>
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
    </>
  );
}
