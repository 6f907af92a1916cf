import type { WebSlice } from '../../slice.ts';

/** The card list (卡片列表): quality queues, services and rule presets. */
export const cardWebSlice: WebSlice = {
  name: 'card',
  pages: {
    Card: () => import('./card-page.tsx'),
  },
  titles: {
    'zh-CN': {
      'menu.list': '列表页',
      'menu.list.cardList': '卡片列表',
    },
    'en-US': {
      'menu.list': 'Lists',
      'menu.list.cardList': 'Card list',
    },
  },
  messages: {
    'zh-CN': () => import('./locales/zh-CN.ts'),
    'en-US': () => import('./locales/en-US.ts'),
  },
};
