import type { WebSlice } from '../../slice.ts';

/** The step form (分步表单): a channel submitted in steps. */
export const stepFormWebSlice: WebSlice = {
  name: 'step-form',
  pages: {
    Step: () => import('./step-form-page.tsx'),
  },
  titles: {
    'zh-CN': {
      'menu.form': '表单页',
      'menu.form.step': '分步表单',
    },
    'en-US': {
      'menu.form': 'Forms',
      'menu.form.step': 'Step form',
    },
  },
  messages: {
    'zh-CN': () => import('./locales/zh-CN.ts'),
    'en-US': () => import('./locales/en-US.ts'),
  },
};
