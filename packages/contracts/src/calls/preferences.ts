import * as z from '../zod.ts';
import { defineCall } from '../call.ts';
import type { MergeAll } from '../slice.ts';
import { sliceDefs, type slices } from '../slices.ts';

/** Largest accepted request body and stored document. */
export const PREFERENCES_MAX_BYTES = 16 * 1024;

type SlicePreferences = MergeAll<(typeof slices)[number] extends infer S ? (S extends { preferences: infer P } ? P : never) : never>;
const slicePreferences = Object.fromEntries(
  sliceDefs.flatMap((s) => Object.entries(s.preferences ?? {}).map(([key, schema]) => [key, schema.optional()])),
) as { [K in keyof SlicePreferences]: z.ZodOptional<SlicePreferences[K] & z.ZodType> };

/**
 * The stored preferences and the POST body share one shape: one optional part per slice that keeps some
 * (slice.ts); a POST is deep-merged into what is stored (objects merge, arrays replace). Unknown keys are
 * rejected.
 */
export const preferencesSchema = z.object(slicePreferences).strict();
export type Preferences = z.infer<typeof preferencesSchema>;

export const preferencesCalls = {
  get: defineCall({ id: 'user.preferences.get', method: 'GET', path: '/api/user/preferences', access: 'signed', summary: "The caller's UI preferences ({} when none)", response: preferencesSchema }),
  save: defineCall({ id: 'user.preferences.save', method: 'POST', path: '/api/user/preferences', access: 'signed', summary: 'Deep-merge partial preferences (<= 16 KB); returns the merged object', body: preferencesSchema, response: preferencesSchema, writes: true }),
};
