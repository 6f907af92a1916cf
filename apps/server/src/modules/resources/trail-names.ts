import type { ResourceDef } from '@atrium/contracts/resource';
import type { Said } from '../../audit/audit-entry.ts';
import type { ResourceRow } from './resource.repository.ts';

/**
 * How the trail's summaries name a resource's things in each language (audit/audit-entry.ts `say`): in
 * English by the spec's names, as the call ids and the changes do (`order`); in Chinese by its labels (订单).
 */

/** A text as a summary quotes it: "Desk lamp", “Desk lamp”. */
export const quoted = (text: string): Said => ({ 'zh-CN': `“${text}”`, 'en-US': JSON.stringify(text) });

/** One of the resource's records: `order`, 订单. */
export const resourceNamed = (def: ResourceDef): Said => ({ 'zh-CN': def.label['zh-CN'], 'en-US': def.name });

/** The resource's records: `orders`, 订单 (a Chinese noun has no plural; the plural label is a page's title). */
export const recordsNamed = (def: ResourceDef): Said => ({ 'zh-CN': def.label['zh-CN'], 'en-US': def.plural });

/** A record by its resource and title (its id when it has none): `order "Desk lamp"`, 订单“Desk lamp”. */
export function recordNamed(def: ResourceDef, row: ResourceRow): Said {
  const title = quoted(String(row[def.titleField] ?? row.id));
  return { 'zh-CN': `${def.label['zh-CN']}${title['zh-CN']}`, 'en-US': `${def.name} ${title['en-US']}` };
}
