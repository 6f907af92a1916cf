import type { SliceDef } from '../../slice.ts';

/**
 * The demo's accounts: the `auditor` role, which reads the audit log and, by the other demo slices' grants,
 * the workplace and the search table. Its account (`auditor` / `auditor123`) is seeded by the server's
 * slice of the same name (apps/server/src/demo/accounts).
 */
export const accountsSlice = {
  name: 'accounts',
  roles: {
    auditor: {
      name: { 'zh-CN': '审计员', 'en-US': 'Auditor' },
      description: { 'zh-CN': '查看审计日志与业务页面', 'en-US': 'Views the audit log and the product pages' },
      permissions: ['audit:read'],
    },
  },
} as const satisfies SliceDef;
