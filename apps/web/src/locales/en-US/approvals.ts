// Awaiting me's texts (en-US); ../zh-CN/approvals.ts holds the same keys (lib/i18n.test.ts checks).
export default {
  'approvals.columns.resource': 'Type',
  'approvals.columns.title': 'Title',
  'approvals.columns.state': 'Status',
  'approvals.columns.requestedBy': 'Requested by',
  'approvals.columns.requestedAt': 'Requested at',
  'approvals.columns.department': 'Department',
  'approvals.columns.actions': 'Actions',
  'approvals.filter.resource': 'Type',
  'approvals.filter.all': 'All types',
  'approvals.empty': 'Nothing awaits your approval',
  'approvals.otherRoles': 'Approvals for {roles} are listed while you act as that role (account menu › Switch role); you are acting as {role}.',
  'approvals.otherRoles.separator': ', ',
} satisfies Record<string, string>;
