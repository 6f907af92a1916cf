/**
 * The resource kit's names that the shell needs before any resource's code: the permission actions and
 * the texts of the menu (docs/resources.md). No zod here: the permission catalogue and the dictionaries
 * import this file, and the sign-in page must not carry the schemas.
 */
import type { Locale } from './locale.ts';
import type { ResourceDef } from './resource.ts';

/** A resource's permission codes: reading (the list, a record, pickers), writing (create, edit, delete), exporting. */
export const resourceActions = ['read', 'write', 'export'] as const;
export type ResourcePermission = `${string}:${(typeof resourceActions)[number]}`;

/**
 * The resources' texts as i18n keys, for the console's dictionaries (the menu, the tab and the page
 * title use `resourceTitleKey`): `resource.<name>.label`, `.pluralLabel`, `.field.<field>`,
 * `.field.<field>.<enum value>`, and `resource.group.<group>` for a menu group a resource brings.
 */
export function resourceMessages(defs: readonly ResourceDef[], locale: Locale): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of defs) {
    out[`resource.${r.name}.label`] = r.label[locale];
    out[`resource.${r.name}.pluralLabel`] = r.pluralLabel[locale];
    if (r.menu.groupLabel) out[`resource.group.${r.menu.group}`] = r.menu.groupLabel[locale];
    for (const f of r.fields) {
      out[`resource.${r.name}.field.${f.name}`] = f.label[locale];
      for (const v of f.values ?? []) out[`resource.${r.name}.field.${f.name}.${v.value}`] = v.label[locale];
    }
  }
  return out;
}
