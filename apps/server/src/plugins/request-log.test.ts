/**
 * The log holds no secret, at any level: a server logging at trace into a buffer is taken through a
 * captcha and password sign-in, a refused one, an SMS sign-in, a few calls, a password change and a
 * sign-in with the new password and a company sign-in; then the whole log is searched for every secret the run used. And the
 * access log's shape: one line per request, health checks at debug.
 */
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { rowsOf } from '../db/client.ts';
import { TEST_CREDENTIAL, createTestApp, type TestApp } from '../test/harness.ts';
import { httpCaller, signedInit, type Caller } from '../test/server-process.ts';
import { atProvider, navigation, oidcSettings, startProvider, ticketOf } from '../test/company-sign-in.ts';
import type { Idp } from '../../../../scripts/idp/idp.mjs';
import { loggerOptions } from './request-log.ts';

const CAPTCHA_ANSWER = 'WXKP';
const OLD_PASSWORD = 'user123';
const NEW_PASSWORD = 'Nw9.Secret77';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

describe('the log', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let call: Caller;
  let text = '';
  const lines = () => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
  const secrets: string[] = [OLD_PASSWORD, NEW_PASSWORD, CAPTCHA_ANSWER, CAPTCHA_ANSWER.toLowerCase(), TEST_CREDENTIAL.secret];
  let accountId = 0;
  let idp: Idp;

  beforeAll(async () => {
    idp = await startProvider();
    t = await createTestApp({ config: { captcha: 'always', oidc: oidcSettings(idp) } });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        done();
      },
    });
    // the server's own logger configuration (production JSON, redaction), at its most talkative level
    const logger = await loggerOptions({ logLevel: 'trace', nodeEnv: 'production' }, { stream });
    app = await buildApp(t.config, { db: t.db, engine: t.engine, logger: logger as Record<string, unknown>, captchaText: () => CAPTCHA_ANSWER });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    call = httpCaller(port);

    const captcha = async () => (await call('GET', '/auth/captcha')).body.data.id as string;
    const signIn = async (body: Record<string, unknown>) => {
      const answer = await call('POST', '/api/user/login', { body });
      if (answer.status === 200) secrets.push(answer.body.data.token as string);
      return answer;
    };

    expect((await signIn({ username: 'user', password: 'wrong-Pass1', captchaId: await captcha(), captcha: CAPTCHA_ANSWER })).body.data.error).toBe('INVALID_CREDENTIALS');
    secrets.push('wrong-Pass1');
    const first = await signIn({ username: 'user', password: OLD_PASSWORD, captchaId: await captcha(), captcha: CAPTCHA_ANSWER });
    expect(first.status).toBe(200);
    const token = first.body.data.token as string;

    expect((await call('POST', '/api/login/captcha', { body: { tel: '13900000000' } })).status).toBe(200);
    const sms = readFileSync(t.config.smsOutbox, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { code: string });
    const code = sms.at(-1)!.code;
    secrets.push(code);
    expect((await signIn({ tel: '13900000000', code })).status).toBe(200);

    const info = await call('POST', '/api/user/info', { token });
    expect(info.status).toBe(200);
    // the account's id in the database (the console shows another number)
    accountId = rowsOf<{ id: number }>(await t.db.execute(`select id from users where username = 'user'`))[0]!.id;
    expect((await call('GET', '/api/user/sessions?current=1&pageSize=10', { token })).status).toBe(200);
    expect((await call('GET', '/api/user/menu', { token })).status).toBe(200);
    expect((await call('POST', '/api/user/change-password', { token, body: { oldPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD } })).status).toBe(200);
    expect((await signIn({ username: 'user', password: NEW_PASSWORD, captchaId: await captcha(), captcha: CAPTCHA_ANSWER })).status).toBe(200);
    // A company sign-in: the callback's code and state, the binding cookie, the ticket and the session.
    const start = await fetch(`http://127.0.0.1:${port}/api/auth/company-sign-in/start`, { redirect: 'manual', headers: navigation });
    const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!;
    const back = await atProvider(start.headers.get('location')!, 'bob');
    const query = new URLSearchParams(back.split('?')[1]);
    secrets.push(query.get('code')!, query.get('state')!, cookie.split('=')[1]!);
    const landed = await fetch(`http://127.0.0.1:${port}${back}`, { redirect: 'manual', headers: { ...navigation, cookie } });
    const ticket = ticketOf(landed.headers.get('location')!)!;
    secrets.push(ticket);
    const init = await signedInit('POST', '/api/auth/company-sign-in/redeem', { body: { ticket } });
    const redeemed = await fetch(`http://127.0.0.1:${port}/api/auth/company-sign-in/redeem`, { ...init, headers: { ...init.headers, cookie } });
    expect(redeemed.status).toBe(200);
    secrets.push(((await redeemed.json()) as { data: { token: string } }).data.token);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    // a line that logs what must never be logged: redaction censors it
    app.log.info({ headers: { 'access-token': token, authorization: 'ATRIUM-HMAC-SHA256 Credential=x' }, body: { password: OLD_PASSWORD, code } }, 'careless line');
    await app.close();
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
    await idp?.close();
  });

  it('holds none of the secrets the run used: passwords, tokens, the SMS code, the captcha answer, the signing secret', () => {
    expect(lines().length).toBeGreaterThan(15);
    for (const secret of secrets) {
      // a 6-digit code stands alone: not part of a longer number (a timestamp)
      const pattern = /^\d{6}$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`) : new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const hit = text.split('\n').find((line) => pattern.test(line));
      expect(hit, `a secret (${secret.slice(0, 3)}...) in the log`).toBeUndefined();
    }
    expect(text).not.toContain('Credential=');
    expect(lines().find((l) => l.msg === 'careless line')).toMatchObject({ headers: { 'access-token': '[redacted]', authorization: '[redacted]' }, body: { password: '[redacted]', code: '[redacted]' } });
    expect(lines().find((l) => l.msg.startsWith('SMS code written to the outbox'))).toMatchObject({ tel: '13900000000', level: 30 });
  });

  it('has one line per request: trace id, route, status, duration, account; health checks at debug', () => {
    const requests = lines().filter((l) => l.msg === 'request');
    const info = requests.find((l) => l.url === '/api/user/info')!;
    expect(info).toMatchObject({ level: 30, method: 'POST', route: '/api/user/info', statusCode: 200, accountId, reqId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(info.ms).toEqual(expect.any(Number));
    expect(requests.filter((l) => l.reqId === info.reqId)).toHaveLength(1);
    expect(requests.find((l) => l.url === '/api/user/sessions?current=1&pageSize=10')).toMatchObject({ level: 30, route: '/api/user/sessions', accountId });
    expect(requests.find((l) => l.errorKey === 'INVALID_CREDENTIALS')).toMatchObject({ level: 30, route: '/api/user/login', statusCode: 400 });
    for (const path of ['/healthz', '/readyz']) expect(requests.find((l) => l.url === path)).toMatchObject({ level: 20, route: path, statusCode: 200 });
    expect(lines().some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });
});

describe('the log format', () => {
  it('is pino-pretty for a person at a development terminal, JSON in production and when not a terminal', async () => {
    const pretty = await loggerOptions({ logLevel: 'info', nodeEnv: 'development' }, { terminal: true });
    expect(pretty).toMatchObject({ level: 'info', stream: expect.objectContaining({ write: expect.any(Function) }) });
    expect(await loggerOptions({ logLevel: 'info', nodeEnv: 'production' }, { terminal: true })).not.toHaveProperty('stream');
    expect(await loggerOptions({ logLevel: 'debug', nodeEnv: 'development' }, { terminal: false })).not.toHaveProperty('stream');
    expect(await loggerOptions({ logLevel: 'silent', nodeEnv: 'development' }, { terminal: true })).toBe(false);
  });
});
