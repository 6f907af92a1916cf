import type { Locale } from '../../locale.ts';

/** The texts of the card list's rules and server checks, in both languages (slice.ts `validationMessages`). */
export const cardListValidationMessages: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    'cardList.content.form.title.required': '请输入队列名称',
    'cardList.service.error.expired': '该服务已过期，请先续约',
    'cardList.service.error.notExpired': '该服务未过期，无需续约',
  },
  'en-US': {
    'cardList.content.form.title.required': 'Enter a queue name',
    'cardList.service.error.expired': 'This service has expired. Renew it first.',
    'cardList.service.error.notExpired': 'This service has not expired, so it needs no renewal.',
  },
};
