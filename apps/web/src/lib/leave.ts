/**
 * Sends the window to another address, leaving the console (a full navigation: the company sign-in's
 * start, the identity provider's sign-out page). One place, so tests can see where it would go.
 */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
