import { Button, Form, Link, Message, Select, type TableProps } from '@arco-design/web-react';
import { BULK_MATCHING_MAX, BULK_SELECTED_MAX, bulkFields } from '@atrium/contracts/resource-calls';
import type { ResourceDef } from '@atrium/contracts/resource';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DialogModal } from '../../../components/dialog-modal';
import { applyFieldIssues, applyServerErrors } from '../../../lib/form-rules';
import { isApiError, type ApiError } from '../../../lib/api';
import { useLocale, useT, type Locale, type TFunction } from '../../../lib/i18n';
import { fieldInput } from './field-input';
import { bulkValue, fieldRule } from './form-values';
import { fieldKey, referrersText } from './labels';
import { bulkDelete, bulkUpdate, countMatching, resourceKeys, type BulkTarget, type ResourceRecord } from './resource-api';
import styles from './resource-page.module.css';
import { ScopeDepartmentSelect, ScopeOwnerSelect } from './scope-fields';
import { scopeFieldKey, type ScopeField } from './scope-names';

/** A row as the selection keeps it: what a bulk action sends, and the title a refusal names it by. */
interface Picked {
  id: number;
  version: number;
  title: string;
}

const titleOf = (def: ResourceDef, row: ResourceRecord) => String(row[def.titleField] ?? `#${row.id}`);

/**
 * The rows picked for a bulk action (across pages, at the versions shown), or every row the applied
 * filters match once their count was asked and confirmed. Either ends when the filters change: the
 * selection belongs to the list it was made on.
 */
export function useBulkSelection(def: ResourceDef, filtersKey: string, rows: readonly ResourceRecord[]) {
  const t = useT();
  const [picked, setPicked] = useState<ReadonlyMap<number, Picked>>(new Map());
  const [matching, setMatching] = useState<{ count: number } | null>(null);
  const clear = () => {
    setPicked(new Map());
    setMatching(null);
  };
  // a new list, a new selection
  useEffect(clear, [filtersKey]);
  // a picked row the list shows anew (reloaded after a save) is picked as shown: the version a bulk action
  // checks is the one on the operator's screen
  useEffect(() => {
    setPicked((was) => {
      const moved = rows.filter((row) => was.get(row.id) && was.get(row.id)!.version !== row.version);
      if (moved.length === 0) return was;
      const next = new Map(was);
      for (const row of moved) next.set(row.id, { id: row.id, version: row.version, title: titleOf(def, row) });
      return next;
    });
  }, [rows, def]);

  const pick = (rows: readonly ResourceRecord[], on: boolean) => {
    setMatching(null);
    setPicked((was) => {
      const next = new Map(was);
      for (const row of rows) {
        if (!on) next.delete(row.id);
        else if (next.size < BULK_SELECTED_MAX || next.has(row.id)) next.set(row.id, { id: row.id, version: row.version, title: titleOf(def, row) });
      }
      if (on && rows.some((row) => !next.has(row.id))) Message.warning(t('resourcePage.bulk.selectedMax', { n: BULK_SELECTED_MAX.toLocaleString('en-US') }));
      return next;
    });
  };

  /** The table's checkboxes: each named by its row's title for a screen reader (components/paged-table.tsx). */
  const rowSelection: TableProps<ResourceRecord>['rowSelection'] = {
    type: 'checkbox',
    selectedRowKeys: [...picked.keys()],
    preserveSelectedRowKeys: true,
    checkCrossPage: true,
    columnWidth: 48,
    checkboxProps: (row) => ({ 'data-pick-label': t('resourcePage.bulk.pickRow', { title: titleOf(def, row) }), disabled: matching !== null }),
    onSelect: (on, row) => pick([row], on),
    onSelectAll: (on, rows: ResourceRecord[]) => pick(on ? rows : [], on),
  };
  return { picked, matching, setMatching, clear, pick, rowSelection };
}

type BulkSelection = ReturnType<typeof useBulkSelection>;

/** A list of titles as a refusal names them: the first five, then how many more. */
function named(titles: string[], t: TFunction): string {
  const shown = titles.slice(0, 5).map((title) => t('resourcePage.bulk.quoted', { title }));
  const rest = titles.length - shown.length;
  return rest > 0 ? t('resourcePage.bulk.andMore', { list: shown.join(t('resourcePage.bulk.separator')), n: rest }) : shown.join(t('resourcePage.bulk.separator'));
}

/**
 * A bulk action's refusal as the operator reads it: which records stand in the way (by title when they
 * were picked on this page, else by id) and why; the server's own text for anything else.
 */
