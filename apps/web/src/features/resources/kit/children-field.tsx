import { Button, Table, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import type { ChildrenField, ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { resources } from '@atrium/contracts/slices';
import { cloneElement, memo, useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useKeyboardScroll } from '../../../components/keyboard-scroll';
import { useLocale, type TFunction } from '../../../lib/i18n';
import { fieldInput } from './field-input';
import { fieldRule, ROW_KEY, rowFormValues, rowsFormValues, type RecordFormValues } from './form-values';
import { displayValue, fieldKey } from './labels';
import type { ReferenceLabels, ResourceRecord } from './resource-api';
import styles from './resource-page.module.css';

/** The labels of a parent's rows' references (`lines.product` in the answer) as the rows' own (`product`). */
function rowLabels(c: ChildrenField, labels: ReferenceLabels): ReferenceLabels {
  return Object.fromEntries(c.def.fields.flatMap((f) => (labels[`${c.name}.${f.name}`] ? [[f.name, labels[`${c.name}.${f.name}`]!]] : [])));
}

/** A row's problems by path (`lines[3].quantity`), as the form's check or the server said them. */
type RowErrors = Record<string, string>;

/**
 * What the form holds of a `children` field's table: its rows as they are now (read when it saves), and its
 * problems (the form's check and the server's answer put theirs; a cell edited clears or sets its own).
 */
export interface RowsHandle {
  rows: RecordFormValues[];
  errors: RowErrors;
  /** Changes the rows' problems and, with `summary`, says one under the table ('' for none). */
  setErrors: (change: (errors: RowErrors) => RowErrors, summary?: string) => void;
}

/** A handle for each `children` field of a form, kept across its renders. */
export function useRowsHandles(def: ResourceDef): Record<string, RowsHandle> {
  const handles = useRef<Record<string, RowsHandle>>({});
  for (const c of def.children) handles.current[c.name] ??= { rows: [], errors: {}, setErrors: () => undefined };
  return handles.current;
}

interface ChildrenInputProps {
  def: ResourceDef;
  field: ChildrenField;
  /** The record's labels (its rows' references under `<children>.<field>`). */
  labels: ReferenceLabels;
  /** The record's state locks its rows. */
  disabled: boolean;
  t: TFunction;
  /** The record whose rows it starts with (none: a new record); another record, or it read again, is a new table (`key`). */
  record: ResourceRecord | null;
  handle: RowsHandle;
}

/** A cell's problem by its field's rule ('' when none): what the form's check says of the value. */
function cellProblem(c: ChildrenField, f: ResourceField, value: unknown, t: TFunction): string {
  let problem = '';
  fieldRule(c.def, f, t).validator(value, (error) => (problem = error ?? ''));
  return problem;
}

/** Every problem of the rows by their fields' rules, by path. */
function rowProblems(c: ChildrenField, rows: readonly RecordFormValues[], t: TFunction): RowErrors {
  const out: RowErrors = {};
  rows.forEach((row, i) => {
    for (const f of c.def.fields) {
      const problem = cellProblem(c, f, row[f.name], t);
      if (problem) out[`${c.name}[${i}].${f.name}`] = problem;
    }
  });
  return out;
}

/** The problems after row `removed` is gone: its own dropped, those of the rows after it one row up. */
function withoutRow(c: ChildrenField, errors: RowErrors, removed: number): RowErrors {
  const out: RowErrors = {};
  const pattern = new RegExp(`^${c.name}\\[(\\d+)\\](.*)$`);
  for (const [path, message] of Object.entries(errors)) {
    const found = pattern.exec(path);
    if (!found) out[path] = message;
    else if (Number(found[1]) < removed) out[path] = message;
    else if (Number(found[1]) > removed) out[`${c.name}[${Number(found[1]) - 1}]${found[2]}`] = message;
  }
  return out;
}

/**
 * A parent's rows in its form (an order's lines): a table of inputs, one row each, each named by its row and
 * field (第 3 行数量), checked by its field's rule as it changes, the server's problems on it (`lines[3].quantity`);
 * 添加一行 up to the field's limit and a delete button per row. The table holds its rows itself (the form reads
 * them through `handle` when it saves), so a keystroke redraws its own row and nothing else: 500 rows stay quick
 * to type in. Saved with the parent (saveBody), in one transaction under its version.
 */
export function ChildrenInput({ def, field: c, labels, disabled, t, record, handle }: ChildrenInputProps) {
  const [rows, setRows] = useState(() => rowsFormValues(c, record));
  const [errors, setErrorsState] = useState<RowErrors>({});
  const [summary, setSummary] = useState('');
  handle.rows = rows;
  // the problems as of now, for the form's questions between renders (did an issue find its input?)
  handle.errors = errors;
  handle.setErrors = useCallback(
    (change: (errors: RowErrors) => RowErrors, said?: string) => {
      handle.errors = change(handle.errors);
      setErrorsState(handle.errors);
      if (said !== undefined) setSummary(said);
      else if (!Object.keys(handle.errors).length) setSummary('');
    },
    [handle],
  );
  const known = useMemo(() => rowLabels(c, labels), [c, labels]);
  const setCell = useCallback(
    (index: number, f: ResourceField, cell: unknown) => {
      setRows((now) => {
        const next = now.slice();
        next[index] = { ...now[index], [f.name]: cell };
        return next;
      });
      const problem = cellProblem(c, f, cell, t);
      const path = `${c.name}[${index}].${f.name}`;
      handle.setErrors((before) => {
        if ((before[path] ?? '') === problem) return before;
        const after = { ...before };
        if (problem) after[path] = problem;
        else delete after[path];
        return after;
      });
    },
    [c, t, handle],
  );
  const removeRow = useCallback(
    (index: number) => {
      setRows((now) => now.filter((_, i) => i !== index));
      handle.setErrors((before) => withoutRow(c, before, index));
    },
    [c, handle],
  );
  const label = t(fieldKey(def, c.name));
  return (
    <div className={styles.childrenInput} role="group" aria-label={label} data-testid={`${def.name}-form-${c.name}`}>
      {/* scrolls sideways on a phone: reachable by the keyboard, named as the table it holds */}
      <div className={styles.childrenScroll} tabIndex={0} role="region" aria-label={label}>
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
              <RowInputs key={String(row[ROW_KEY])} c={c} row={row} index={index} errors={rowErrorsOf(c, errors, index)} known={known} disabled={disabled} t={t} onCell={setCell} onRemove={removeRow} />
            ))}
          </tbody>
        </table>
      </div>
      {summary && (
        <div role="alert" className={styles.childrenSummary}>
          {summary}
        </div>
      )}
      <Button className={styles.childrenAdd} long type="dashed" icon={<IconPlus />} disabled={disabled || rows.length >= c.max} onClick={() => setRows((now) => [...now, rowFormValues(c, null)])}>
        {rows.length >= c.max ? t('resourcePage.children.full', { n: c.max }) : t('resourcePage.children.add')}
      </Button>
    </div>
  );
}

