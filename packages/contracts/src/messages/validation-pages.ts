import type { Locale } from '../locale.ts';

/**
 * Texts of the core page forms' rules (the user settings) and of the server-side checks behind their
 * calls, in both languages; a slice brings its own (slice.ts `validationMessages`). The console and the
 * server read the same keys and texts, so that a field error reads the same whichever side caught it.
 * Merged into `validationMessages` by validation.ts.
 */
export const validationPagesMessages: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    'userSetting.form.error.email.required': '请输入邮箱',
    'userSetting.form.error.email.format': '请输入正确的邮箱地址',
    'userSetting.form.error.email.taken': '该邮箱已被其他账号使用',
    'userSetting.form.error.nickname.required': '请输入昵称',
    'userSetting.form.error.countryRegion.required': '请选择国家/地区',
    'userSetting.form.error.area.required': '请选择所在区域',
    'userSetting.form.error.area.invalid': '请选择有效的所在区域',
    'userSetting.form.error.profile.maxLength': '最多不超过200字',
    'userSetting.avatar.type': '仅支持 PNG、JPEG、WebP、GIF 格式的图片',
    'userSetting.avatar.size': '头像大小不能超过 2MB',
    'userSetting.avatar.required': '请选择要上传的图片',
    'userSetting.avatar.dimensions': '图片尺寸不能超过 4096×4096 像素',
    'userSetting.certification.apply.pending': '已有认证申请正在审核中',
    'userSetting.certification.error.notPending': '只能撤回审核中的认证申请',
    'userSetting.certification.error.enterpriseName': '请输入企业名称',
    'userSetting.certification.error.organizationCode.required': '请输入组织机构代码',
    'userSetting.certification.error.organizationCode.pattern': '请输入正确的 18 位统一社会信用代码',
    'userSetting.certification.error.legalPerson': '请输入法人姓名',
    'userSetting.certification.error.authenticationNumber.required': '请输入法人证件号码',
    'userSetting.certification.error.authenticationNumber.pattern': '请输入正确的 18 位身份证号码',
  },
  'en-US': {
    'userSetting.form.error.email.required': 'Enter your email address',
    'userSetting.form.error.email.format': 'Enter a valid email address',
    'userSetting.form.error.email.taken': 'This email is already used by another account',
    'userSetting.form.error.nickname.required': 'Enter your nickname',
    'userSetting.form.error.countryRegion.required': 'Select a country or region',
    'userSetting.form.error.area.required': 'Select an area',
    'userSetting.form.error.area.invalid': 'Select a valid area',
    'userSetting.form.error.profile.maxLength': 'Up to 200 characters',
    'userSetting.avatar.type': 'Only PNG, JPEG, WebP or GIF images are allowed',
    'userSetting.avatar.size': 'The avatar must not be larger than 2 MB',
    'userSetting.avatar.required': 'Choose an image to upload',
    'userSetting.avatar.dimensions': 'The image must be at most 4096 × 4096 pixels',
    'userSetting.certification.apply.pending': 'An application is already under review',
    'userSetting.certification.error.notPending': 'Only an application under review can be withdrawn',
    'userSetting.certification.error.enterpriseName': 'Enter the enterprise name',
    'userSetting.certification.error.organizationCode.required': 'Enter the organization code',
    'userSetting.certification.error.organizationCode.pattern': 'Enter a valid 18-character unified social credit code',
    'userSetting.certification.error.legalPerson': "Enter the legal representative's name",
    'userSetting.certification.error.authenticationNumber.required': "Enter the representative's ID number",
    'userSetting.certification.error.authenticationNumber.pattern': 'Enter a valid 18-character ID number',
  },
};
