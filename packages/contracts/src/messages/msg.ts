/** Builds a message key with parameters, e.g. `msg('common.maxLength', { n: 30 })`. */
export function msg(key: string, params?: Record<string, string | number>): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}
