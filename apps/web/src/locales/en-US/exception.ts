export default {
  'exception.result.403.description': "Sorry, you don't have permission to access this resource.",
  'exception.result.403.back': 'Back',
  'exception.result.404.description': 'Sorry, this page has gone missing.',
  'exception.result.404.retry': 'Retry',
  'exception.result.404.back': 'Back',
  'exception.result.500.description': 'Sorry, something went wrong on the server.',
  'exception.result.500.back': 'Back',
  'notFound.pageTitle': 'Page not found',
  'notFound.description': 'Sorry, the page you are looking for does not exist.',
  'notFound.back': 'Back to {page}',
} satisfies Record<string, string>;
