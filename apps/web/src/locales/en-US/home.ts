// home page texts (en-US); ../zh-CN/home.ts holds the same keys (lib/i18n.test.ts checks).
export default {
  'home.greeting': 'Hello, {name}',
  'home.intro': 'These are the pages your current role can open',
  'home.empty': 'Your current role opens no pages yet; ask an administrator for permissions',
} satisfies Record<string, string>;
