// user-info page texts (en-US); ../zh-CN/user-info.ts holds the same keys (lib/i18n.test.ts checks).
export default {
  'userInfo.avatar.change': 'Change avatar',
  'userInfo.title.latestNotification': 'Notifications',
  'userInfo.nodata': 'No data',
} satisfies Record<string, string>;
