// user-info page texts (zh-CN); ../en-US/user-info.ts holds the same keys (lib/i18n.test.ts checks).
export default {
  'userInfo.avatar.change': '更换头像',
  'userInfo.title.myProject': '我的项目',
  'userInfo.showMore': '查看更多',
  'userInfo.collapse': '收起',
  'userInfo.peopleNumber': '等{n}人',
  'userInfo.title.latestActivity': '最新动态',
  'userInfo.viewAll': '查看全部',
  'userInfo.title.myTeam': '我的团队',
  'userInfo.teamMembers': '共{n}人',
  'userInfo.title.latestNotification': '站内通知',
  'userInfo.nodata': '暂无数据',
} satisfies Record<string, string>;
