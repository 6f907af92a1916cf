import type { SliceDef } from '../../slice.ts';
import { cardListValidationMessages } from './messages.ts';

/** The card list (卡片列表): quality queues, services and rule presets. */
export const cardSlice = {
  name: 'card',
  permissions: {
    'card:read': { group: 'card', label: { 'zh-CN': '查看卡片列表', 'en-US': 'View the card list' } },
    'card:manage': { group: 'card', label: { 'zh-CN': '管理卡片', 'en-US': 'Manage cards' } },
  },
  permissionGroups: { card: { 'zh-CN': '卡片列表', 'en-US': 'Card list' } },
  permissionResources: { card: { 'zh-CN': '卡片', 'en-US': 'Cards' } },
  grants: { user: ['card:read'] },
  routes: [
    {
      path: '/list', titleKey: 'menu.list', icon: 'IconList', order: 2, requiresAuth: true,
      children: [{ path: '/list/card', name: 'Card', titleKey: 'menu.list.cardList', permission: 'card:read', order: 2.2, requiresAuth: true, tab: true }],
    },
  ],
  validationMessages: cardListValidationMessages,
} as const satisfies SliceDef;
