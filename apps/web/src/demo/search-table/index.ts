import type { WebSlice } from '../../slice.ts';

/** The search table (查询表格) of collections. */
export const searchTableWebSlice: WebSlice = {
  name: 'search-table',
  pages: {
    SearchTable: () => import('./search-table-page.tsx'),
  },
  drawnViews: () => import('./drawn-view.tsx'),
  drawnOnNavigation: ['SearchTable'],
  titles: {
    'zh-CN': {
      'menu.list': '列表页',
      'menu.list.searchTable': '查询表格',
    },
    'en-US': {
      'menu.list': 'Lists',
      'menu.list.searchTable': 'Search table',
    },
  },
  messages: {
    'zh-CN': () => import('./locales/zh-CN.ts'),
    'en-US': () => import('./locales/en-US.ts'),
  },
};
