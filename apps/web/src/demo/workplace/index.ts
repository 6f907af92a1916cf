import type { WebSlice } from '../../slice.ts';

/** The workplace (工作台): statistics, content charts, announcements; the demo's landing page. */
export const workplaceWebSlice: WebSlice = {
  name: 'workplace',
  pages: {
    Workplace: () => import('./workplace-page.tsx'),
  },
  drawnViews: () => import('./drawn-view.tsx'),
  titles: {
    'zh-CN': {
      'menu.dashboard.workplace': '工作台',
    },
    'en-US': {
      'menu.dashboard.workplace': 'Workplace',
    },
  },
  messages: {
    'zh-CN': () => import('./locales/zh-CN.ts'),
    'en-US': () => import('./locales/en-US.ts'),
  },
};
