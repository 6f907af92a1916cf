import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companySignInCalls } from '@atrium/contracts/calls/company-sign-in';
import { auditEntry, writeAudit, type AuditNote } from '../../audit/audit-entry.ts';
import { AppError } from '../../http/errors.ts';
import { registerCall } from '../../http/register-call.ts';
import { withDocumentCookie, type AuthEnv } from './open-session.ts';
import type { CompanyProvider } from './oidc.provider.ts';
import { BINDING_COOKIE, finishSignIn, redeemTicket, startSignIn, TRANSACTION_SECONDS, type CompanySignInFailure } from './company-sign-in.service.ts';
import { refusedSignIn, signInSaid } from './trail-texts.ts';

/** The binding cookie the browser sent, if any. */
function bindingOf(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  return header ? parseCookie(header)[BINDING_COOKIE] : undefined;
}

/** The callback's query string exactly as the provider sent it (the library reads `code`, `state` and `iss` from it). */
function rawQueryOf(req: FastifyRequest): string {
  const url = req.raw.url ?? req.url;
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/** A refused company sign-in in the trail: the key and its reason (never a code, token or ticket), the account when known. */
async function failedSignIn(error: unknown): Promise<AuditNote | null> {
  if (!(error instanceof AppError) || !(error.key.startsWith('SSO_') || error.key === 'ACCOUNT_DISABLED')) return null;
  const cause = error.cause as CompanySignInFailure | undefined;
  const account = cause?.account;
  return {
    actor: { id: account?.id ?? null, name: account?.username ?? '', role: null },
    targetType: 'user',
    targetId: account?.id ?? null,
    summary: refusedSignIn(error.key, { detail: cause?.reason }),
  };
}

/** Logs why a sign-in was refused (the browser only learns the key), and passes the error on. */
function logged(req: FastifyRequest) {
  return (error: unknown): never => {
    if (error instanceof AppError && error.key.startsWith('SSO_') && error.status < 500) {
      req.log.warn({ key: error.key, reason: (error.cause as CompanySignInFailure | undefined)?.reason['en-US'] }, 'company sign-in refused');
    }
    throw error;
  };
}

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');

/**
 * Company sign-in (docs/company-sign-in.md): the start and the callback, top-level navigations answered
 * with redirects (a refusal too: plugins/error-handler.ts sends a browser to /login#sso_error=<KEY>), and
 * the signed redemption of the ticket. Without OIDC_ISSUER they answer 404.
 */
export function registerCompanySignInCalls(app: FastifyInstance, provider: CompanyProvider | undefined, deps: { limitSignIn: (req: FastifyRequest) => Promise<void>; authEnv: (req: FastifyRequest) => AuthEnv }): void {
  const need = () => {
    if (!provider) throw new AppError('NOT_FOUND');
    return provider;
  };
  const secure = provider !== undefined && new URL(provider.settings.publicUrl).protocol === 'https:';
  const cookie = (value: string) =>
    stringifySetCookie({ name: BINDING_COOKIE, value, httpOnly: true, sameSite: 'lax', secure, path: '/api/auth', maxAge: TRANSACTION_SECONDS });

  if (provider) app.addHook('onReady', async () => provider.warmUp());

  registerCall(app, companySignInCalls.start, async ({ req, reply, query, now }) => {
    const { location, binding } = await startSignIn({ db: app.db, provider: need(), now: now() }, query.redirect, bindingOf(req));
    return noStore(reply).header('Set-Cookie', cookie(binding)).redirect(location, 302);
  });

  registerCall(
    app,
    companySignInCalls.callback,
    async ({ req, reply, query, audit, recordSuccess, now }) => {
      const { ticket } = await finishSignIn(
        {
          db: app.db,
          provider: need(),
          now: now(),
          record: async (tx, account) => {
            const actor = { id: account.id, name: account.username, role: account.role };
            if (account.provisioned) {
              const made = auditEntry(req, companySignInCalls.callback, 'success', { actor, targetType: 'user', targetId: account.id, summary: signInSaid.provisioned, changes: account.provisioned });
              await writeAudit(tx, { ...made, action: 'auth.company-sign-in.provision' });
            }
            audit.set({ actor, targetType: 'user', targetId: account.id, summary: account.changes.length > 0 ? signInSaid.rolesFromGroups : signInSaid.atCompany, changes: account.changes });
            await recordSuccess(tx);
          },
        },
        query,
        rawQueryOf(req),
        bindingOf(req),
      ).catch(logged(req));
      // In the fragment: the ticket reaches neither a server log nor a Referer.
      return noStore(reply).redirect(`/login#sso=${ticket}`, 302);
    },
    { audit: { mode: 'in-handler', failed: failedSignIn } },
  );

  registerCall(
    app,
    companySignInCalls.redeem,
    async ({ req, reply, body, audit, recordSuccess }) => {
      need();
      await deps.limitSignIn(req);
      const env: AuthEnv = {
        ...deps.authEnv(req),
        record: (tx, who) => {
          audit.set({ actor: { id: who.id, name: who.username, role: who.role }, targetType: 'user', targetId: who.id });
          return recordSuccess(tx);
        },
      };
      const signedIn = await redeemTicket(env, body.ticket, bindingOf(req)).catch(logged(req));
      return withDocumentCookie(reply, req, app.config, signedIn, { ...signedIn.answer, redirect: signedIn.redirect });
    },
    { audit: { mode: 'in-handler', failed: failedSignIn } },
  );
}
