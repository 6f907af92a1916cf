import { Alert, Button, Form, Message, Space, Spin } from '@arco-design/web-react';
import { errorMessages } from '@atrium/contracts/messages/errors';
import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactElement } from 'react';
import { isApiError, type ApiError } from '../../../lib/api';
import { applyFieldIssues, applyServerErrors } from '../../../lib/form-rules';
import { useLocale, useT } from '../../../lib/i18n';
import { fieldInput } from './field-input';
import { fieldRule, formValuesOf, saveBody, type RecordFormValues } from './form-values';
import { fieldKey, labelKey } from './labels';
import { formFieldsOf, lockedOf, lockedWhole, stateLabelOf } from './lifecycle';
import { checkRows, ChildrenInput, useRowsHandles } from './children-field';
import { createRecord, getRecord, recordPageQuery, resourceKeys, updateRecord, type ReferenceLabels, type ResourceRecord } from './resource-api';
import styles from './resource-page.module.css';
import { DialogDrawer } from '../../../components/dialog-drawer';
import { scopeDepartmentsQuery } from '../../system-department/api/scope-queries';
import { ScopeDepartmentSelect, ScopeOwnerSelect } from './scope-fields';
import { scopeFieldKey, scopeFieldsOf } from './scope-names';

/** `create`, or `edit` of a row (with the labels of its references); null while closed. */
export type ResourceFormTarget = { mode: 'create' } | { mode: 'edit'; record: ResourceRecord; labels: ReferenceLabels } | null;

/** A team's own input for a field, by name, in place of the kit's (the kit's label and rules stay). */
export type ResourceFormInputs = Partial<Record<string, (field: ResourceField) => ReactElement>>;

interface ResourceFormDrawerProps {
  def: ResourceDef;
  target: ResourceFormTarget;
  onClose: () => void;
  inputs?: ResourceFormInputs;
}

/** No labels: one object, so the rows' table keeps its rows as drawn. */
const noLabels: ReferenceLabels = {};

/** Drawers take the whole width of a phone; a record with rows (an order's lines) a wider one for their table. */
const DRAWER_WIDTH = 'min(560px, 100vw)';
const WIDE_DRAWER_WIDTH = 'min(880px, 100vw)';

/** The field a UNIQUE_VIOLATION names: as a field issue, or as `details.field`. */
function uniqueField(def: ResourceDef, error: ApiError): string | undefined {
  const details = error.data.details;
  const named = error.fieldIssues[0]?.path ?? (details && !Array.isArray(details) && typeof details.field === 'string' ? details.field : undefined);
  return def.fields.some((f) => f.name === named) ? named : undefined;
}

/**
 * 新建 / 编辑 a record, built from the definition and checked with its form schema. The server's field
 * errors land on their fields; a VERSION_CONFLICT (someone saved the record after it was opened) keeps
 * the operator's input and offers to reload the record as it now is.
 */
