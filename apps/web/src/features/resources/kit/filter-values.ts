/**
 * The filter form's values and the URL's filters, both ways. A number range has an input for each end,
 * and either may stay open ("from 10", "up to 99"): the URL's range always has both ends, so an open end
 * travels as the field's bound (its `min` or `max`, else the column's limit) and reads back as open.
 */
import { formatDecimal, type ResourceDef, type ResourceField } from '@atrium/contracts/resource';
import { instantToLocal, localToInstant } from '../../../lib/format';
import type { ResourceFilters } from './resource-url';

/** An integer column's limit (±), as the contracts bound integers. */
export const INT_MAX = 2_147_483_647;
/** Digits of a decimal column in all (numeric(18, scale), as the contracts declare it). */
const DECIMAL_PRECISION = 18;

export type FilterFormValues = Record<string, unknown>;

/** The form's names of a number range's two inputs. */
export const rangeFrom = (name: string) => `${name}__from`;
export const rangeTo = (name: string) => `${name}__to`;

const isNumberRange = (f: ResourceField) => f.filter === 'range' && (f.type === 'integer' || f.type === 'decimal');

/** The values an open end of a number range stands for. */
export function rangeBounds(field: ResourceField): [string, string] {
  if (field.type === 'integer') return [String(field.min ?? -INT_MAX), String(field.max ?? INT_MAX)];
  const scale = field.scale ?? 2;
  const widest = '9'.repeat(DECIMAL_PRECISION - scale);
  const bound = (n: number | undefined, fallback: string) => (n === undefined ? fallback : formatDecimal(String(n), scale));
  return [bound(field.min, `-${widest}`), bound(field.max, widest)];
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The applied filters (from the URL) as the form shows them. */
export function toFilterForm(def: ResourceDef, filters: ResourceFilters): FilterFormValues {
  const values: FilterFormValues = {};
  for (const field of def.fields) {
    const value = filters[field.name];
    if (!field.filter || value === undefined) continue;
    if (Array.isArray(value)) {
      if (isNumberRange(field)) {
        const bounds = rangeBounds(field);
        const end = (v: string, bound: string) => (v === bound ? undefined : field.type === 'integer' ? Number(v) : v);
        values[rangeFrom(field.name)] = end(value[0], bounds[0]);
        values[rangeTo(field.name)] = end(value[1], bounds[1]);
      } else if (field.type === 'datetime') {
        const local = value.map(instantToLocal);
        if (local[0] && local[1]) values[field.name] = local;
      } else values[field.name] = [...value];
    } else if (field.type === 'reference') values[field.name] = Number(value);
    else if (field.type === 'datetime') values[field.name] = instantToLocal(value);
    else values[field.name] = value;
  }
  return values;
}

/** What the form holds as the URL's filters (a filter left empty: none). */
export function fromFilterForm(def: ResourceDef, values: FilterFormValues): ResourceFilters {
  const filters: ResourceFilters = {};
  for (const field of def.fields) {
    if (!field.filter) continue;
    if (isNumberRange(field)) {
      const from = values[rangeFrom(field.name)];
      const to = values[rangeTo(field.name)];
      if (blank(from) && blank(to)) continue;
      const bounds = rangeBounds(field);
      filters[field.name] = [blank(from) ? bounds[0] : String(from).trim(), blank(to) ? bounds[1] : String(to).trim()];
      continue;
    }
    const value = values[field.name];
    if (blank(value)) continue;
    if (Array.isArray(value)) {
      const [start, end] = value.map((v) => (field.type === 'datetime' ? localToInstant(String(v)) : String(v)));
      if (start && end) filters[field.name] = [start, end];
    } else if (field.type === 'datetime') filters[field.name] = localToInstant(String(value));
    else filters[field.name] = String(value);
  }
  return filters;
}
