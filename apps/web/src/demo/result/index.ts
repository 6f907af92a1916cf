import type { WebSlice } from '../../slice.ts';

/** The result pages (结果页): a submitted channel's success and a failed submission. */
export const resultWebSlice: WebSlice = {
  name: 'result',
  pages: {
    Success: () => import('./success-page.tsx'),
    Error: () => import('./error-page.tsx'),
  },
  titles: {
    'zh-CN': {
      'menu.result': '结果页',
      'menu.result.success': '成功页',
      'menu.result.error': '失败页',
    },
    'en-US': {
      'menu.result': 'Results',
      'menu.result.success': 'Success',
      'menu.result.error': 'Failure',
    },
  },
  messages: {
    'zh-CN': () => import('./locales/zh-CN.ts'),
    'en-US': () => import('./locales/en-US.ts'),
  },
};
