import type { SliceDef } from '../../slice.ts';

/** The result pages (结果页): a submitted channel's success and a failed submission. */
export const resultSlice = {
  name: 'result',
  permissions: {
    'result:view': { group: 'result', label: { 'zh-CN': '查看结果页', 'en-US': 'View the result pages' } },
  },
  permissionGroups: { result: { 'zh-CN': '结果页', 'en-US': 'Results' } },
  permissionResources: { result: { 'zh-CN': '结果页', 'en-US': 'Result pages' } },
  routes: [
    {
      path: '/result', titleKey: 'menu.result', icon: 'IconCheckCircle', order: 5, requiresAuth: true,
      children: [
        { path: '/result/success', name: 'Success', titleKey: 'menu.result.success', permission: 'result:view', order: 5.1, requiresAuth: true, tab: true },
        { path: '/result/error', name: 'Error', titleKey: 'menu.result.error', permission: 'result:view', order: 5.2, requiresAuth: true, tab: true },
      ],
    },
  ],
} as const satisfies SliceDef;
