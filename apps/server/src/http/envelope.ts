import { errorMessages, translateValidation, type ErrorEnvelope, type ErrorKey, type FieldIssue, type Locale, type SuccessEnvelope } from '@atrium/contracts';

const okMessage: Record<Locale, string> = { 'zh-CN': '请求成功', 'en-US': 'OK' };

export function successEnvelope<T>(data: T, traceId: string, locale: Locale): SuccessEnvelope<T> {
  return { status: 'success', code: 0, message: okMessage[locale], data, traceId };
}

/**
 * A call's `data` already serialized (`JSON.stringify(value)`), for answers served again and again from a
 * cache: the text is made once instead of on every request. `T` keeps the type the value had.
 */
export class JsonText<T = unknown> {
  declare readonly valueType: T;
  private utf8: Buffer | undefined;
  constructor(readonly text: string) {}

  /**
   * The text's UTF-8 bytes, encoded once and kept with it. Encoding is what a large cached answer costs on
   * every request otherwise: the 5 000 departments' tree (1.2 MB, Chinese names) took 11 ms a request,
   * more than the rest of the request (bench/data-scope).
   */
  get bytes(): Buffer {
    return (this.utf8 ??= Buffer.from(this.text));
  }
}

/** From this length on, a cached answer goes out as bytes encoded once (JsonText.bytes); a shorter one encodes in microseconds. */
export const BYTES_FROM_LENGTH = 64 * 1024;

export function jsonText<T>(value: T): JsonText<T> {
  return new JsonText<T>(JSON.stringify(value));
}

const okPrefix: Record<Locale, string> = {
  'zh-CN': `{"status":"success","code":0,"message":${JSON.stringify(okMessage['zh-CN'])},"data":`,
  'en-US': `{"status":"success","code":0,"message":${JSON.stringify(okMessage['en-US'])},"data":`,
};

/** successEnvelope() as JSON text around data that is already text: the same bytes JSON.stringify makes. */
export function successEnvelopeText(data: JsonText, traceId: string, locale: Locale): string {
  return `${okPrefix[locale]}${data.text},"traceId":${JSON.stringify(traceId)}}`;
}

const okPrefixBytes: Record<Locale, Buffer> = { 'zh-CN': Buffer.from(okPrefix['zh-CN']), 'en-US': Buffer.from(okPrefix['en-US']) };

/** successEnvelopeText() as UTF-8 bytes, the data's own encoded once (JsonText.bytes): for large cached answers. */
export function successEnvelopeBytes(data: JsonText, traceId: string, locale: Locale): Buffer {
  return Buffer.concat([okPrefixBytes[locale], data.bytes, Buffer.from(`,"traceId":${JSON.stringify(traceId)}}`)]);
}

/** Translates a message that may be a catalogue key (`key` or `key|{params}`); plain text passes through. */
function translate(message: string, locale: Locale): string {
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
