// user-info page texts (zh-CN); ../en-US/user-info.ts holds the same keys (lib/i18n.test.ts checks).
export default {
  'userInfo.avatar.change': '更换头像',
  'userInfo.title.latestNotification': '站内通知',
  'userInfo.nodata': '暂无数据',
} satisfies Record<string, string>;
