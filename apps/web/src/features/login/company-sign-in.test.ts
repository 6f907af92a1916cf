import { describe, expect, it } from 'vitest';
import { consolePath, readCompanySignInFragment, companySignInStartUrl } from './company-sign-in';

describe("what company sign-in leaves in the sign-in page's fragment", () => {
  it('reads a ticket as written (a plus stays a plus)', () => {
    expect(readCompanySignInFragment('#sso=AbC-12_x+y%2Fz')).toEqual({ ticket: 'AbC-12_x+y/z' });
  });

  it('takes an empty or over-long ticket for a failed sign-in, without redeeming it', () => {
    expect(readCompanySignInFragment('#sso=')).toEqual({ error: 'SSO_FAILED' });
    expect(readCompanySignInFragment(`#sso=${'t'.repeat(129)}`)).toEqual({ error: 'SSO_FAILED' });
  });

  it('reads the known error keys, and any other as SSO_FAILED', () => {
    for (const key of ['SSO_FAILED', 'SSO_DENIED', 'SSO_NO_ROLE', 'SSO_UNAVAILABLE', 'ACCOUNT_DISABLED']) {
      expect(readCompanySignInFragment(`#sso_error=${key}`)).toEqual({ error: key });
    }
    expect(readCompanySignInFragment('#sso_error=INTERNAL')).toEqual({ error: 'SSO_FAILED' });
    expect(readCompanySignInFragment('#sso_error=%E0%A4%A')).toEqual({ error: 'SSO_FAILED' });
  });

  it('finds nothing in another fragment', () => {
    expect(readCompanySignInFragment('')).toBeNull();
    expect(readCompanySignInFragment('#section-2')).toBeNull();
  });
});

describe('the way there and back', () => {
  it('starts with the console path, encoded, and keeps the page when the path is too long', () => {
    expect(companySignInStartUrl('/system/user?status=active&keyword=a b')).toBe('/api/auth/company-sign-in/start?redirect=%2Fsystem%2Fuser%3Fstatus%3Dactive%26keyword%3Da%20b');
    expect(companySignInStartUrl(`/system/user?keyword=${'x'.repeat(600)}`)).toBe('/api/auth/company-sign-in/start?redirect=%2Fsystem%2Fuser');
  });

  it("goes on to the redeem's redirect only when it is one of the console's paths", () => {
    expect(consolePath('/system/user?status=active', '/home')).toBe('/system/user?status=active');
    for (const other of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '']) {
      expect(consolePath(other, '/home')).toBe('/home');
    }
  });
});
