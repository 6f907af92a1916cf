// 待我审批's texts (zh-CN); ../en-US/approvals.ts holds the same keys (lib/i18n.test.ts checks).
export default {
  'approvals.columns.resource': '类型',
  'approvals.columns.title': '标题',
  'approvals.columns.state': '状态',
  'approvals.columns.requestedBy': '申请人',
  'approvals.columns.requestedAt': '申请时间',
  'approvals.columns.department': '所属部门',
  'approvals.columns.actions': '操作',
  'approvals.filter.resource': '类型',
  'approvals.filter.all': '全部类型',
  'approvals.empty': '没有等待你审批的记录',
  'approvals.otherRoles': '审批人为「{roles}」的记录，在你切换到该角色后列在这里（账户菜单 › 切换角色）；你当前的角色是「{role}」。',
  'approvals.otherRoles.separator': '、',
} satisfies Record<string, string>;
