import type { AuditResult } from '@atrium/contracts/calls/system';
import { resourceTransitionCalls } from '@atrium/contracts/resource-calls';
import type { ResourceDef } from '@atrium/contracts/resource';
import { resources } from '@atrium/contracts/slices';
import { dictionaries, type Locale, type TFunction } from '../../../lib/i18n';

/** Enumerations travel as keys and are translated here. */
export const resultKey = (value: AuditResult) => `systemAudit.result.${value}`;
export const resultBadge: Record<AuditResult, 'success' | 'warning' | 'error'> = { success: 'success', denied: 'warning', failed: 'error' };

/** A change's value as shown: text as it is, anything else as JSON; absent as `-`. */
export function formatChangeValue(value: unknown): string {
  if (value === undefined) return '-';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What a kit resource's calls are called (`<resource>.<verb>`): `systemAudit.action.kit.<verb>`, with the resource's label. */
const kitVerbs = ['create', 'update', 'delete', 'bulk-delete', 'bulk-update', 'export', 'import-upload', 'import-check', 'import-commit', 'import-cancel'] as const;

const hasText = (locale: Locale, key: string) => dictionaries[locale]?.[key] !== undefined;

/** A resource's transitions by their calls' ids (`order.transition.send-back`), as the contracts name them. */
const transitionIds = (def: ResourceDef) => Object.entries(resourceTransitionCalls(def)).map(([name, call]) => ({ name, id: call.id }));

/**
 * An entry's action (a call's id, `system.user.create`) by its name in the reader's language: the name the
 * core or a slice gives it (`systemAudit.action.<id>`), or a kit resource's verb with the resource's label
 * (新建订单, 订单：审批通过); undefined for one without a name (a refused read), which is shown as its id.
 */
export function actionName(action: string, locale: Locale, t: TFunction): string | undefined {
  const own = `systemAudit.action.${action}`;
  if (hasText(locale, own)) return t(own);
  const def = resources.find((r) => action.startsWith(`${r.name}.`));
  if (!def) return undefined;
  const verb = action.slice(def.name.length + 1);
  const resource = t(`resource.${def.name}.label`);
  if ((kitVerbs as readonly string[]).includes(verb)) return t(`systemAudit.action.kit.${verb}`, { resource });
  const transition = transitionIds(def).find((tr) => tr.id === action);
  return transition && t('systemAudit.action.kit.transition', { resource, transition: t(`resource.${def.name}.transition.${transition.name}`) });
}

/** An entry's target type by its name (用户, 订单), or undefined: shown as it is. */
export function targetName(type: string, locale: Locale, t: TFunction): string | undefined {
  if (hasText(locale, `systemAudit.target.${type}`)) return t(`systemAudit.target.${type}`);
  return resources.some((r) => r.name === type) ? t(`resource.${type}.label`) : undefined;
}

/**
 * The texts that may name a change's field of a target type, first found first: a kit resource's field
 * label (`resource.<type>.field.<field>`, from its spec), else the trail's own word for the field
 * (`systemAudit.field.<field>`, in the core's or a slice's texts: 部门, 负责人, 状态).
 */
const fieldKeys = (type: string | null, field: string) => [...(type && resources.some((r) => r.name === type) ? [`resource.${type}.field.${field}`] : []), `systemAudit.field.${field}`];

/** A change's field by its name in the reader's language, or undefined: shown as it is. */
export function fieldName(type: string | null, field: string, locale: Locale, t: TFunction): string | undefined {
  const key = fieldKeys(type, field).find((k) => hasText(locale, k));
  return key && t(key);
}

/**
 * A change's value by its name in the reader's language when it is one of a set the texts name (an enum's
 * or a life cycle's state's label, an account's or a department's status), else undefined: shown as it is.
 */
export function valueName(type: string | null, field: string, value: unknown, locale: Locale, t: TFunction): string | undefined {
  if (typeof value !== 'string') return undefined;
  const key = fieldKeys(type, field).map((k) => `${k}.${value}`).find((k) => hasText(locale, k));
  return key && t(key);
}

/** Every action with a name, by name, for the action filter: the core's and the slices', and each kit resource's verbs and transitions. */
export function namedActions(locale: Locale, t: TFunction): { value: string; label: string }[] {
  const prefix = 'systemAudit.action.';
  const own = Object.keys(dictionaries[locale] ?? {}).flatMap((key) => (key.startsWith(prefix) && !key.startsWith(`${prefix}kit.`) ? [key.slice(prefix.length)] : []));
  const kit = resources.flatMap((r) => [...kitVerbs.map((verb) => `${r.name}.${verb}`), ...transitionIds(r).map((tr) => tr.id)]);
  return [...own, ...kit]
    .map((value) => ({ value, label: actionName(value, locale, t) ?? value }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
