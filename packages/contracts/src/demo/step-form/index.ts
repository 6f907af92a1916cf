import type { SliceDef } from '../../slice.ts';
import { stepFormValidationMessages } from './messages.ts';
import { formsGroup } from '../profile/index.ts';

/** The step form (分步表单): a channel submitted in steps, its progress on the result page. */
export const stepFormSlice = {
  name: 'step-form',
  permissions: {
    'channel:submit': { group: 'form', label: { 'zh-CN': '提交渠道表单', 'en-US': 'Submit the channel form' } },
  },
  permissionGroups: formsGroup,
  permissionResources: { channel: { 'zh-CN': '渠道表单', 'en-US': 'Channel form' } },
  routes: [
    {
      path: '/form', titleKey: 'menu.form', icon: 'IconSettings', order: 3, requiresAuth: true,
      children: [{ path: '/form/step', name: 'Step', titleKey: 'menu.form.step', permission: 'channel:submit', order: 3.1, requiresAuth: true, tab: true }],
    },
  ],
  validationMessages: stepFormValidationMessages,
} as const satisfies SliceDef;
