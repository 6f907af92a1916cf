import type { Locale } from './locale.ts';
import type { ResourceDef } from './resource.ts';
import { resourceActions, type ResourcePermission } from './resource-names.ts';
import type { SliceDef } from './slice.ts';

type Labels = Readonly<Record<Locale, string>>;

const actionLabels: Record<(typeof resourceActions)[number], Record<Locale, (plural: Labels) => string>> = {
  read: { 'zh-CN': (p) => `查看${p['zh-CN']}`, 'en-US': (p) => `View ${p['en-US'].toLowerCase()}` },
  write: { 'zh-CN': (p) => `新建、编辑、删除${p['zh-CN']}`, 'en-US': (p) => `Create, edit and delete ${p['en-US'].toLowerCase()}` },
  export: { 'zh-CN': (p) => `导出${p['zh-CN']}`, 'en-US': (p) => `Export ${p['en-US'].toLowerCase()}` },
  import: { 'zh-CN': (p) => `导入${p['zh-CN']}`, 'en-US': (p) => `Import ${p['en-US'].toLowerCase()}` },
};

/** The slice a resource is (resourceSlice): its definition, and its permissions in a group of their own. */
export interface ResourceSliceDef extends SliceDef {
  readonly resource: ResourceDef;
  readonly permissions: Readonly<Record<ResourcePermission, { readonly group: `resource:${string}`; readonly label: Labels }>>;
  readonly permissionGroups: Readonly<Record<`resource:${string}`, Labels>>;
}

/**
 * A team's resource as a slice of the contracts (docs/resources.md): one line of the registry
 * (slices.ts) like any other slice. What a slice declares by hand follows here from the definition: its
 * four permissions (`<name>:read`, `:write`, `:export`, `:import`) and one per transition of its life cycle, with
 * their labels, the roles its life cycle brings for its approvals, their group in the role editor
 * (`resource:<name>`, labelled by the plural) and what their resource is called there. Its page joins the
 * route table from `resource` (routes.ts places it in its menu group, after the pages the registry lists
 * before it), its calls the call table (calls/index.ts, resourceCalls) and its texts the console's
 * dictionaries (the console's slice of the resource).
 */
export function resourceSlice(def: ResourceDef): ResourceSliceDef {
  const group = `resource:${def.name}` as const;
  const transitions = def.lifecycle?.transitions ?? [];
  const permissions = Object.fromEntries([
    ...resourceActions.map((action) => [def.permissions[action], { group, label: { 'zh-CN': actionLabels[action]['zh-CN'](def.pluralLabel), 'en-US': actionLabels[action]['en-US'](def.pluralLabel) } }]),
    // a transition's: "批准订单" / "Approve orders"
    ...transitions.map((t) => [t.permission, { group, label: { 'zh-CN': `${t.label['zh-CN']}${def.pluralLabel['zh-CN']}`, 'en-US': `${t.label['en-US']} ${def.pluralLabel['en-US'].toLowerCase()}` } }]),
  ]) as ResourceSliceDef['permissions'];
  // the roles its life cycle brings read the records and fire the transitions they approve
  const roles = def.lifecycle?.roles ?? {};
  const grants = Object.fromEntries(
    Object.keys(roles).map((code) => [code, [def.permissions.read, ...transitions.filter((t) => t.approval?.by === 'role' && t.approval.role === code).map((t) => t.permission)]]),
  );
  return {
    name: def.name,
    resource: def,
    permissions,
    ...(Object.keys(roles).length > 0 ? { roles, grants } : {}),
    permissionGroups: { [group]: def.pluralLabel },
    permissionResources: { [def.name]: def.pluralLabel },
    // a resource's records are scoped unless its spec says `"scoped": false` (a catalogue every holder shares)
    scopedResources: def.scoped ? [def.name] : [],
  };
}
