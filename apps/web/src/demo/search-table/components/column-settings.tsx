import { Button, Checkbox, Link, Popover, Tooltip } from '@arco-design/web-react';
import { IconDragArrow, IconSettings } from '@arco-design/web-react/icon';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { defaultColumns, moveColumn, type ColumnKey, type ColumnSetting } from '../lib/columns';
import styles from '../search-table.module.css';

interface ColumnSettingsProps {
  columns: ColumnSetting[];
  onChange: (columns: ColumnSetting[]) => void;
  titleOf: (key: ColumnKey) => string;
}

/**
 * Order and visibility of the columns: drag a row, or focus its handle and use ↑/↓;
 * the last visible column cannot be hidden.
 */
export function ColumnSettings({ columns, onChange, titleOf }: ColumnSettingsProps) {
  const t = useT();
  const [dragging, setDragging] = useState<number | null>(null);
  const visibleCount = columns.filter((c) => c.visible).length;
  const listRef = useRef<HTMLUListElement>(null);
  const focusKey = useRef<ColumnKey | null>(null);
  // Rapid clicks and key presses can outrun a re-render (the preferences cache tells the table on a
  // timer): every change starts from the latest settings, including changes not rendered yet.
  const latest = useRef(columns);
  latest.current = columns;
  const change = (next: ColumnSetting[]) => {
    latest.current = next;
    onChange(next);
  };

  // After a keyboard move the row re-renders elsewhere: put the focus back on its handle.
  useEffect(() => {
    if (!focusKey.current) return;
    listRef.current?.querySelector<HTMLButtonElement>(`li[data-column="${focusKey.current}"] button[data-handle]`)?.focus();
    focusKey.current = null;
  }, [columns]);

  const toggle = (key: ColumnKey, visible: boolean) => change(latest.current.map((c) => (c.key === key ? { ...c, visible } : c)));

  const onDragOver = (event: DragEvent, index: number) => {
    if (dragging === null) return;
    event.preventDefault();
    if (dragging !== index) {
      change(moveColumn(latest.current, dragging, index));
      setDragging(index);
    }
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, key: ColumnKey) => {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = latest.current.findIndex((c) => c.key === key);
    const to = index + step;
    if (index < 0 || to < 0 || to >= latest.current.length) return;
    focusKey.current = key;
    change(moveColumn(latest.current, index, to));
  };

  const content = (
    <div className={styles.columnSettings}>
      <ul ref={listRef}>
        {columns.map((column, index) => {
          const title = titleOf(column.key);
          return (
            <li
              key={column.key}
              className={dragging === index ? styles.columnDragging : undefined}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', column.key);
                setDragging(index);
              }}
              onDragOver={(event) => onDragOver(event, index)}
              onDrop={(event) => event.preventDefault()}
              onDragEnd={() => setDragging(null)}
              data-column={column.key}
            >
              <button
                type="button"
                data-handle
                className={styles.dragHandle}
                aria-label={t('searchTable.actions.columnSetting.move', { title })}
                onKeyDown={(event) => onHandleKey(event, column.key)}
              >
                <IconDragArrow />
              </button>
              <Checkbox checked={column.visible} disabled={column.visible && visibleCount === 1} onChange={(checked) => toggle(column.key, checked)}>
                {title}
              </Checkbox>
            </li>
          );
        })}
      </ul>
      <Link className={styles.columnReset} onClick={() => change(defaultColumns)}>
        {t('searchTable.actions.columnSetting.reset')}
      </Link>
    </div>
  );

  return (
    <Popover trigger="click" position="bl" content={content}>
      <span>
        <Tooltip content={t('searchTable.actions.columnSetting')}>
          <Button icon={<IconSettings />} aria-label={t('searchTable.actions.columnSetting')} />
        </Tooltip>
      </span>
    </Popover>
  );
}