/**
 * The check of a `children` field's rows on save: each row's fields (their problems put on their inputs),
 * then the list's own (at least one row, at most `max`), said under the table. True when there is none.
 */
export function checkRows(c: ChildrenField, handle: RowsHandle, t: TFunction): boolean {
  const problems = rowProblems(c, handle.rows, t);
  const wrong = new Set(Object.keys(problems).map((path) => path.slice(0, path.indexOf(']')))).size;
  const said =
    wrong > 0 ? t('resourcePage.children.invalid', { n: wrong })
    : c.required && handle.rows.length === 0 ? t('common.required')
    : handle.rows.length > c.max ? t('validation.childrenMax', { n: c.max })
    : '';
  handle.setErrors(() => problems, said);
  return said === '';
}

const noErrors: Record<string, string> = {};

/** Row `index`'s problems by field name (one object for every row without any: those stay as drawn). */
function rowErrorsOf(c: ChildrenField, errors: RowErrors, index: number): Record<string, string> {
  const prefix = `${c.name}[${index}].`;
  let own: Record<string, string> | undefined;
  for (const [path, message] of Object.entries(errors)) {
    if (!path.startsWith(prefix)) continue;
    own ??= {};
    own[path.slice(prefix.length)] = message;
  }
  return own ?? noErrors;
}

