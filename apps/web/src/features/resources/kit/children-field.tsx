import { Button, Form, Table, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import type { ChildrenField, ResourceDef } from '@atrium/contracts/resource';
import { resources } from '@atrium/contracts/slices';
import { cloneElement } from 'react';
import { Link } from 'react-router';
import type { TFunction } from '../../../lib/i18n';
import { fieldInput } from './field-input';
import { fieldRule, rowFormValues } from './form-values';
import { displayValue, fieldKey } from './labels';
import type { ReferenceLabels, ResourceRecord } from './resource-api';
import styles from './resource-page.module.css';

/** The labels of a parent's rows' references (`lines.product` in the answer) as the rows' own (`product`). */
function rowLabels(c: ChildrenField, labels: ReferenceLabels): ReferenceLabels {
  return Object.fromEntries(c.def.fields.flatMap((f) => (labels[`${c.name}.${f.name}`] ? [[f.name, labels[`${c.name}.${f.name}`]!]] : [])));
}

interface ChildrenInputProps {
  def: ResourceDef;
  field: ChildrenField;
  /** The record's labels (its rows' references under `<children>.<field>`). */
  labels: ReferenceLabels;
  /** The record's state locks its rows. */
  disabled: boolean;
  t: TFunction;
}

/**
 * A parent's rows in its form (an order's lines): a table of inputs, one row each, each field with its own
 * rule and the server's problems on it (`lines[3].quantity`); 添加一行 up to the field's limit and a delete
 * button per row. Saved with the parent (saveBody), in one transaction under its version.
 */
export function ChildrenInput({ def, field: c, labels, disabled, t }: ChildrenInputProps) {
  const known = rowLabels(c, labels);
  const label = t(fieldKey(def, c.name));
  return (
    <Form.List
      field={c.name}
      // the list's own problems (at least one row, at most `max`) under the table; a row's on its inputs
      rules={[{ validator: (rows: unknown[] | undefined, callback: (error?: string) => void) => callback(c.required && (rows ?? []).length === 0 ? t('common.required') : (rows ?? []).length > c.max ? t('validation.childrenMax', { n: c.max }) : undefined) }]}
    >
      {(rows, { add, remove }) => (
        <div className={styles.childrenInput} role="group" aria-label={label} data-testid={`${def.name}-form-${c.name}`}>
          <div className={styles.childrenScroll}>
            <table className={styles.childrenTable}>
              <thead>
                <tr>
                  <th scope="col" className={styles.childrenIndex}>
                    #
                  </th>
                  {c.def.fields.map((f) => (
                    <th key={f.name} scope="col">
                      {f.required && <span className={styles.childrenRequired}>* </span>}
                      {t(fieldKey(c.def, f.name))}
                    </th>
                  ))}
                  <th scope="col" className={styles.childrenActions}>
                    <span className={styles.visuallyHidden}>{t('resourcePage.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && (
                  <tr>
                    <td colSpan={c.def.fields.length + 2} className={styles.childrenEmpty}>
                      {t('resourcePage.children.empty')}
                    </td>
                  </tr>
                )}
                {rows.map((row, index) => (
                  <tr key={row.key}>
                    <td className={styles.childrenIndex}>{index + 1}</td>
                    {c.def.fields.map((f) => {
                      const name = t(fieldKey(c.def, f.name));
                      const input = fieldInput(f, { def: c.def, labels: known, disabled, t });
                      return (
                        <td key={f.name}>
                          <Form.Item field={`${row.field}.${f.name}`} rules={disabled ? [] : [fieldRule(c.def, f, t)]} triggerPropName={f.type === 'boolean' ? 'checked' : undefined} className={styles.childrenCell}>
                            {cloneElement(input, { 'aria-label': t('resourcePage.children.cell', { n: index + 1, field: name }) })}
                          </Form.Item>
                        </td>
                      );
                    })}
                    <td className={styles.childrenActions}>
                      <Button size="small" type="text" status="danger" icon={<IconDelete />} disabled={disabled} aria-label={t('resourcePage.children.remove', { n: index + 1 })} onClick={() => remove(index)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button className={styles.childrenAdd} long type="dashed" icon={<IconPlus />} disabled={disabled || rows.length >= c.max} onClick={() => add(rowFormValues(c, null))}>
            {rows.length >= c.max ? t('resourcePage.children.full', { n: c.max }) : t('resourcePage.children.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** The resource a row's reference points at, when the console has its page. */
const pageOf = (to: string | undefined) => resources.find((r) => r.name === to);

/** A parent's rows on its own page: a read-only table, references as links to their records' pages. */
export function ChildrenView({ field: c, record, labels, t }: { field: ChildrenField; record: ResourceRecord; labels: ReferenceLabels; t: TFunction }) {
  const known = rowLabels(c, labels);
  const rows = (record[c.name] as (Record<string, unknown> & { id: number })[] | undefined) ?? [];
  const columns: TableColumnProps<Record<string, unknown> & { id: number }>[] = [
    { title: '#', key: 'index', width: 56, render: (_, __, index) => index + 1 },
    ...c.def.fields.map((f) => ({
      title: t(fieldKey(c.def, f.name)),
      dataIndex: f.name,
      align: f.type === 'integer' || f.type === 'decimal' ? ('right' as const) : undefined,
      render: (value: unknown) => {
        const text = displayValue(c.def, f, value, known, t);
        const other = f.type === 'reference' && value != null ? pageOf(f.to) : undefined;
        return other ? (
          <Link to={`${other.path}/${String(value)}`} className={styles.recordLink}>
            {text}
          </Link>
        ) : (
          text
        );
      },
    })),
  ];
  return <Table rowKey="id" columns={columns} data={rows} pagination={false} border={false} scroll={{ x: true }} noDataElement={t('resourcePage.children.empty')} />;
}
