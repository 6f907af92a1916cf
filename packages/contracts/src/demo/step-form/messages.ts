import type { Locale } from '../../locale.ts';

/** The texts of the step form's rules and server checks, in both languages (slice.ts `validationMessages`). */
export const stepFormValidationMessages: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    'stepForm.form.error.activityName.required': '请输入活动名称',
    'stepForm.form.error.activityName.pattern': '输入汉字、字母或数字，最多20字符',
    'stepForm.form.error.channelType.required': '请选择渠道类型',
    'stepForm.form.error.promotionTime.required': '请选择推广时间',
    'stepForm.form.error.promotionTime.order': '结束时间不能早于开始时间',
    'stepForm.form.error.promoteLink.required': '请输入推广地址',
    'stepForm.form.error.promoteLink.pattern': '请输入正确的推广地址，网址必须以 http:// 或 https:// 开头',
    'stepForm.form.error.advertisingSource.required': '请输入广告来源',
    'stepForm.form.error.advertisingMedia.required': '请输入广告媒介',
    'stepForm.form.error.keyword.required': '请选择关键词',
    'stepForm.form.error.keyword.max': '最多选择 10 个关键词',
    'stepForm.form.error.advertisingContent.required': '请输入广告内容',
    'stepForm.form.error.advertisingContent.maxLength': '最多不超过200字',
  },
  'en-US': {
    'stepForm.form.error.activityName.required': 'Enter the campaign name',
    'stepForm.form.error.activityName.pattern': 'Use only Chinese characters, letters or digits, up to 20',
    'stepForm.form.error.channelType.required': 'Select a channel type',
    'stepForm.form.error.promotionTime.required': 'Select the promotion period',
    'stepForm.form.error.promotionTime.order': 'The end cannot be before the start',
    'stepForm.form.error.promoteLink.required': 'Enter the promotion link',
    'stepForm.form.error.promoteLink.pattern': 'Enter a valid link starting with http:// or https://',
    'stepForm.form.error.advertisingSource.required': 'Enter the ad source',
    'stepForm.form.error.advertisingMedia.required': 'Enter the ad medium',
    'stepForm.form.error.keyword.required': 'Select at least one keyword',
    'stepForm.form.error.keyword.max': 'Choose up to 10 keywords',
    'stepForm.form.error.advertisingContent.required': 'Enter the ad content',
    'stepForm.form.error.advertisingContent.maxLength': 'Up to 200 characters',
  },
};
