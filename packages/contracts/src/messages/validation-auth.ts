import type { Locale } from '../locale.ts';

/**
 * Texts of the sign-in and account-security rules (login page; user setting, 安全设置) in both languages,
 * used by the login errors of the server and by the VALIDATION_FAILED details of the account calls.
 * Merged into `validationMessages` by validation.ts.
 */
export const validationAuthMessages: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    'login.form.password.formatErr': '密码格式不正确：需为 6–32 位，且至少包含数字、小写字母、大写字母、特殊字符 ~!@#$%^&*. 中的两类',
    'login.form.captcha.errMsg': '请输入验证码',
    'login.error.invalidCredentials': '账号或者密码错误',
    'login.error.invalidPhoneCode': '手机号或验证码错误',
    'login.error.captchaRequired': '请输入验证码',
    'login.error.captchaInvalid': '验证码错误或已过期',
    'login.error.accountLocked': '登录失败次数过多，账号已临时锁定，请稍后再试',
    'login.error.rateLimited': '操作过于频繁，请稍后再试',
    'userSetting.password.old.required': '请输入当前密码',
    'userSetting.password.old.wrong': '当前密码不正确',
    'userSetting.password.new.required': '请输入新密码',
    'userSetting.password.new.same': '新密码不能与当前密码相同',
    'userSetting.question.required': '请选择问题',
    'userSetting.question.answer.required': '请输入答案',
    'userSetting.phone.same': '新手机号不能与当前手机号相同',
    'userSetting.phone.taken': '该手机号已绑定其他账号',
    'preferences.duplicate': '不能包含重复项',
  },
  'en-US': {
    'login.form.password.formatErr':
      'Invalid password: use 6–32 characters with at least two of digits, lower-case letters, upper-case letters and the symbols ~!@#$%^&*.',
    'login.form.captcha.errMsg': 'Please enter the captcha',
    'login.error.invalidCredentials': 'Incorrect username or password',
    'login.error.invalidPhoneCode': 'Incorrect phone number or code',
    'login.error.captchaRequired': 'Please enter the captcha',
    'login.error.captchaInvalid': 'The code is wrong or has expired',
    'login.error.accountLocked': 'Too many failed attempts. The account is locked for a while; try again later.',
    'login.error.rateLimited': 'Too many requests. Please try again later.',
    'userSetting.password.old.required': 'Enter your current password',
    'userSetting.password.old.wrong': 'The current password is incorrect',
    'userSetting.password.new.required': 'Enter a new password',
    'userSetting.password.new.same': 'The new password must differ from the current one',
    'userSetting.question.required': 'Choose a question',
    'userSetting.question.answer.required': 'Enter the answer',
    'userSetting.phone.same': 'The new number must differ from the current one',
    'userSetting.phone.taken': 'This number is bound to another account',
    'preferences.duplicate': 'Must not contain duplicates',
  },
};
