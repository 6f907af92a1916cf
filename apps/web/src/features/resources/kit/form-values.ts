/**
 * The record form's values and the bodies of the save. The checks are the definition's form schema, the
 * one the server applies to the same body, so a field error reads the same whichever side found it.
 */
import type { ChildrenField, ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { resourceSchemas } from '@atrium/contracts/resource-calls';
import type { z } from 'zod';
import { zodIssues, zodRule } from '../../../lib/form-rules';
import type { TFunction } from '../../../lib/i18n';
import type { FieldIssue } from '@atrium/contracts/envelope';
import { instantToLocal, localToInstant } from '../../../lib/format';
import type { ResourceRecord } from './resource-api';
import { formFieldsOf } from './lifecycle';
import { scopeFieldsOf } from './scope-names';

export type RecordFormValues = Record<string, unknown>;

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** What the form shows first: the record's values, or the definition's defaults for a new record. */
export function formValuesOf(def: ResourceDef, record: ResourceRecord | null): RecordFormValues {
  const values: RecordFormValues = {};
  for (const field of formFieldsOf(def)) {
    const value = record ? record[field.name] : field.default;
    if (field.type === 'boolean') values[field.name] = value ?? false;
    else if (value === null || value === undefined) values[field.name] = undefined;
    else if (field.type === 'datetime') values[field.name] = instantToLocal(String(value)) ?? value;
    else values[field.name] = value;
  }
  // a new record's department and owner: the caller's, once the picker's call has said them (resource-form.tsx)
  for (const name of scopeFieldsOf(def)) values[name] = record?.[name] ?? undefined;
  return values;
}

/** A record's rows of a `children` field as its table starts with them: a new record none, or one when it needs one. */
export function rowsFormValues(c: ChildrenField, record: ResourceRecord | null): RecordFormValues[] {
  if (!record) return c.required ? [rowFormValues(c, null)] : [];
  return ((record[c.name] as Record<string, unknown>[] | undefined) ?? []).map((row) => rowFormValues(c, row));
}

/** A row's key in the form's table (its React key while it is edited; never sent). */
export const ROW_KEY = '$row';
let rowSerial = 0;

/** A row of a `children` field as its inputs show it: its id and values, or a new row's defaults. */
export function rowFormValues(c: ChildrenField, row: Record<string, unknown> | null): RecordFormValues {
  const values: RecordFormValues = { [ROW_KEY]: ++rowSerial, ...(row ? { id: row.id } : {}) };
  for (const f of c.def.fields) {
    const value = row ? row[f.name] : f.default;
    if (f.type === 'boolean') values[f.name] = value ?? false;
    else if (value === null || value === undefined) values[f.name] = undefined;
    else if (f.type === 'datetime') values[f.name] = instantToLocal(String(value)) ?? value;
    else values[f.name] = value;
  }
  return values;
}

/** One input's value as the body carries it: an empty input is null; a picked local time an instant. */
function bodyValue(field: ResourceField, value: unknown): unknown {
  // A switch shows "off" before anyone touches it, and off is what it sends.
  if (field.type === 'boolean') return value ?? false;
  if (isEmpty(value)) return null;
  if (field.type === 'datetime') return localToInstant(String(value)) ?? value;
  return value;
}

/** The Arco rule of a field: required first (with the contracts' text), then the field's own schema. */
export function fieldRule(def: ResourceDef, field: ResourceField, t: TFunction) {
  const rule = zodRule(resourceSchemas(def).form.shape[field.name] as z.ZodType, t);
  return {
    validator: (value: unknown, callback: (error?: string) => void) => {
      if (field.required && field.type !== 'boolean' && isEmpty(value)) callback(t('common.required'));
      else rule.validator(bodyValue(field, value), callback);
    },
  };
}

export type SaveBody = { ok: true; body: Record<string, unknown> } | { ok: false; issues: FieldIssue[] };

/**
 * The body of a save, as the contract's schema outputs it (text trimmed, instants in UTC). A new record
 * carries every field but a life cycle's state; an edit every editable one (a read-only field is set on create only) and the
 * version it was read at; a scoped record's department and owner both; its rows (`children` fields) whole, in
 * their order. A field left empty is sent as null, so an edit can clear it.
 */
export function saveBody(def: ResourceDef, values: RecordFormValues, version: number | null, t: TFunction, keepRows: readonly string[] = []): SaveBody {
  // never the state of a life cycle: only a transition writes it
  const fields = version === null ? formFieldsOf(def) : formFieldsOf(def).filter((f) => !f.readOnly);
  const body: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f.name, bodyValue(f, values[f.name])]));
  // left empty: left out, which the server reads as the writer's department and the writer (an edit: as they were)
  for (const name of scopeFieldsOf(def)) if (!isEmpty(values[name])) body[name] = values[name];
  // every row in the table's order (a saved one with its id); `keepRows`: left out, as the record has them
  for (const c of def.children) {
    if (keepRows.includes(c.name)) continue;
    const rows = (values[c.name] as RecordFormValues[] | undefined) ?? [];
    body[c.name] = rows.map((row) => ({ ...(typeof row.id === 'number' ? { id: row.id } : {}), ...Object.fromEntries(c.def.fields.map((f) => [f.name, bodyValue(f, row[f.name])])) }));
  }
  const schema = version === null ? resourceSchemas(def).form : resourceSchemas(def).update;
  const parsed = schema.safeParse(version === null ? body : { ...body, version });
  if (!parsed.success) return { ok: false, issues: zodIssues(parsed.error, t) };
  return { ok: true, body: parsed.data as Record<string, unknown> };
}

/**
 * A bulk edit's value of one field as the body carries it (a department or an owner as its id), checked as
 * the form checks the field: the value, or the problems the dialog shows on its input.
 */
export function bulkValue(def: ResourceDef, name: string, value: unknown, t: TFunction): { ok: true; value: unknown } | { ok: false; issues: FieldIssue[] } {
  const field = def.fields.find((f) => f.name === name);
  const given = field ? bodyValue(field, value) : isEmpty(value) ? null : value;
  if (!field && given === null) return { ok: false, issues: [{ path: 'value', message: t('common.required') }] };
  const parsed = (resourceSchemas(def).form.shape[name] as z.ZodType).safeParse(given);
  if (!parsed.success) return { ok: false, issues: zodIssues(parsed.error, t).map((issue) => ({ ...issue, path: 'value' })) };
  return { ok: true, value: parsed.data ?? null };
}
