import { Button, Dropdown, Menu, Popconfirm, Space, type TableColumnProps } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import type { ResourceDef, ResourceFieldType } from '@atrium/contracts/resource';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import type { TFunction } from '../../../lib/i18n';
import { displayValue, fieldKey } from './labels';
import { buttonsWidth, lockedWhole, stateTag, transitionKey, transitionsOf } from './lifecycle';
import type { ReferenceLabels, ResourceRecord } from './resource-api';
import { sortOrderOf, type ResourceFilters } from './resource-url';
import styles from './resource-page.module.css';
import { scopeFieldKey, scopeFieldsOf } from './scope-names';
import { recordColumns } from './table-preferences';

export type ResourceColumn = TableColumnProps<ResourceRecord>;

/** Widths by type: a value reads whole on one line (long text ends in an ellipsis, whole on hover). */
const typeWidths: Record<ResourceFieldType, number> = { string: 160, text: 240, integer: 110, decimal: 130, boolean: 90, date: 120, datetime: 180, enum: 120, reference: 160 };
const numeric: readonly ResourceFieldType[] = ['integer', 'decimal'];
/** The record's title column (its `titleField`, a string): about 12 Chinese characters or 24 Latin ones. */
const TITLE_WIDTH = 220;

interface ColumnContext {
  def: ResourceDef;
  t: TFunction;
  wide: boolean;
  labels: ReferenceLabels;
  sort: ResourceFilters[string];
  visible: (key: string) => boolean;
}

/** At least as wide as the header, so a header does not wrap mid-word (English headers run longer). */
function headerWidth(title: string, sortable: boolean, wide: boolean): number {
  return Math.ceil(title.length * (wide ? 8 : 14)) + 32 + (sortable ? 24 : 0);
}

/**
 * A sortable column, its order held by the URL. Arco sorts on a click of the header only: the header is
 * also focusable, says its order (aria-sort), and Enter or Space sorts as the click does.
 */
function sorting(sort: ResourceFilters[string], key: string): Partial<ResourceColumn> {
  const order = sortOrderOf(sort, key);
  return {
    sorter: true,
    sortOrder: order,
    onHeaderCell: () => ({
      tabIndex: 0,
      'aria-sort': order === 'ascend' ? 'ascending' : order === 'descend' ? 'descending' : 'none',
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        event.currentTarget.querySelector<HTMLElement>('.arco-table-cell-with-sorter')?.click();
      },
    }),
  };
}

/** Every column the table may show, in the definition's order, then a scoped record's department and owner, then the record's times. */
export function columnChoices(def: ResourceDef, t: TFunction) {
  return [
    ...def.fields.map((f) => ({ key: f.name, title: t(fieldKey(def, f.name)) })),
    ...scopeFieldsOf(def).map((key) => ({ key, title: t(scopeFieldKey(key)) })),
    ...recordColumns.map((key) => ({ key, title: t(`resourcePage.columns.${key}`) })),
  ];
}

/**
 * The shown columns: enums and booleans by their labels, decimals with their scale, references (and a
 * scoped record's department and owner) by the label the list sent; sorting on the sortable fields (and
 * the record's times), held by the URL.
 */
