import type { SliceDef } from '../../slice.ts';
import * as z from '../../zod.ts';

/** Workplace shortcut tiles a user can arrange (stored in their preferences). */
const shortcutKeys = ['content', 'analysis', 'advanced', 'promotion', 'putIn'] as const;

const unique = <T>(items: T[], key: (item: T) => unknown) => new Set(items.map(key)).size === items.length;
const shortcutsSchema = z
  .array(z.enum(shortcutKeys))
  .max(shortcutKeys.length)
  .refine((a) => unique(a, (x) => x), 'preferences.duplicate');

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
    { path: '/workplace', name: 'Workplace', titleKey: 'menu.dashboard.workplace', icon: 'IconDashboard', permission: 'workplace:view', order: 0, requiresAuth: true, tab: true, closable: false },
  ],
  landing: { name: 'Workplace', path: '/workplace', titleKey: 'menu.dashboard.workplace' },
  preferences: { workplace: z.object({ shortcuts: shortcutsSchema.optional() }).strict() },
} as const satisfies SliceDef;
