export default {
  'navbar.menu.open': 'Open menu',
  'navbar.logo.home': 'Atrium, back to {page}',
  'navbar.search.empty': 'No matching pages',
  'navbar.reload': 'Reload',
  'navbar.locale.zhCN': '中文',
  'navbar.locale.enUS': 'English',
  'navbar.user.switchRoles': 'Switch role',
  'navbar.user.switchSuccess': 'Switched to {role}',
  'navbar.user.userCenter': 'User center',
  'navbar.user.userSettings': 'User settings',
  'navbar.user.logout': 'Sign out',
  'navbar.user.menu': 'User menu',
} satisfies Record<string, string>;
