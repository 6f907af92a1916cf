import * as z from '../zod.ts';
import { defineCall } from '../call.ts';

/** Workplace shortcut tiles and search-table columns a user can arrange. */
const shortcutKeys = ['content', 'analysis', 'advanced', 'promotion', 'putIn'] as const;
export const searchTableColumnKeys = ['index', 'number', 'name', 'contentType', 'filterType', 'count', 'createdTime', 'status'] as const;
export const tableDensities = ['mini', 'small', 'medium', 'large'] as const;
/** Largest accepted request body and stored document. */
export const PREFERENCES_MAX_BYTES = 16 * 1024;

const unique = <T>(items: T[], key: (item: T) => unknown) => new Set(items.map(key)).size === items.length;

const shortcutsSchema = z
  .array(z.enum(shortcutKeys))
  .max(shortcutKeys.length)
  .refine((a) => unique(a, (x) => x), 'preferences.duplicate');
const columnsSchema = z
  .array(z.object({ key: z.enum(searchTableColumnKeys), visible: z.boolean() }).strict())
  .max(searchTableColumnKeys.length)
  .refine((a) => unique(a, (c) => c.key), 'preferences.duplicate');

/**
 * The stored preferences and the POST body share one shape: every part optional; a POST is deep-merged
 * into what is stored (objects merge, arrays replace). Unknown keys are rejected.
 */
export const preferencesSchema = z
  .object({
    workplace: z.object({ shortcuts: shortcutsSchema.optional() }).strict().optional(),
    searchTable: z.object({ density: z.enum(tableDensities).optional(), columns: columnsSchema.optional() }).strict().optional(),
  })
  .strict();
export type Preferences = z.infer<typeof preferencesSchema>;

export const preferencesCalls = {
  get: defineCall({ id: 'user.preferences.get', method: 'GET', path: '/api/user/preferences', access: 'signed', summary: "The caller's UI preferences ({} when none)", response: preferencesSchema }),
  save: defineCall({ id: 'user.preferences.save', method: 'POST', path: '/api/user/preferences', access: 'signed', summary: 'Deep-merge partial preferences (<= 16 KB); returns the merged object', body: preferencesSchema, response: preferencesSchema, writes: true }),
};