interface RowInputsProps {
  c: ChildrenField;
  row: RecordFormValues;
  index: number;
  /** The row's problems by field name. */
  errors: Record<string, string>;
  known: ReferenceLabels;
  disabled: boolean;
  t: TFunction;
  onCell: (index: number, f: ResourceField, value: unknown) => void;
  onRemove: (index: number) => void;
}

/** One row's inputs and their problems; drawn again only when its own values, problems or place change. */
const RowInputs = memo(function RowInputs({ c, row, index, errors, known, disabled, t, onCell, onRemove }: RowInputsProps) {
  return (
    <tr>
      <td className={styles.childrenIndex}>{index + 1}</td>
      {c.def.fields.map((f) => {
        const input = fieldInput(f, { def: c.def, labels: known, disabled, t });
        const problem = errors[f.name];
        const id = `${c.name}-${String(row[ROW_KEY])}-${f.name}-error`;
        return (
          <td key={f.name} className={`${styles.childrenCell} ${f.type === 'integer' || f.type === 'decimal' ? styles.childrenNumber : ''}`} data-label={t(fieldKey(c.def, f.name))} data-required={f.required || undefined}>
            {cloneElement(input, {
              [f.type === 'boolean' ? 'checked' : 'value']: row[f.name],
              onChange: (next: unknown) => onCell(index, f, next),
              error: Boolean(problem),
              'aria-invalid': problem ? true : undefined,
              'aria-describedby': problem ? id : undefined,
              'aria-label': t('resourcePage.children.cell', { n: index + 1, field: t(fieldKey(c.def, f.name)) }),
            })}
            {problem && (
              <div id={id} role="alert" className={styles.childrenError}>
                {problem}
              </div>
            )}
          </td>
        );
      })}
      <td className={styles.childrenActions}>
        <Button size="small" type="text" status="danger" icon={<IconDelete />} disabled={disabled} aria-label={t('resourcePage.children.remove', { n: index + 1 })} onClick={() => onRemove(index)} />
      </td>
    </tr>
  );
});

/** The resource a row's reference points at, when the console has its page. */
const pageOf = (to: string | undefined) => resources.find((r) => r.name === to);

/** A parent's rows on its own page: a read-only table, references as links to their records' pages. */
export function ChildrenView({ field: c, record, labels, t }: { field: ChildrenField; record: ResourceRecord; labels: ReferenceLabels; t: TFunction }) {
  const known = rowLabels(c, labels);
  const rows = (record[c.name] as (Record<string, unknown> & { id: number })[] | undefined) ?? [];
  // scrolled sideways on a phone: reachable by the keyboard, named as the rows it holds
  const root = useRef<HTMLDivElement>(null);
  const locale = useLocale();
  useKeyboardScroll(root, c.label[locale]);
  const columns: TableColumnProps<Record<string, unknown> & { id: number }>[] = [
    { title: '#', key: 'index', width: 56, render: (_, __, index) => index + 1 },
    ...c.def.fields.map((f) => ({
      title: t(fieldKey(c.def, f.name)),
      dataIndex: f.name,
      // a name (a product's) gets a line of its own; a number the width of one (on a phone the table scrolls)
      width: f.type === 'integer' || f.type === 'decimal' ? 110 : f.type === 'boolean' || f.type === 'date' || f.type === 'enum' ? 120 : 200,
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
  return (
    <div ref={root}>
      <Table rowKey="id" columns={columns} data={rows} pagination={false} border={false} scroll={{ x: true }} noDataElement={t('resourcePage.children.empty')} />
    </div>
  );
}
