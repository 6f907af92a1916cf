// user-info page texts (en-US); ../zh-CN/user-info.ts holds the same keys (lib/i18n.test.ts checks).
export default {
  'userInfo.avatar.change': 'Change avatar',
  'userInfo.title.myProject': 'My projects',
  'userInfo.showMore': 'View more',
  'userInfo.collapse': 'Show less',
  'userInfo.peopleNumber': '{n} people',
  'userInfo.title.latestActivity': 'Latest activity',
  'userInfo.viewAll': 'View all',
  'userInfo.title.myTeam': 'My teams',
  'userInfo.teamMembers': '{n} members',
  'userInfo.title.latestNotification': 'Notifications',
  'userInfo.nodata': 'No data',
} satisfies Record<string, string>;
