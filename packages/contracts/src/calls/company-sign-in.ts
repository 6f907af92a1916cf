import * as z from '../zod.ts';
import { defineCall } from '../call.ts';
import { signedInSchema } from './two-step.ts';

/**
 * Company sign-in (OpenID Connect, authorization code with PKCE; docs/company-sign-in.md). The start and
 * the callback are top-level navigations of the browser, so they carry no request signature and answer
 * redirects, not envelopes; the ticket the callback leaves in the sign-in page's fragment is redeemed by a
 * signed call, with the binding cookie of the browser that started.
 */

/** Where the console goes once signed in: one of its own paths (never another origin). */
const consolePath = z.string().max(512).optional();

const companySignInStartQuerySchema = z.object({ redirect: consolePath });

/** What a provider sends back (RFC 6749 §4.1.2 and OpenID Connect's additions); other parameters are dropped. */
const companySignInCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  iss: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

const companySignInRedeemBodySchema = z.object({ ticket: z.string({ error: 'validation.invalidValue' }).min(1, 'validation.invalidValue').max(128, 'validation.invalidValue') }).strict();

/** A session, like a password sign-in's, and the console path the sign-in started from. */
const redeemedSchema = signedInSchema.extend({ redirect: z.string() });

/** How the sign-in page offers company sign-in (part of GET /api/client-config). */
export const signInOptionsSchema = z.object({
  /** Company sign-in is configured: its button's text (null: the console's own, in the reader's language). */
  sso: z.object({ label: z.string().nullable() }).nullable(),
  /** `admins`: only full administrators may use the password and phone forms. */
  password: z.enum(['on', 'admins']),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

/** Where an account comes from: made in Atrium, or by company sign-in. */
export const accountSources = ['local', 'oidc'] as const;
export type AccountSource = (typeof accountSources)[number];

export const companySignInCalls = {
  start: defineCall({
    id: 'auth.company-sign-in.start',
    method: 'GET',
    path: '/api/auth/company-sign-in/start',
    access: 'public',
    signature: 'exempt',
    summary: "Starts company sign-in: 302 to the provider with state, nonce and a PKCE challenge, and the binding cookie (503 SSO_UNAVAILABLE until the provider's discovery succeeds)",
    query: companySignInStartQuerySchema,
    responseKind: 'redirect',
  }),
  callback: defineCall({
    id: 'auth.company-sign-in',
    method: 'GET',
    path: '/api/auth/oidc/callback',
    access: 'public',
    signature: 'exempt',
    summary: "The provider's answer: 302 to /login#sso=<ticket>, or to /login#sso_error=<KEY>; makes or updates the account",
    query: companySignInCallbackQuerySchema,
    responseKind: 'redirect',
    writes: true,
  }),
  redeem: defineCall({
    id: 'auth.company-sign-in.redeem',
    method: 'POST',
    path: '/api/auth/company-sign-in/redeem',
    access: 'public',
    summary: 'Turns the ticket of a company sign-in into a session, with the binding cookie of the browser that started it',
    body: companySignInRedeemBodySchema,
    response: redeemedSchema,
    writes: true,
  }),
};
