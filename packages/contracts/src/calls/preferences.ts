import * as z from '../zod.ts';
import { defineCall } from '../call.ts';
import { slicePreferences } from '../slice-calls.ts';

/** Largest accepted request body and stored document. */
export const PREFERENCES_MAX_BYTES = 16 * 1024;

type SlicePreferences = typeof slicePreferences;
const parts = Object.fromEntries(Object.entries(slicePreferences).map(([key, schema]) => [key, (schema as z.ZodType).optional()])) as {
  [K in keyof SlicePreferences]: z.ZodOptional<SlicePreferences[K]>;
};

/**
 * The stored preferences and the POST body share one shape: one optional part per slice that keeps some
 * (slice-calls.ts); a POST is deep-merged into what is stored (objects merge, arrays replace). Unknown keys are
 * rejected.
 */
export const preferencesSchema = z.object(parts).strict();
export type Preferences = z.infer<typeof preferencesSchema>;

export const preferencesCalls = {
  get: defineCall({ id: 'user.preferences.get', method: 'GET', path: '/api/user/preferences', access: 'signed', summary: "The caller's UI preferences ({} when none)", response: preferencesSchema }),
  save: defineCall({ id: 'user.preferences.save', method: 'POST', path: '/api/user/preferences', access: 'signed', summary: 'Deep-merge partial preferences (<= 16 KB); returns the merged object', body: preferencesSchema, response: preferencesSchema, writes: true }),
};
