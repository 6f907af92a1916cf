import * as client from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { OidcConfig } from '../../config.ts';
import { AppError } from '../../http/errors.ts';

/** What the provider says of the person, as the account needs it (the ID token's claims, completed by userinfo). */
export interface CompanyPerson {
  issuer: string;
  subject: string;
  preferredUsername: string | undefined;
  name: string | undefined;
  /** Only when the provider vouches for it (`email_verified`). */
  verifiedEmail: string | undefined;
  groups: string[];
}

/** How long a discovery or a token request may take before the sign-in is given up. */
const REQUEST_TIMEOUT_SECONDS = 10;
/** The clock skew allowed on `exp`, `iat` and `nbf`. */
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Atrium's relying party: openid-client (a certified implementation) does the protocol: discovery, the
 * authorization URL, the code exchange with PKCE, and the ID token's checks: its signature against the
 * provider's published keys (enableNonRepudiationChecks; only asymmetric algorithms are supported, so
 * `none` and HMAC are refused), `iss`, `aud`, `exp`, `iat`, `nonce` and `state`. Nothing here checks a
 * token by hand.
 *
 * A provider that cannot be reached does not stop the server: the discovery is tried at start and again
 * by every sign-in until it succeeds (one attempt at a time); meanwhile starting a sign-in answers 503
 * SSO_UNAVAILABLE.
 */
export class CompanyProvider {
  private configuration: client.Configuration | undefined;
  private discovering: Promise<client.Configuration> | undefined;

  constructor(
    readonly settings: OidcConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  get redirectUri(): string {
    return `${this.settings.publicUrl}/api/auth/oidc/callback`;
  }

  /** Starts the discovery without waiting for it (at server start); a failure is logged and retried later. */
  warmUp(): void {
    this.ready().catch(() => undefined);
  }

  /** The provider's configuration; 503 SSO_UNAVAILABLE while its discovery fails. */
  async ready(): Promise<client.Configuration> {
    if (this.configuration) return this.configuration;
    this.discovering ??= this.discover().finally(() => {
      this.discovering = undefined;
    });
    try {
      return await this.discovering;
    } catch (err) {
      throw new AppError('SSO_UNAVAILABLE', { cause: err });
    }
  }

  private async discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    const execute = [client.enableNonRepudiationChecks];
    // A development provider on http://127.0.0.1 (production requires https: config.ts).
    if (new URL(issuer).protocol === 'http:') execute.push(client.allowInsecureRequests);
    try {
      const metadata = { client_secret: clientSecret, [client.clockTolerance]: CLOCK_TOLERANCE_SECONDS };
      const configuration = await client.discovery(new URL(issuer), clientId, metadata, client.ClientSecretPost(clientSecret), {
        execute,
        timeout: REQUEST_TIMEOUT_SECONDS,
      });
      this.configuration = configuration;
      this.log.info({ issuer }, 'company sign-in: provider discovered');
      return configuration;
    } catch (err) {
      this.log.warn({ issuer, err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'company sign-in: provider discovery failed (retried at the next sign-in)');
      throw err;
    }
  }

  /** The provider's authorization URL for one sign-in, and the values its callback is checked against. */
  async authorizationUrl(): Promise<{ url: URL; state: string; nonce: string; codeVerifier: string }> {
    const configuration = await this.ready();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: this.settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * Redeems the code of `callbackQuery` (the callback's query string, as received) and checks the ID token.
   * Throws openid-client's errors as they come: the caller turns them into SSO_FAILED.
   */
  async person(callbackQuery: string, expected: { state: string; nonce: string; codeVerifier: string }): Promise<CompanyPerson> {
    const configuration = await this.ready();
    const currentUrl = new URL(`${this.redirectUri}${callbackQuery ? `?${callbackQuery}` : ''}`);
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    let claims: Record<string, unknown> = { ...tokens.claims()! };
    const claimName = this.settings.rolesClaim;
    // Some providers put the groups in userinfo only: asked for when the ID token lacks them.
    if (!(claimName in claims) && configuration.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims, [claimName]: info[claimName] };
    }
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
    const groups = claims[claimName];
    return {
      issuer: String(claims.iss),
      subject: String(claims.sub),
      preferredUsername: text(claims.preferred_username),
      name: text(claims.name),
      verifiedEmail: claims.email_verified === true ? text(claims.email) : undefined,
      groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : typeof groups === 'string' ? [groups] : [],
    };
  }

  /** Where the browser ends the provider's session too (OIDC_LOGOUT=provider), back to the sign-in page. */
  async endSessionUrl(): Promise<string | null> {
    const configuration = await this.ready().catch(() => undefined);
    if (!configuration?.serverMetadata().end_session_endpoint) return null;
    return client
      .buildEndSessionUrl(configuration, { client_id: this.settings.clientId, post_logout_redirect_uri: `${this.settings.publicUrl}/login` })
      .toString();
  }
}
