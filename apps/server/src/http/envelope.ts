import { errorMessages, translateValidation, type ErrorEnvelope, type ErrorKey, type FieldIssue, type Locale, type SuccessEnvelope } from '@atrium/contracts';

const okMessage: Record<Locale, string> = { 'zh-CN': '请求成功', 'en-US': 'OK' };

export function successEnvelope<T>(data: T, traceId: string, locale: Locale): SuccessEnvelope<T> {
  return { status: 'success', code: 0, message: okMessage[locale], data, traceId };
}

/** Translates a message that may be a catalogue key (`key` or `key|{params}`); plain text passes through. */
export function translate(message: string, locale: Locale): string {
  return translateValidation(message, locale);
}

export function errorEnvelope(
  key: ErrorKey,
  status: number,
  traceId: string,
  locale: Locale,
  opts: { messageKey?: string; details?: FieldIssue[] | Record<string, unknown> } = {},
): ErrorEnvelope {
  const message = opts.messageKey ? translate(opts.messageKey, locale) : errorMessages[locale][key];
  let details = opts.details;
  if (Array.isArray(details)) details = details.map((d) => ({ path: d.path, message: translate(d.message, locale) }));
  return { status: 'error', code: status, message, data: details === undefined ? { error: key } : { error: key, details }, traceId };
}
