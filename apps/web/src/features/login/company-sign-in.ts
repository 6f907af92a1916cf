import type { ErrorKey } from '@atrium/contracts/envelope';
import { buildQuery, endpoints } from '../../lib/api';

/**
 * Company sign-in on the sign-in page (docs/company-sign-in.md): the start is a navigation of the window,
 * and the provider's round trip comes back to `/login#sso=<ticket>` or `/login#sso_error=<KEY>`. The
 * fragment reaches neither a server log nor a Referer; the page removes it from the address bar at once.
 */

/** The keys the callback leaves in `#sso_error=`; any other reads as SSO_FAILED. */
const fragmentErrors = ['SSO_FAILED', 'SSO_DENIED', 'SSO_NO_ROLE', 'SSO_UNAVAILABLE', 'ACCOUNT_DISABLED'] as const satisfies readonly ErrorKey[];
type FragmentError = (typeof fragmentErrors)[number];

/** The longest ticket the redeem takes (companySignInRedeemBodySchema). */
const TICKET_MAX = 128;
/** The longest `redirect` the start takes (companySignInStartQuerySchema). */
const REDIRECT_MAX = 512;

export type CompanySignInFragment = { ticket: string } | { error: FragmentError };

/** The fragment's parameters, decoded as written (a `+` stays a plus: a ticket may hold one). */
function fragmentParams(hash: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const part of hash.replace(/^#/, '').split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    const name = at < 0 ? part : part.slice(0, at);
    const raw = at < 0 ? '' : part.slice(at + 1);
    try {
      params.set(decodeURIComponent(name), decodeURIComponent(raw));
    } catch {
      params.set(name, '');
    }
  }
  return params;
}

/** What a company sign-in left in the address's fragment, or null when it left nothing. */
export function readCompanySignInFragment(hash: string): CompanySignInFragment | null {
  const params = fragmentParams(hash);
  const ticket = params.get('sso');
  if (ticket !== undefined) return ticket && ticket.length <= TICKET_MAX ? { ticket } : { error: 'SSO_FAILED' };
  const key = params.get('sso_error');
  if (key === undefined) return null;
  return { error: (fragmentErrors as readonly string[]).includes(key) ? (key as FragmentError) : 'SSO_FAILED' };
}

/** The fragment read at the page's first render (none outside a browser: the build's pre-render). */
export function initialCompanySignInFragment(): CompanySignInFragment | null {
  return typeof window === 'undefined' ? null : readCompanySignInFragment(window.location.hash);
}

/** Removes the fragment from the address bar (and from history), keeping the path, the query and the router's state. */
export function clearFragment(): void {
  const { pathname, search, hash } = window.location;
  if (hash) window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/** Where the company button sends the window: the start, with the console path to come back to. */
export function companySignInStartUrl(redirect: string): string {
  // An over-long query is dropped rather than refused by the start: the page itself is kept.
  const target = redirect.length <= REDIRECT_MAX ? redirect : redirect.split('?')[0]!.slice(0, REDIRECT_MAX);
  return `${endpoints.companySignIn.start.path}?${buildQuery({ redirect: target })}`;
}

/** The redeem's `redirect` when it is one of the console's own paths, else `fallback` (never another origin). */
export function consolePath(value: string, fallback: string): string {
  return /^\/(?![/\\])/.test(value) ? value : fallback;
}