export function resourceColumns({ def, t, wide, labels, sort, visible }: ColumnContext): ResourceColumn[] {
  const columns: ResourceColumn[] = [];
  for (const field of def.fields) {
    if (!visible(field.name)) continue;
    const title = t(fieldKey(def, field.name));
    const long = field.type === 'string' || field.type === 'text' || field.type === 'reference';
    columns.push({
      key: field.name,
      dataIndex: field.name,
      title,
      // the field that names a record reads as a name: a line of it, not its first words
      width: Math.max(field.name === def.titleField && long ? TITLE_WIDTH : typeWidths[field.type], headerWidth(title, Boolean(field.sortable), wide)),
      align: numeric.includes(field.type) ? 'right' : undefined,
      ellipsis: long,
      tooltip: long,
      ...(field.sortable ? sorting(sort, field.name) : {}),
      // a life cycle's state as a tag of the state's own colour; the title a link to the record's own page
      render: (value: unknown, row: ResourceRecord) =>
        field.state ? stateTag(def, value, t) : field.name === def.titleField ? <Link to={`${def.path}/${row.id}`} className={styles.recordLink}>{displayValue(def, field, value, labels, t)}</Link> : displayValue(def, field, value, labels, t),
    });
  }
  for (const key of scopeFieldsOf(def)) {
    if (!visible(key)) continue;
    const title = t(scopeFieldKey(key));
    columns.push({ key, dataIndex: key, title, width: Math.max(typeWidths.reference, headerWidth(title, false, wide)), ellipsis: true, tooltip: true, render: (value: unknown) => (value == null ? '-' : (labels[key]?.[String(value)] ?? `#${String(value)}`)) });
  }
  for (const key of recordColumns) {
    if (!visible(key)) continue;
    const title = t(`resourcePage.columns.${key}`);
    columns.push({ key, dataIndex: key, title, width: Math.max(180, headerWidth(title, true, wide)), ...sorting(sort, key), render: (value: string) => formatDateTime(value) });
  }
  return columns;
}

interface ActionsContext {
  def: ResourceDef;
  t: TFunction;
  wide: boolean;
  /** 编辑 and 删除 (a role holding `<name>:write`). */
  write?: { onEdit: (row: ResourceRecord) => void; onDelete: (row: ResourceRecord) => Promise<unknown> };
  /** A resource with a life cycle: 详情 (the record's drawer), and the transitions the row may take. */
  lifecycle?: { onView: (row: ResourceRecord) => void; onTransition: (row: ResourceRecord, name: string) => void };
}

/**
 * A row's actions, fixed at the right edge (the list frame lets them scroll with the row on a phone, where
 * they would cover the table): 编辑 and 删除 for a role holding `<name>:write` (删除 asks first), neither for
 * a record its state locks whole; with a life cycle, 详情 first and a menu of the transitions the caller may
 * fire on the row now (the server's `transitions`).
 */
export function actionsColumn({ def, t, wide, write, lifecycle }: ActionsContext): ResourceColumn {
  // with a life cycle, as wide as its buttons at most: 详情, 编辑, 删除 and the menu's 更多 ▾
  const width = lifecycle
    ? buttonsWidth([t('resourcePage.detail'), ...(write ? [t('common.edit'), t('common.delete')] : []), t('resourcePage.transitions.more')], 1)
    : wide
      ? 150
      : 130;
  return {
    key: 'actions',
    title: t('resourcePage.columns.actions'),
    width,
    fixed: 'right',
    render: (_: unknown, row: ResourceRecord) => {
      const transitions = lifecycle ? transitionsOf(def, row) : [];
      const writable = write && !lockedWhole(def, row);
      return (
        <Space size={0}>
          {lifecycle && (
            <Button type="text" size="small" onClick={() => lifecycle.onView(row)}>
              {t('resourcePage.detail')}
            </Button>
          )}
          {writable && (
            <Button type="text" size="small" onClick={() => write.onEdit(row)}>
              {t('common.edit')}
            </Button>
          )}
          {writable && (
            <Popconfirm
              title={t('resourcePage.delete.confirm', { title: String(row[def.titleField] ?? `#${row.id}`) })}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ status: 'danger' }}
              onOk={() => write.onDelete(row)}
            >
              <Button type="text" size="small" status="danger">
                {t('common.delete')}
              </Button>
            </Popconfirm>
          )}
          {lifecycle && transitions.length > 0 && (
            <Dropdown
              trigger="click"
              position="br"
              droplist={
                <Menu onClickMenuItem={(name) => lifecycle.onTransition(row, name)}>
                  {transitions.map((name) => (
                    <Menu.Item key={name}>{t(transitionKey(def, name))}</Menu.Item>
                  ))}
                </Menu>
              }
            >
              <Button type="text" size="small" aria-haspopup="menu">
                {t('resourcePage.transitions.more')}
                <IconDown />
              </Button>
            </Dropdown>
          )}
        </Space>
      );
    },
  };
}
