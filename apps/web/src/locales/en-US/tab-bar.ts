export default {
  'tabBar.reload': 'Reload',
  'tabBar.closeCurrent': 'Close this tab',
  'tabBar.closeLeft': 'Close tabs to the left',
  'tabBar.closeRight': 'Close tabs to the right',
  'tabBar.closeOthers': 'Close other tabs',
  'tabBar.closeAll': 'Close all tabs',
  'tabBar.close': 'Close',
  'tabBar.named': '{page}: {name}',
  'tabBar.label': 'Open pages',
  'tabBar.scrollLeft': 'Scroll tabs left',
  'tabBar.scrollRight': 'Scroll tabs right',
} satisfies Record<string, string>;
