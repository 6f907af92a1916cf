import { interpolate, type Locale } from '../locale.ts';
import { validationPagesMessages } from './validation-pages.ts';
import { validationAuthMessages } from './validation-auth.ts';
import { sliceDefs } from '../slices.ts';

export { msg } from './msg.ts';

/** The slices' texts (slice.ts `validationMessages`), per language. */
const sliceMessages = (locale: Locale) => Object.assign({}, ...sliceDefs.map((s) => s.validationMessages?.[locale] ?? {})) as Record<string, string>;

/**
 * Texts of validation rules shared by the console's forms and the server's VALIDATION_FAILED details
 * (one source of truth). Zod schemas in this package use these keys as their `message`; the server and
 * the web client translate the key into the caller's locale.
 * Each resource adds its own keys in its own file and merges them here.
 */
export const validationMessages: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    'common.required': '此项为必填项',
    'common.maxLength': '最多 {n} 个字符',
    'validation.invalidType': '数据类型不正确',
    'validation.invalidValue': '取值不正确',
    'validation.unknownField': '不允许的字段',
    'validation.tooSmall': '不能小于 {n}',
    'validation.tooBig': '不能大于 {n}',
    'validation.invalidJson': '请求体不是有效的 JSON',
    'validation.invalidCharacters': '含有无法保存的字符',
    'login.form.username.errMsg': '用户名不能为空',
    'login.form.password.errMsg': '密码不能为空',
    'login.form.phone.errMsg': '手机号不能为空',
    'login.form.phone.invalid': '无效手机号',
    'login.form.smsCode.errMsg': '请输入短信验证码',
    'login.form.smsCode.invalid': '验证码为 6 位数字',
    ...validationPagesMessages['zh-CN'],
    ...validationAuthMessages['zh-CN'],
    ...sliceMessages('zh-CN'),
  },
  'en-US': {
    'common.required': 'This field is required',
    'common.maxLength': 'Up to {n} characters',
    'validation.invalidType': 'Wrong data type',
    'validation.invalidValue': 'Invalid value',
    'validation.unknownField': 'Field not allowed',
    'validation.tooSmall': 'Must be at least {n}',
    'validation.tooBig': 'Must be at most {n}',
    'validation.invalidJson': 'The request body is not valid JSON',
    'validation.invalidCharacters': 'Contains characters that cannot be stored',
    'login.form.username.errMsg': 'Username is required',
    'login.form.password.errMsg': 'Password is required',
    'login.form.phone.errMsg': 'Phone number is required',
    'login.form.phone.invalid': 'Invalid phone number',
    'login.form.smsCode.errMsg': 'Please enter the SMS code',
    'login.form.smsCode.invalid': 'The code has 6 digits',
    ...validationPagesMessages['en-US'],
    ...validationAuthMessages['en-US'],
    ...sliceMessages('en-US'),
  },
};

/** Translates a message key (possibly `key|{"n":5}` with parameters) for a locale; unknown keys pass through. */
export function translateValidation(message: string, locale: Locale): string {
  const [key = message, rawParams] = message.split('|', 2);
  const table = validationMessages[locale];
  const text = table[key] ?? validationMessages[locale === 'zh-CN' ? 'en-US' : 'zh-CN'][key];
  if (text === undefined) return message;
  let params: Record<string, string | number> | undefined;
  if (rawParams) {
    try {
      params = JSON.parse(rawParams) as Record<string, string | number>;
    } catch {
      params = undefined;
    }
  }
  return interpolate(text, params);
}

