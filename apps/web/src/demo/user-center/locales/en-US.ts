// The user-center slice's texts (en-US): the panels of 用户信息; ./zh-CN.ts holds the same keys (lib/i18n.test.ts checks).
export default {
  'userCenter.title.myProject': 'My projects',
  'userCenter.showMore': 'View more',
  'userCenter.collapse': 'Show less',
  'userCenter.peopleNumber': '{n} people',
  'userCenter.title.latestActivity': 'Latest activity',
  'userCenter.viewAll': 'View all',
  'userCenter.title.myTeam': 'My teams',
  'userCenter.teamMembers': '{n} members',
  'systemAudit.action.user.save-info': 'Save basic information',
  'systemAudit.action.user.upload': 'Upload an avatar',
  'systemAudit.action.user.certification.apply': 'Apply for certification',
  'systemAudit.action.user.certification.withdraw': 'Withdraw a certification',
  'systemAudit.target.certification': 'Certification',
} satisfies Record<string, string>;
