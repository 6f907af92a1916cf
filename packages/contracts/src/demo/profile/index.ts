import type { SliceDef } from '../../slice.ts';
import { profileValidationMessages } from './messages.ts';

/** The group the step form's, the group form's and the basic profile's permissions share in the role editor. */
export const formsGroup = { form: { 'zh-CN': '表单与详情', 'en-US': 'Forms and details' } } as const;

/** Parameters: proposed in the group form (分组表单), approved or cancelled on the basic profile (基础详情页). */
export const profileSlice = {
  name: 'profile',
  permissions: {
    'profile:read': { group: 'form', label: { 'zh-CN': '查看基础详情与操作记录', 'en-US': 'View the basic profile and its log' } },
    'profile:approve': { group: 'form', label: { 'zh-CN': '提交与审批参数', 'en-US': 'Submit and approve parameters' } },
  },
  permissionGroups: formsGroup,
  permissionResources: { profile: { 'zh-CN': '基础详情', 'en-US': 'Basic profile' } },
  routes: [
    {
      path: '/form', titleKey: 'menu.form', icon: 'IconSettings', order: 3, requiresAuth: true,
      children: [{ path: '/form/group', name: 'Group', titleKey: 'menu.form.group', permission: 'profile:approve', order: 3.2, requiresAuth: true, tab: true }],
    },
    {
      path: '/profile', titleKey: 'menu.profile', icon: 'IconFile', order: 4, requiresAuth: true,
      children: [{ path: '/profile/basic', name: 'Basic', titleKey: 'menu.profile.basic', permission: 'profile:read', order: 4.1, requiresAuth: true, tab: true }],
    },
  ],
  validationMessages: profileValidationMessages,
} as const satisfies SliceDef;
