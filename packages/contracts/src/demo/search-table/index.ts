import type { SliceDef } from '../../slice.ts';
import { searchTableValidationMessages } from './messages.ts';
import * as z from '../../zod.ts';

/** Search-table columns a user can show, hide and order, and the table's densities (stored in their preferences). */
export const searchTableColumnKeys = ['index', 'number', 'name', 'contentType', 'filterType', 'count', 'createdTime', 'status'] as const;
export const tableDensities = ['mini', 'small', 'medium', 'large'] as const;

const columnsSchema = z
  .array(z.object({ key: z.enum(searchTableColumnKeys), visible: z.boolean() }).strict())
  .max(searchTableColumnKeys.length)
  .refine((a) => new Set(a.map((c) => c.key)).size === a.length, 'preferences.duplicate');

/** The search table (查询表格) of collections: filters, paging, create, edit, delete, import and export. */
export const searchTableSlice = {
  name: 'search-table',
  permissions: {
    'policy:read': { group: 'policy', label: { 'zh-CN': '查看集合', 'en-US': 'View collections' } },
    'policy:write': { group: 'policy', label: { 'zh-CN': '新建、编辑、删除集合', 'en-US': 'Create, edit and delete collections' } },
    'policy:import': { group: 'policy', label: { 'zh-CN': '批量导入集合', 'en-US': 'Import collections' } },
    'policy:export': { group: 'policy', label: { 'zh-CN': '导出集合', 'en-US': 'Export collections' } },
  },
  permissionGroups: { policy: { 'zh-CN': '查询表格', 'en-US': 'Search table' } },
  permissionResources: { policy: { 'zh-CN': '集合', 'en-US': 'Collections' } },
  grants: { user: ['policy:read', 'policy:export'], auditor: ['policy:read'] },
  routes: [
    {
      path: '/list', titleKey: 'menu.list', icon: 'IconList', order: 2, requiresAuth: true,
      children: [{ path: '/list/search-table', name: 'SearchTable', titleKey: 'menu.list.searchTable', permission: 'policy:read', order: 2.1, requiresAuth: true, tab: true }],
    },
  ],
  preferences: { searchTable: z.object({ density: z.enum(tableDensities).optional(), columns: columnsSchema.optional() }).strict() },
  validationMessages: searchTableValidationMessages,
} as const satisfies SliceDef;
