// home page texts (zh-CN); ../en-US/home.ts holds the same keys (lib/i18n.test.ts checks).
export default {
  'home.greeting': '你好，{name}',
  'home.intro': '当前角色可以打开以下页面',
  'home.empty': '当前角色还没有可以打开的页面，请联系管理员分配权限',
} satisfies Record<string, string>;
