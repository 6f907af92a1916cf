/** Builds a message key with parameters, e.g. `msg('common.maxLength', { n: 30 })`. */
export function msg(key: string, params?: Record<string, string | number>): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

/**
 * A schema's message for a value of the wrong type (`z.number({ error: typeError })`): "required" when
 * there is none (the field left out, or null), "wrong data type" otherwise. A message key of its own
 * would answer a field left out with "wrong data type".
 */
export const typeError = (iss: { input?: unknown }): string => (iss.input === undefined || iss.input === null ? 'common.required' : 'validation.invalidType');
