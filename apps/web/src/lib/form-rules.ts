import { issuePath, type FieldIssue } from '@atrium/contracts/envelope';
import type { z } from 'zod';
import { isApiError } from './api';
import type { TFunction } from './i18n';

/**
 * Bridges the contracts' zod schemas and Arco forms, so a form checks exactly what the server checks
 * and shows the same text whichever side caught the problem (server errors land on their fields).
 */
type Validator = (value: unknown, callback: (error?: string) => void) => void;

export interface SetFieldsForm {
  setFields: (fields: Record<string, { error?: { message: string } }>) => void;
  /** The message a field shows (an Arco form's getFieldError): tells whether an issue found its field. */
  getFieldError?(field: string): unknown;
}

/** An Arco rule running one field's schema; the issue's message key is translated. */
export function zodRule(schema: z.ZodType, t: TFunction): { validator: Validator } {
  return {
    validator: (value, callback) => {
      const result = schema.safeParse(value);
      callback(result.success ? undefined : t(result.error.issues[0]?.message ?? 'validation.invalidValue'));
    },
  };
}

/** The paths of a zod error's issues (issuePath: `lines[3].quantity`) with their translated messages. */
export function zodIssues(error: z.ZodError, t: TFunction): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issuePath(issue.path), message: t(issue.message) }));
}

/** Strips the `data.` wrapper that some bodies carry (`{ data: {...} }`), so paths match form fields. */
export function fieldPath(path: string, prefix = ''): string {
  return prefix && path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path;
}

/** Puts field issues on their fields (first issue per field wins) and returns the field paths. */
export function applyFieldIssues(form: SetFieldsForm, issues: FieldIssue[], prefix = ''): string[] {
  const fields: Record<string, { error: { message: string } }> = {};
  for (const issue of issues) {
    const path = fieldPath(issue.path, prefix);
    if (path && !fields[path]) fields[path] = { error: { message: issue.message } };
  }
  form.setFields(fields);
  return Object.keys(fields);
}

/**
 * For a rejected call: a VALIDATION_FAILED answer puts its details on the form's fields and returns
 * their paths; any other failure returns []. When every detail shows on a field of the form, the
 * transport's generic "some data is not valid" toast is skipped; otherwise it shows as for any call.
 */
export function applyServerErrors(form: SetFieldsForm, error: unknown, prefix = ''): string[] {
  if (!isApiError(error) || error.key !== 'VALIDATION_FAILED') return [];
  const issues = error.fieldIssues;
  const paths = applyFieldIssues(form, issues, prefix);
  const shown = (path: string) => Boolean(form.getFieldError?.(path));
  if (issues.length > 0 && issues.every((issue) => shown(fieldPath(issue.path, prefix)))) error.skipToast();
  return paths;
}
