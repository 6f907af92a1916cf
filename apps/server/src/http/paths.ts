/**
 * Whether a URL (path, with or without its query) is the API's: `/api`, `/api/*` and `/auth/*`. Such a
 * URL is signed when a call serves it, gets the API's headers, and is never answered with the console.
 */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/auth/') || url === '/api' || url.startsWith('/api?');
}
