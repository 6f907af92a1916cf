import type { ResourceDef } from '@atrium/contracts/resource';

/**
 * A scoped record's two system fields (issue 39, data-scope.md §4): the department it belongs to and the
 * account responsible for it, ids in the record, names in the answer's `labels`. They are columns, filters
 * and form fields of every scoped resource's page, after the definition's own fields.
 */
const scopeFields = ['department', 'owner'] as const;
export type ScopeField = (typeof scopeFields)[number];

/** The scope fields of a resource: both when it is scoped, none otherwise. */
export const scopeFieldsOf = (def: ResourceDef): readonly ScopeField[] => (def.scoped ? scopeFields : []);

/** Their texts, the kit's own (`resourcePage.*`: locales/<locale>/resource.ts): 所属部门, 负责人. */
export const scopeFieldKey = (name: ScopeField) => `resourcePage.scope.${name}`;
