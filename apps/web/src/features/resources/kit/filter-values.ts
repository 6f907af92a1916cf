/**
 * The filter form's values and the URL's filters, both ways. A range (number, date, date and time) has an
 * input for each end, and either may stay open ("from 10", "up to 99", "since 1 March"): the URL's range
 * is the name twice, start then end, an open end empty (`amount=10&amount=`, `due=&due=2026-03-31`), as
 * the list call takes it. A date and time is local in the form and an instant (UTC) in the URL.
 */
import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { instantToLocal, localToInstant } from '../../../lib/format';
import type { ResourceFilters } from './resource-url';
import { scopeFieldsOf } from './scope-names';

/** An integer column's limit (±), as the contracts bound integers. */
export const INT_MAX = 2_147_483_647;

export type FilterFormValues = Record<string, unknown>;

/** The form's names of a range's two inputs. */
export const rangeFrom = (name: string) => `${name}__from`;
export const rangeTo = (name: string) => `${name}__to`;

const isRange = (f: ResourceField) => f.filter === 'range';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The applied filters (from the URL) as the form shows them. */
export function toFilterForm(def: ResourceDef, filters: ResourceFilters): FilterFormValues {
  const values: FilterFormValues = {};
  for (const field of def.fields) {
    const value = filters[field.name];
    if (!field.filter || value === undefined) continue;
    if (isRange(field)) {
      // the name once is a start
      const [from, to] = Array.isArray(value) ? value : [value, ''];
      const end = (v: string) => (blank(v) ? undefined : field.type === 'integer' ? Number(v) : field.type === 'datetime' ? instantToLocal(v) : v);
      values[rangeFrom(field.name)] = end(from);
      values[rangeTo(field.name)] = end(to);
    } else if (Array.isArray(value)) continue;
    else if (field.type === 'reference') values[field.name] = Number(value);
    else if (field.type === 'datetime') values[field.name] = instantToLocal(value);
    else values[field.name] = value;
  }
  for (const name of scopeFieldsOf(def)) {
    const value = filters[name];
    if (typeof value === 'string' && !blank(value)) values[name] = Number(value);
  }
  return values;
}

/** What the form holds as the URL's filters (a filter left empty: none). */
export function fromFilterForm(def: ResourceDef, values: FilterFormValues): ResourceFilters {
  const filters: ResourceFilters = {};
  for (const field of def.fields) {
    if (!field.filter) continue;
    if (isRange(field)) {
      const end = (v: unknown) => (blank(v) ? '' : field.type === 'datetime' ? (localToInstant(String(v)) ?? '') : String(v).trim());
      const [from, to] = [end(values[rangeFrom(field.name)]), end(values[rangeTo(field.name)])];
      if (from !== '' || to !== '') filters[field.name] = [from, to];
      continue;
    }
    const value = values[field.name];
    if (blank(value)) continue;
    if (field.type === 'datetime') filters[field.name] = localToInstant(String(value));
    else filters[field.name] = String(value);
  }
  for (const name of scopeFieldsOf(def)) if (!blank(values[name])) filters[name] = String(values[name]);
  return filters;
}
