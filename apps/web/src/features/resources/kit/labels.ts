/**
 * A resource's texts and how its values read. The texts are i18n keys filled from the definitions
 * (resourceMessages() in contracts/resource-names.ts, merged into lib/dictionary-*.ts); the kit's own words are
 * `resourcePage.*` (locales/<locale>/resource.ts).
 */
import { formatDecimal, type ResourceDef, type ResourceField } from '@atrium/contracts/resource';
import { resources } from '@atrium/contracts/slices';
import { formatDateTime } from '../../../lib/format';
import type { Locale, TFunction } from '../../../lib/i18n';
import type { ReferenceLabels } from './resource-api';

export const labelKey = (def: ResourceDef) => `resource.${def.name}.label`;
export const fieldKey = (def: ResourceDef, field: string) => `resource.${def.name}.field.${field}`;
const valueKey = (def: ResourceDef, field: string, value: string) => `resource.${def.name}.field.${field}.${value}`;

/** The options of an enum field, in the definition's order, by their labels. */
export function enumOptions(def: ResourceDef, field: ResourceField, t: TFunction) {
  return (field.values ?? []).map((v) => ({ value: v.value, label: t(valueKey(def, field.name, v.value)) }));
}

export function booleanOptions(t: TFunction) {
  return [
    { value: 'true', label: t('resourcePage.boolean.true') },
    { value: 'false', label: t('resourcePage.boolean.false') },
  ];
}

/**
 * A decimal's text with its thousands grouped (`1,234,567.50`): the digits as they came, never through a
 * float, which would round a numeric(18, scale) past its 15th digit.
 */
function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * A field's value as the table shows it: enums and booleans by their labels, decimals with their scale and
 * their thousands grouped,
 * datetimes in local time, references by the label the list sent (`#id` when it sent none); `-` for none.
 */
export function displayValue(def: ResourceDef, field: ResourceField, value: unknown, labels: ReferenceLabels, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '-';
  switch (field.type) {
    case 'enum':
      return field.values?.some((v) => v.value === value) ? t(valueKey(def, field.name, String(value))) : String(value);
    case 'boolean':
      return t(value ? 'resourcePage.boolean.true' : 'resourcePage.boolean.false');
    case 'decimal':
      return groupThousands(formatDecimal(String(value), field.scale ?? 2));
    case 'datetime':
      return formatDateTime(String(value));
    case 'reference':
      return labels[field.name]?.[String(value)] ?? `#${String(value)}`;
    default:
      return String(value);
  }
}

/**
 * The records an IN_USE refusal names, as the operator reads them ("3 个商品引用了它"), in a delete's or a
 * bulk delete's words (`vars`: the bulk's list); undefined when the details name no resource of the registry
 * (a table outside the kit). The count is of the records the reader reaches ("more than" past the server's
 * cap, for one record); records beyond the reader's data scope are only said to be there (`outOfScope`).
 * `registry`: the resources a refusal may name (the product's).
 */
export function referrersText(
  details: Record<string, unknown>,
  t: TFunction,
  locale: Locale,
  words: 'resourcePage.delete' | 'resourcePage.bulk',
  vars: Record<string, string> = {},
  registry: readonly ResourceDef[] = resources,
): string | undefined {
  const referrer = registry.find((r) => r.name === details.referredBy);
  const count = details.count;
  if (!referrer || typeof count !== 'number') return undefined;
  let label = count === 1 ? referrer.label[locale] : referrer.pluralLabel[locale];
  // "3 products", not "3 Products" (an acronym, "3 SKUs", stays as it is)
  if (locale === 'en-US' && /^[A-Z][a-z]/.test(label)) label = label[0]!.toLowerCase() + label.slice(1);
  // "more than 1,000" says there are others too, whether the reader reaches them or not
  const many = details.countCapped === true && words === 'resourcePage.delete';
  const key = many ? 'inUseMany' : details.outOfScope === true ? (count === 0 ? 'inUseOutOfScope' : 'inUseAlso') : 'inUse';
  return t(`${words}.${key}`, { ...vars, count: count.toLocaleString(locale), label });
}
