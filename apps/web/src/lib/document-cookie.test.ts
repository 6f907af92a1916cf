import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The console asks for the document cookie once per session and page, with the browser's cookies, and not
// when the server sent this document signed in for the token it started with (decision 046).

const call = vi.fn(async () => null);
vi.mock('./api', () => ({ call, endpoints: { auth: { documentCookie: { method: 'POST', path: '/api/user/document-cookie', access: 'signed' } } } }));

async function load(signedIn: boolean) {
  vi.resetModules();
  if (signedIn) document.documentElement.setAttribute('data-signed-in', '');
  else document.documentElement.removeAttribute('data-signed-in');
  return (await import('./document-cookie')).keepDocumentCookie;
}

beforeEach(() => {
  call.mockClear();
  localStorage.clear();
});
afterEach(() => document.documentElement.removeAttribute('data-signed-in'));

describe('the document cookie, from the console', () => {
  it('is asked for once per session, with the cookies of the browser, and again for a new session', async () => {
    const keep = await load(false);
    keep();
    expect(call).not.toHaveBeenCalled();
    localStorage.setItem('token', 'tok-1');
    keep();
    keep();
    expect(call.mock.calls).toEqual([[expect.objectContaining({ path: '/api/user/document-cookie' }), {}, { silent: true, cookies: true }]]);
    localStorage.setItem('token', 'tok-2');
    keep();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('is not asked for when the document came signed in for the session it started with', async () => {
    localStorage.setItem('token', 'tok-1');
    const keep = await load(true);
    keep();
    expect(call).not.toHaveBeenCalled();
    // Signed in again in this page (another account): asked for.
    localStorage.setItem('token', 'tok-2');
    keep();
    expect(call).toHaveBeenCalledTimes(1);
  });
});