function bulkRefusal(def: ResourceDef, error: ApiError, picked: ReadonlyMap<number, Picked>, t: TFunction, locale: Locale, action: 'delete' | 'update'): string {
  const details = error.data.details && !Array.isArray(error.data.details) ? error.data.details : {};
  const titles = (ids: unknown) => (Array.isArray(ids) ? ids.map((id: number) => picked.get(id)?.title ?? `#${id}`) : []);
  switch (error.key) {
    case 'NOT_FOUND':
      return t('resourcePage.bulk.missing', { list: named(titles(details.ids), t) });
    case 'VERSION_CONFLICT':
      return t('resourcePage.bulk.stale', { list: named(titles(Array.isArray(details.records) ? details.records.map((r: { id: number }) => r.id) : []), t) });
    case 'FIELD_LOCKED':
      // a state that locks the whole record refuses its deletion as its change: said as what was asked
      return t(action === 'delete' ? 'resourcePage.bulk.lockedDelete' : 'resourcePage.bulk.locked', { list: named(titles(details.ids), t) });
    case 'COUNT_CHANGED':
      return t(details.capped ? 'resourcePage.bulk.countTooMany' : 'resourcePage.bulk.countChanged', { count: Number(details.count).toLocaleString(locale), n: BULK_MATCHING_MAX.toLocaleString(locale) });
    case 'IN_USE': {
      const rows = def.children.find((c) => c.name === details.children);
      if (rows) return t('resourcePage.bulk.hasRows', { list: named(titles(details.ids), t), count: Number(details.count).toLocaleString(locale), label: t(fieldKey(def, rows.name)) });
      return referrersText(details, t, locale, 'resourcePage.bulk', { list: named(titles(details.ids), t) }) ?? error.message;
    }
    default:
      return error.message;
  }
}

interface BulkBarProps {
  def: ResourceDef;
  selection: BulkSelection;
  /** The rows of the page shown, and how many the list says match (capped: more). */
  rows: readonly ResourceRecord[];
  total: number;
  totalCapped: boolean;
  /** The applied filters as the list's query carries them. */
  filters: Record<string, string | string[]>;
}

/**
 * What the picked rows can have done to them at once, shown while any is picked: 批量修改 (one field to one
 * value), 批量删除, and, once the whole page is picked and more match, every row the filters match (their
 * count asked of the server and confirmed in the dialogs). All or nothing on the server; a refusal names
 * the records in the way and leaves the selection, a success clears it.
 */
export function BulkBar({ def, selection, rows, total, totalCapped, filters }: BulkBarProps) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { picked, matching, setMatching, clear } = selection;
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const count = matching?.count ?? picked.size;
  const target = (): BulkTarget => (matching ? { matching: { filters, count: matching.count } } : { records: [...picked.values()].map(({ id, version }) => ({ id, version })) });

  const counting = useMutation({
    mutationFn: () => countMatching(def, filters),
    onSuccess: ({ count: n, capped }) => {
      if (capped) Message.warning(t('resourcePage.bulk.countTooMany', { count: n.toLocaleString(locale), n: BULK_MATCHING_MAX.toLocaleString(locale) }));
      else setMatching({ count: n });
    },
  });
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.name) });
  const done = (n: number, key: string, unchanged = 0) => {
    const counts = { count: n.toLocaleString(locale), unchanged: unchanged.toLocaleString(locale) };
    // records that held an edit's value already are left as they were: said apart, and alone when none changed
    if (n === 0 && unchanged > 0) Message.info(t('resourcePage.bulk.allUnchanged', counts));
    else Message.success(t(unchanged > 0 ? `${key}Unchanged` : key, counts));
    setDialog(null);
    clear();
    refreshLists();
  };
  const refused = (action: 'delete' | 'update') => (error: unknown) => {
    if (!isApiError(error)) return;
    // a new count: the dialog stays, showing it, for the operator to confirm again; any other refusal
    // (records gone, changed, locked, referred to) asks for a new selection
    const recount = error.key === 'COUNT_CHANGED' && error.data.details && !Array.isArray(error.data.details) && !error.data.details.capped;
    if (recount) setMatching({ count: Number((error.data.details as { count: number }).count) });
    else setDialog(null);
    Message.error(bulkRefusal(def, error, picked, t, locale, action));
    refreshLists();
  };
  const removal = useMutation({
    mutationFn: () => bulkDelete(def, target()),
    onSuccess: ({ count: n }) => done(n, 'resourcePage.bulk.deleted'),
    onError: refused('delete'),
  });

  if (count === 0) return null;
  const pageAllPicked = !matching && rows.length > 0 && rows.every((row) => picked.has(row.id));
  const more = totalCapped || total > picked.size;
  return (
    <div className={styles.bulkBar} role="region" aria-label={t('resourcePage.bulk.region')} data-testid="bulk-bar">
      <span className={styles.bulkCount} aria-live="polite">
        {matching ? t('resourcePage.bulk.allMatching', { count: count.toLocaleString(locale) }) : t('resourcePage.bulk.picked', { count: count.toLocaleString(locale) })}
      </span>
      {pageAllPicked && more && (
        <Link onClick={() => counting.mutate()} disabled={counting.isPending}>
          {t('resourcePage.bulk.pickMatching')}
        </Link>
      )}
      <span className={styles.bulkActions}>
        <Button size="small" onClick={() => setDialog('edit')}>
          {t('resourcePage.bulk.edit')}
        </Button>
        <Button size="small" type="outline" status="danger" onClick={() => setDialog('delete')}>
          {t('resourcePage.bulk.delete')}
        </Button>
        <Button size="small" type="text" onClick={clear}>
          {t('resourcePage.bulk.clear')}
        </Button>
      </span>
      <DialogModal
        title={t('resourcePage.bulk.deleteTitle')}
        visible={dialog === 'delete'}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ status: 'danger' }}
        confirmLoading={removal.isPending}
        onOk={() => removal.mutate()}
        onCancel={() => setDialog(null)}
      >
        {t('resourcePage.bulk.deleteConfirm', { count: count.toLocaleString(locale) })}
      </DialogModal>
      <BulkEditDialog def={def} visible={dialog === 'edit'} count={count} target={target} onDone={(n, unchanged) => done(n, 'resourcePage.bulk.updated', unchanged)} onRefused={refused('update')} onCancel={() => setDialog(null)} />
    </div>
  );
}

