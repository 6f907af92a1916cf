export default {
  'tabBar.reload': '重新加载',
  'tabBar.closeCurrent': '关闭当前标签页',
  'tabBar.closeLeft': '关闭左侧标签页',
  'tabBar.closeRight': '关闭右侧标签页',
  'tabBar.closeOthers': '关闭其它标签页',
  'tabBar.closeAll': '关闭全部标签页',
  'tabBar.close': '关闭',
  'tabBar.named': '{page}：{name}',
  'tabBar.label': '已打开的页面',
  'tabBar.scrollLeft': '向左滚动标签页',
  'tabBar.scrollRight': '向右滚动标签页',
} satisfies Record<string, string>;
