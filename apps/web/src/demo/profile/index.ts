import type { WebSlice } from '../../slice.ts';

/** Parameters: proposed in the group form (分组表单), approved or cancelled on the basic profile (基础详情页). */
export const profileWebSlice: WebSlice = {
  name: 'profile',
  pages: {
    Group: () => import('./group-form/group-form-page.tsx'),
    Basic: () => import('./basic/profile-basic-page.tsx'),
  },
  titles: {
    'zh-CN': {
      'menu.form': '表单页',
      'menu.form.group': '分组表单',
      'menu.profile': '详情页',
      'menu.profile.basic': '基础详情页',
    },
    'en-US': {
      'menu.form': 'Forms',
      'menu.form.group': 'Group form',
      'menu.profile': 'Details',
      'menu.profile.basic': 'Basic profile',
    },
  },
  messages: {
    'zh-CN': () => import('./locales/zh-CN.ts'),
    'en-US': () => import('./locales/en-US.ts'),
  },
};
