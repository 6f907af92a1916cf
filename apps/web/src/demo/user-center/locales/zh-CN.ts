// The user-center slice's texts (zh-CN): the panels of 用户信息; ./en-US.ts holds the same keys (lib/i18n.test.ts checks).
export default {
  'userCenter.title.myProject': '我的项目',
  'userCenter.showMore': '查看更多',
  'userCenter.collapse': '收起',
  'userCenter.peopleNumber': '等{n}人',
  'userCenter.title.latestActivity': '最新动态',
  'userCenter.viewAll': '查看全部',
  'userCenter.title.myTeam': '我的团队',
  'userCenter.teamMembers': '共{n}人',
  'systemAudit.action.user.save-info': '保存基本信息',
  'systemAudit.action.user.upload': '上传头像',
  'systemAudit.action.user.certification.apply': '申请企业认证',
  'systemAudit.action.user.certification.withdraw': '撤回企业认证',
  'systemAudit.target.certification': '企业认证',
} satisfies Record<string, string>;
