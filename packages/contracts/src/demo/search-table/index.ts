import type { SliceDef } from '../../slice.ts';
import { searchTableValidationMessages } from './messages.ts';

/** Search-table columns a user can show, hide and order, and the table's densities (stored in their preferences: calls.ts). */
export const searchTableColumnKeys = ['index', 'number', 'name', 'contentType', 'filterType', 'count', 'createdTime', 'status', 'department', 'owner'] as const;
export const tableDensities = ['mini', 'small', 'medium', 'large'] as const;

/** The search table (查询表格) of collections: filters, paging, create, edit, delete, import and export. */
export const searchTableSlice = {
  name: 'search-table',
  permissions: {
    'collection:read': { group: 'collection', label: { 'zh-CN': '查看集合', 'en-US': 'View collections' } },
    'collection:write': { group: 'collection', label: { 'zh-CN': '新建、编辑、删除集合', 'en-US': 'Create, edit and delete collections' } },
    'collection:import': { group: 'collection', label: { 'zh-CN': '批量导入集合', 'en-US': 'Import collections' } },
    'collection:export': { group: 'collection', label: { 'zh-CN': '导出集合', 'en-US': 'Export collections' } },
  },
  permissionGroups: { collection: { 'zh-CN': '查询表格', 'en-US': 'Search table' } },
  permissionResources: { collection: { 'zh-CN': '集合', 'en-US': 'Collections' } },
  scopedResources: ['collection'],
  grants: { user: ['collection:read', 'collection:export'], auditor: ['collection:read'] },
  routes: [
    {
      path: '/list', titleKey: 'menu.list', icon: 'IconList', order: 2, requiresAuth: true,
      children: [{ path: '/list/search-table', name: 'SearchTable', titleKey: 'menu.list.searchTable', permission: 'collection:read', order: 2.1, requiresAuth: true, tab: true }],
    },
  ],
  validationMessages: searchTableValidationMessages,
} as const satisfies SliceDef;
