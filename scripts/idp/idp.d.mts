// Types of idp.mjs, for the TypeScript suites that start the provider in-process (keep in step with it).

/** A person of the development provider (password: `password`). */
export interface Person {
  /** Stable subject identifier (the same at every start). */
  sub: string;
  username: string;
  name: string;
  email: string;
  /** The `groups` claim; a person without a group gets no such claim. */
  groups: string[];
}

export declare const people: readonly Person[];
export declare const password: string;

export interface Idp {
  /** `http://127.0.0.1:<port>`, as the provider names itself in discovery and tokens. */
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** Moves a person of this provider between groups (from the next sign-in on). */
  setGroups(username: string, groups: string[]): void;
  /**
   * For a relying party's tests: rewrites the ID token of every token response (undefined: stop). `sign`:
   * the provider's key (RS256), the client secret (HS256) or none.
   */
  tamperIdToken(fn: ((token: { header: Record<string, unknown>; payload: Record<string, unknown> }) => { header: Record<string, unknown>; payload: Record<string, unknown>; sign: 'key' | 'secret' | 'none' }) | undefined): void;
  close(): Promise<void>;
}

export interface IdpOptions {
  /** Default 3001; 0 picks a free port. */
  port?: number;
  /** Atrium's address (the redirect URI is `${publicUrl}/api/auth/oidc/callback`); default http://127.0.0.1:3000. */
  publicUrl?: string;
  /** Default: made for the run. */
  clientSecret?: string;
  /** Receives the errors the provider answers (bad client or secret, PKCE mismatch…). */
  log?: (line: string) => void;
}

export declare function startIdp(options?: IdpOptions): Promise<Idp>;