export function ResourceFormDrawer({ def, target, onClose, inputs }: ResourceFormDrawerProps) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RecordFormValues>();
  // Both belong to one opening of the drawer: a new target starts without them.
  const [reloaded, setReloaded] = useState<{ for: ResourceFormTarget; record: ResourceRecord; labels: ReferenceLabels } | null>(null);
  const [conflictFor, setConflictFor] = useState<ResourceFormTarget>(null);
  const editing = target?.mode === 'edit' ? (reloaded?.for === target ? reloaded : target) : null;
  const conflict = target !== null && conflictFor === target;
  // A list's row has no rows of its own (an order's lines): the record is read whole before its form opens,
  // so a save never sends the lines as none.
  const needsRows = Boolean(editing && def.children.some((c) => !Array.isArray(editing.record[c.name])));
  const whole = useQuery({ ...recordPageQuery(def, editing?.record.id ?? 0), enabled: needsRows });
  useEffect(() => {
    if (!needsRows || !whole.data || target?.mode !== 'edit') return;
    const { labels, ...record } = whole.data;
    setReloaded({ for: target, record, labels });
  }, [needsRows, whole.data, target]);
  // gone meanwhile (or out of reach now): said, and the list shows what is left; no form waits for it
  useEffect(() => {
    if (!needsRows || !whole.isError) return;
    if (isApiError(whole.error) && whole.error.key === 'NOT_FOUND') Message.error(t('resourcePage.record.notFound'));
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.name) });
    onClose();
  }, [needsRows, whole.isError, whole.error, t, queryClient, def.name, onClose]);

  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.name) });

  // A new scoped record starts in the caller's department (when their scope reaches it) and with the caller
  // as its owner, as the server would put it; the operator may pick others the pickers offer.
  const creating = target?.mode === 'create';
  const scopeDefaults = useQuery({ ...scopeDepartmentsQuery(def.name, locale), enabled: def.scoped && creating }).data?.defaults;
  const defaults = def.scoped && creating && scopeDefaults ? { department: scopeDefaults.department ?? undefined, owner: scopeDefaults.owner.id } : {};
  useEffect(() => {
    if (!scopeDefaults || !creating || !def.scoped) return;
    // the answer came after the form opened: its fields take it unless the operator picked already
    if (form.getFieldValue('department') === undefined && scopeDefaults.department !== null) form.setFieldValue('department', scopeDefaults.department);
    if (form.getFieldValue('owner') === undefined) form.setFieldValue('owner', scopeDefaults.owner.id);
  }, [scopeDefaults, creating, def.scoped, form]);
  const scopeLabels = { department: editing?.labels.department, owner: { ...editing?.labels.owner, ...(scopeDefaults ? { [String(scopeDefaults.owner.id)]: scopeDefaults.owner.label } : {}) } };

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (editing ? updateRecord(def, editing.record.id, body) : createRecord(def, body)),
    onSuccess: (saved, body) => {
      // the server keeps a record saved with the values it holds as it was: at the version the form sent
      if (editing && saved.version === body.version) Message.info(t('resourcePage.saved.unchanged'));
      else Message.success(t(editing ? 'common.saveSuccess' : 'common.createSuccess'));
      refreshLists();
      onClose();
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      if (error.key === 'VERSION_CONFLICT') setConflictFor(target);
      else if (error.key === 'UNIQUE_VIOLATION') {
        const text = error.message || errorMessages[locale].UNIQUE_VIOLATION;
        const field = uniqueField(def, error);
        if (field) form.setFields({ [field]: { error: { message: text } } });
        else Message.error(text);
      } else applyServerErrors(routed, error);
    },
  });

  const reload = useMutation({
    mutationFn: (id: number) => getRecord(def, id),
    onSuccess: ({ labels, ...record }) => {
      setReloaded({ for: target, record, labels });
      setConflictFor(null);
      form.resetFields();
      form.setFieldsValue(formValuesOf(def, record));
      refreshLists();
    },
    // Gone meanwhile (404, toasted): the list shows what is left.
    onError: refreshLists,
  });

  // the fields the record's state locks (a life cycle's): shown, not changed, sent as the record has them
  const locked = lockedOf(def, editing?.record);
  // a state that locks the whole record locks its rows too: shown, not sent
  const rowsLocked = Boolean(editing && def.lifecycle && lockedWhole(def, editing.record));

  // The rows' problems (`lines[3].quantity`) are the rows' tables' to show, the others the form's: saveBody's
  // check and the server's answer reach both through `routed`.
  const rowsHandles = useRowsHandles(def);
  const handleOf = (path: string) => {
    const c = def.children.find((x) => path.startsWith(`${x.name}[`));
    return c && rowsHandles[c.name];
  };
  const routed = {
    setFields: (fields: Record<string, { error?: { message: string } }>) => {
      for (const [path, f] of Object.entries(fields)) handleOf(path)?.setErrors((before) => ({ ...before, [path]: f.error?.message ?? '' }));
      form.setFields(Object.fromEntries(Object.entries(fields).filter(([path]) => !handleOf(path))));
    },
    getFieldError: (path: string) => handleOf(path)?.errors[path] ?? form.getFieldError(path),
  };

  const submit = () =>
    void form.validate().then(
      (values) => {
        // each table of rows checked, its rows taken as they are now (a state that locks them: left out)
        if (!rowsLocked && !def.children.every((c) => checkRows(c, rowsHandles[c.name]!, t))) return;
        for (const c of def.children) values[c.name] = rowsHandles[c.name]!.rows;
        const kept = editing ? Object.fromEntries(locked.map((name) => [name, editing.record[name]])) : {};
        const result = saveBody(def, { ...values, ...kept }, editing ? editing.record.version : null, t, rowsLocked ? def.children.map((c) => c.name) : []);
        if (result.ok) save.mutate(result.body);
        else applyFieldIssues(routed, result.issues);
      },
      () => undefined,
    );

  const label = t(labelKey(def));
  return (
    <DialogDrawer
      width={def.children.length > 0 ? WIDE_DRAWER_WIDTH : DRAWER_WIDTH}
      title={t(editing ? 'resourcePage.edit.title' : 'resourcePage.create.title', { label })}
      visible={target !== null}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} disabled={needsRows || rowsLocked} onClick={submit}>
            {t('common.save')}
          </Button>
        </Space>
      }
      afterClose={() => form.resetFields()}
      unmountOnExit
    >
      {conflict && editing && (
        <Alert
          className={styles.conflict}
          type="warning"
          title={t('resourcePage.conflict.title')}
          content={t('resourcePage.conflict.text')}
          action={
            <Button size="small" type="primary" loading={reload.isPending} onClick={() => reload.mutate(editing.record.id)}>
              {t('resourcePage.conflict.reload')}
            </Button>
          }
        />
      )}
      {/* read again in a state that locks it whole (approved meanwhile): said once, nothing to save */}
      {rowsLocked && !conflict && <Alert className={styles.conflict} type="info" content={t('resourcePage.locked.whole', { state: stateLabelOf(def, editing!.record, t) })} />}
      {needsRows ? (
        <Spin className={styles.detailLoading} />
      ) : (
      <Form id={`${def.name}-form`} form={form} layout="vertical" autoComplete="off" initialValues={{ ...formValuesOf(def, editing?.record ?? null), ...defaults }}>
        {formFieldsOf(def).map((field) => {
          const byState = locked.includes(field.name);
          const fixed = Boolean(editing && field.readOnly) || byState;
          const input = inputs?.[field.name]?.(field) ?? fieldInput(field, { def, labels: editing?.labels ?? {}, disabled: fixed, t });
          return (
            <Form.Item
              key={field.name}
              label={t(fieldKey(def, field.name))}
              field={field.name}
              required={field.required}
              rules={fixed ? [] : [fieldRule(def, field, t)]}
              triggerPropName={field.type === 'boolean' ? 'checked' : undefined}
              extra={byState && !rowsLocked ? t('resourcePage.locked.hint') : field.readOnly && !editing ? t('resourcePage.readOnly.hint') : undefined}
            >
              {input}
            </Form.Item>
          );
        })}
        {def.children.map((c) => (
          <Form.Item key={c.name} label={t(fieldKey(def, c.name))} required={c.required}>
            <ChildrenInput
              // a new opening, or the record read again, starts the table from its rows
              key={`${editing?.record.id ?? 'new'}-${editing?.record.version ?? 0}`}
              def={def}
              field={c}
              labels={editing?.labels ?? noLabels}
              disabled={rowsLocked}
              t={t}
              record={editing?.record ?? null}
              handle={rowsHandles[c.name]!}
            />
          </Form.Item>
        ))}
        {scopeFieldsOf(def).map((name) => {
          const label = t(scopeFieldKey(name));
          const Picker = name === 'department' ? ScopeDepartmentSelect : ScopeOwnerSelect;
          const byState = locked.includes(name);
          return (
            <Form.Item key={name} label={label} field={name} extra={byState && !rowsLocked ? t('resourcePage.locked.hint') : undefined}>
              <Picker def={def} aria-label={label} placeholder={t('resourcePage.select.placeholder')} known={scopeLabels[name]} disabled={byState} data-testid={`${def.name}-form-${name}`} />
            </Form.Item>
          );
        })}
      </Form>
      )}
    </DialogDrawer>
  );
}
