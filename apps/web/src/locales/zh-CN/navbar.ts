export default {
  'navbar.menu.open': '打开菜单',
  'navbar.logo.home': 'Atrium，返回{page}',
  'navbar.search.empty': '无匹配页面',
  'navbar.reload': '重新加载',
  'navbar.locale.zhCN': '中文',
  'navbar.locale.enUS': 'English',
  'navbar.user.switchRoles': '切换角色',
  'navbar.user.switchSuccess': '已切换为{role}',
  'navbar.user.userCenter': '用户中心',
  'navbar.user.userSettings': '用户设置',
  'navbar.user.logout': '退出登录',
  'navbar.user.menu': '用户菜单',
} satisfies Record<string, string>;
