import type { SliceDef } from '../../slice.ts';

/** Workplace shortcut tiles a user can arrange (stored in their preferences: calls.ts). */
export const shortcutKeys = ['content', 'analysis', 'advanced', 'promotion', 'putIn'] as const;

/** The workplace (工作台): statistics, content charts, announcements; the demo's landing page. */
export const workplaceSlice = {
  name: 'workplace',
  permissions: {
    'workplace:view': { group: 'workplace', label: { 'zh-CN': '查看工作台', 'en-US': 'View the workplace' } },
  },
  permissionGroups: { workplace: { 'zh-CN': '工作台', 'en-US': 'Workplace' } },
  permissionResources: { workplace: { 'zh-CN': '工作台', 'en-US': 'Workplace' } },
  grants: { user: ['workplace:view'], auditor: ['workplace:view'] },
  routes: [
    {
      path: '/workplace', name: 'Workplace', titleKey: 'menu.dashboard.workplace', icon: 'IconDashboard', permission: 'workplace:view', order: 0, requiresAuth: true, tab: true, closable: false,
      firstCalls: ['/api/workplace/overview', '/api/content-data', '/api/popular/list?type=text', '/api/workplace/categories', '/api/workplace/announcement?current=1&pageSize=5'],
    },
  ],
  landing: { name: 'Workplace', path: '/workplace', titleKey: 'menu.dashboard.workplace' },
} as const satisfies SliceDef;
