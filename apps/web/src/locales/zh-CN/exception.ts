export default {
  'exception.result.403.description': '对不起，您没有访问该资源的权限',
  'exception.result.403.back': '返回',
  'exception.result.404.description': '抱歉，页面不见了～',
  'exception.result.404.retry': '重试',
  'exception.result.404.back': '返回',
  'exception.result.500.description': '抱歉，服务器出了点问题～',
  'exception.result.500.back': '返回',
  'notFound.pageTitle': '页面不存在',
  'notFound.description': '抱歉，您访问的页面不存在',
  'notFound.back': '返回{page}',
} satisfies Record<string, string>;
