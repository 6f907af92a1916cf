import { interpolate, type Locale } from '../locale.ts';
import { validationPagesMessages } from './validation-pages.ts';
import { validationAuthMessages } from './validation-auth.ts';
import { validationImportMessages } from './validation-import.ts';
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
    'validation.invalidMultipart': '请求体不是有效的 multipart/form-data 表单',
    'validation.invalidCharacters': '含有无法保存的字符',
    'validation.format': '格式应为 {example}',
    'validation.pattern': '须符合格式 {pattern}',
    'validation.charsExactly': '须为 {n} 个字符，可用 {chars}',
    'validation.charsBetween': '须为 {min}–{max} 个字符，可用 {chars}',
    'validation.charsAtLeast': '至少 {n} 个字符，可用 {chars}',
    'validation.charsAtMost': '最多 {n} 个字符，可用 {chars}',
    'validation.charsOnly': '只能使用 {chars}',
    'validation.decimal': '须为数字，例如 {example}',
    'validation.scale': '最多 {n} 位小数',
    'validation.scaleOne': '最多 1 位小数',
    'validation.scaleNone': '须为整数，不能有小数',
    'validation.wholeDigits': '整数部分最多 {n} 位',
    'validation.date': '须为日期，格式 YYYY-MM-DD',
    'validation.datetime': '须为时间，例如 2026-01-01T08:00:00+08:00',
    'validation.datetimeOffset': '时间须带时区偏移，例如 2026-01-01T08:00:00+08:00 或 2026-01-01T00:00:00Z',
    'validation.rangeOrder': '开始值不能大于结束值',
    'validation.rangeTwoValues': '最多一个开始值和一个结束值',
    'validation.alreadyUsed': '已被其他记录使用',
    'validation.noSuchRecord': '所选记录不存在，可能已被删除',
    'validation.importNoSuchRecord': '找不到名称或编号为“{value}”的记录',
    'validation.noSuchDepartment': '部门不存在或已停用',
    'validation.noSuchOwner': '负责人须为启用的账号',
    'validation.requiredForTransition': '执行此操作前须填写',
    'validation.bulkTarget': '须给出所选记录或筛选条件，二者取其一',
    'validation.bulkSelectedMax': '一次最多选择 {n} 条记录',
    'validation.bulkMatchingMax': '一次最多处理 {n} 条记录，请缩小筛选范围',
    'validation.bulkRepeated': '同一条记录不能出现两次',
    'validation.bulkField': '这个字段不能批量修改',
    'validation.childrenMax': '最多 {n} 行',
    'validation.childRowRepeated': '同一行不能出现两次',
    'validation.noSuchRow': '这一行已不存在，请刷新后重试',
    'login.form.username.errMsg': '用户名不能为空',
    'login.form.password.errMsg': '密码不能为空',
    'login.form.phone.errMsg': '手机号不能为空',
    'login.form.phone.invalid': '无效手机号',
    'login.form.smsCode.errMsg': '请输入短信验证码',
    'login.form.smsCode.invalid': '验证码为 6 位数字',
    ...validationPagesMessages['zh-CN'],
    ...validationAuthMessages['zh-CN'],
    ...validationImportMessages['zh-CN'],
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
    'validation.invalidMultipart': 'The request body is not valid multipart/form-data',
    'validation.invalidCharacters': 'Contains characters that cannot be stored',
    'validation.format': 'Format {example} expected',
    'validation.pattern': 'Must match the pattern {pattern}',
    'validation.charsExactly': '{n} characters expected, each one of {chars}',
    'validation.charsBetween': '{min} to {max} characters expected, each one of {chars}',
    'validation.charsAtLeast': 'At least {n} characters expected, each one of {chars}',
    'validation.charsAtMost': 'At most {n} characters, each one of {chars}',
    'validation.charsOnly': 'Only {chars} allowed',
    'validation.decimal': 'A number expected, such as {example}',
    'validation.scale': 'At most {n} decimal places',
    'validation.scaleOne': 'At most 1 decimal place',
    'validation.scaleNone': 'A whole number expected, without decimal places',
    'validation.wholeDigits': 'At most {n} digits before the decimal point',
    'validation.date': 'A date expected, as YYYY-MM-DD',
    'validation.datetime': 'A time expected, such as 2026-01-01T08:00:00+08:00',
    'validation.datetimeOffset': 'A time needs its offset from UTC, such as 2026-01-01T08:00:00+08:00 or 2026-01-01T00:00:00Z',
    'validation.rangeOrder': 'The start is after the end',
    'validation.rangeTwoValues': 'A start and an end at most',
    'validation.alreadyUsed': 'Already used by another record',
    'validation.noSuchRecord': 'No such record: it may have been deleted',
    'validation.importNoSuchRecord': 'No record has the title or id "{value}"',
    'validation.noSuchDepartment': 'This department does not exist or is disabled',
    'validation.noSuchOwner': 'The owner must be an active account',
    'validation.requiredForTransition': 'Required before this action',
    'validation.bulkTarget': 'Give either the selected records or the filters, not both',
    'validation.bulkSelectedMax': 'At most {n} records can be selected at once',
    'validation.bulkMatchingMax': 'At most {n} records at once: narrow the filters',
    'validation.bulkRepeated': 'A record is listed twice',
    'validation.bulkField': 'This field cannot be changed in bulk',
    'validation.childrenMax': 'At most {n} rows',
    'validation.childRowRepeated': 'A row is listed twice',
    'validation.noSuchRow': 'This row no longer exists: reload and try again',
    'login.form.username.errMsg': 'Username is required',
    'login.form.password.errMsg': 'Password is required',
    'login.form.phone.errMsg': 'Phone number is required',
    'login.form.phone.invalid': 'Invalid phone number',
    'login.form.smsCode.errMsg': 'Please enter the SMS code',
    'login.form.smsCode.invalid': 'The code has 6 digits',
    ...validationPagesMessages['en-US'],
    ...validationAuthMessages['en-US'],
    ...validationImportMessages['en-US'],
    ...sliceMessages('en-US'),
  },
};

/** Translates a message key (possibly `key|{"n":5}` with parameters) for a locale; unknown keys pass through. */
export function translateValidation(message: string, locale: Locale): string {
  // the parameters may hold `|` themselves (a pattern): the key ends at the first one
  const bar = message.indexOf('|');
  const [key, rawParams] = bar < 0 ? [message, undefined] : [message.slice(0, bar), message.slice(bar + 1)];
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