interface BulkEditValues {
  field?: string;
  value?: unknown;
}

interface BulkEditDialogProps {
  def: ResourceDef;
  visible: boolean;
  count: number;
  target: () => BulkTarget;
  onDone: (count: number, unchanged: number) => void;
  onRefused: (error: unknown) => void;
  onCancel: () => void;
}

/** 批量修改: a field a bulk edit may set (bulkFields: not read-only, not unique, not a state), and its value, checked as the form checks it. */
function BulkEditDialog({ def, visible, count, target, onDone, onRefused, onCancel }: BulkEditDialogProps) {
  const t = useT();
  const locale = useLocale();
  const [form] = Form.useForm<BulkEditValues>();
  const [name, setName] = useState<string>();
  const field = def.fields.find((f) => f.name === name);
  const scopeName = !field && (name === 'department' || name === 'owner') ? (name as ScopeField) : undefined;
  const labelOf = (n: string) => t(def.fields.some((f) => f.name === n) ? fieldKey(def, n) : scopeFieldKey(n as ScopeField));
  // the value's input is built for one field: a new field starts it empty
  const last = useRef(name);
  useEffect(() => {
    if (last.current !== name) form.setFieldValue('value', undefined);
    last.current = name;
  }, [name, form]);

  const save = useMutation({
    mutationFn: ({ field: n, value }: { field: string; value: unknown }) => bulkUpdate(def, n, value, target()),
    onSuccess: ({ count: n, unchanged }) => onDone(n, unchanged),
    onError: (error) => {
      // a value the server refused is shown on its input; anything else names the records in the way
      if (isApiError(error) && error.key === 'VALIDATION_FAILED') applyServerErrors(form, error);
      else onRefused(error);
    },
  });
  const submit = () =>
    void form.validate().then(
      (values) => {
        const checked = bulkValue(def, values.field!, values.value, t);
        if (checked.ok) save.mutate({ field: values.field!, value: checked.value });
        else applyFieldIssues(form, checked.issues);
      },
      () => undefined,
    );
  const input = field ? (
    fieldInput(field, { def, labels: {}, disabled: false, t })
  ) : scopeName === 'department' ? (
    <ScopeDepartmentSelect def={def} aria-label={labelOf(scopeName)} placeholder={t('resourcePage.select.placeholder')} />
  ) : scopeName === 'owner' ? (
    <ScopeOwnerSelect def={def} aria-label={labelOf(scopeName)} placeholder={t('resourcePage.select.placeholder')} />
  ) : null;
  const required = { validator: (value: unknown, callback: (error?: string) => void) => callback(value === undefined || value === null || value === '' ? t('common.required') : undefined) };

  return (
    <DialogModal
      title={t('resourcePage.bulk.editTitle', { count: count.toLocaleString(locale) })}
      visible={visible}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onCancel}
      afterClose={() => {
        form.resetFields();
        setName(undefined);
      }}
      unmountOnExit
    >
      <Form form={form} layout="vertical" autoComplete="off" id={`${def.name}-bulk-edit`}>
        <Form.Item label={t('resourcePage.bulk.field')} field="field" required rules={[required]}>
          <Select placeholder={t('resourcePage.select.placeholder')} options={bulkFields(def).map((n) => ({ value: n, label: labelOf(n) }))} onChange={(next: string) => setName(next)} aria-label={t('resourcePage.bulk.field')} />
        </Form.Item>
        {input && (
          <Form.Item
            key={name}
            label={t('resourcePage.bulk.value', { field: labelOf(name!) })}
            field="value"
            required={field ? field.required : true}
            rules={field ? [fieldRule(def, field, t)] : [required]}
            triggerPropName={field?.type === 'boolean' ? 'checked' : undefined}
            initialValue={field?.type === 'boolean' ? false : undefined}
          >
            {input}
          </Form.Item>
        )}
      </Form>
    </DialogModal>
  );
}
