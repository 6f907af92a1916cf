import type { Locale } from '../../locale.ts';

/** The texts of the group form and the basic profile's rules and server checks, in both languages (slice.ts `validationMessages`). */
export const profileValidationMessages: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    'groupForm.error.range': '请输入 {min} 到 {max} 之间的整数',
    'groupForm.error.minMax': '编码码率最小值不能大于最大值',
    'groupForm.error.defaultMax': '编码码率默认值不能大于最大值',
    'groupForm.error.description.maxLength': '最多不超过200字',
    'groupForm.error.unchanged': '参数没有变化，无需提交',
    'basicProfile.error.notApproving': '当前没有审批中的参数修改',
    'basicProfile.change.video': '视频参数变更',
    'basicProfile.change.audio': '音频参数变更',
  },
  'en-US': {
    'groupForm.error.range': 'Enter a whole number from {min} to {max}',
    'groupForm.error.minMax': 'The minimum bitrate cannot exceed the maximum',
    'groupForm.error.defaultMax': 'The default bitrate cannot exceed the maximum',
    'groupForm.error.description.maxLength': 'Up to 200 characters',
    'groupForm.error.unchanged': 'Nothing has changed, so there is nothing to submit',
    'basicProfile.error.notApproving': 'There is no change under approval',
    'basicProfile.change.video': 'Video parameters changed',
    'basicProfile.change.audio': 'Audio parameters changed',
  },
};
