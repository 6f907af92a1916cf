import { beforeAll, describe, expect, it } from 'vitest';
import { allCalls, type CallDef } from '@atrium/contracts';
import { MULTIPART_BODY_LIMIT } from '../http/register-call.ts';
import { type TestResponse } from './harness.ts';
import { suiteApp } from './suite-app.ts';
import { sampleUrl, wrongTypesBody } from './call-samples.ts';
import { snapshotDatabase } from './db-snapshot.ts';

/**
 * Generated from the contracts: every write call that takes a body refuses malformed JSON, wrong types,
 * missing fields, an oversize body and a wrong content type with a 4xx envelope (VALIDATION_FAILED with
 * field details where the body was readable), and writes nothing. Calls are made as admin so that the
 * role check passes and the input checks are what answers.
 */
const writeCalls = allCalls.filter((c) => c.writes && (c.body || c.requestKind === 'multipart'));
const jsonCalls = writeCalls.filter((c) => c.requestKind !== 'multipart');
const multipartCalls = writeCalls.filter((c) => c.requestKind === 'multipart');
const name = (c: CallDef) => `${c.method} ${c.path}`;

function expectEnvelope(call: CallDef, res: TestResponse, status: number, error: string) {
  expect([name(call), res.status, res.body?.status, res.body?.code, res.body?.data?.error]).toEqual([name(call), status, 'error', status, error]);
}

function expectValidation(call: CallDef, res: TestResponse) {
  expectEnvelope(call, res, 400, 'VALIDATION_FAILED');
  const details = res.body.data.details as Array<{ path: string; message: string }>;
  expect(Array.isArray(details) && details.length > 0).toBe(true);
  for (const d of details) {
    expect(typeof d.path).toBe('string');
    // translated text, never a raw catalogue key
    expect(d.message).not.toMatch(/^[a-z]+(\.[A-Za-z0-9]+)+(\|.*)?$/);
  }
}

describe('bad input on every write call', () => {
  let before: Record<string, string>;
  const t = suiteApp({ signIn: ['admin'] });
  beforeAll(async () => {
    before = await snapshotDatabase(t.db);
  });

  it('covers the write calls of the contract', () => {
    expect(jsonCalls.length).toBeGreaterThan(10);
    expect(multipartCalls.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses malformed JSON', async () => {
    for (const call of jsonCalls) {
      for (const body of ['{"a":', '{bad json}', '[1,2', 'nul']) {
        const res = await t.request({ method: call.method, url: sampleUrl(call), token: t.tokens.admin, body, contentType: 'application/json' });
        expectValidation(call, res);
      }
    }
  });

  it('refuses wrong types and non-object bodies', async () => {
    for (const call of jsonCalls) {
      for (const body of [wrongTypesBody(call.body!), 12345, 'text', null, []]) {
        const res = await t.request({ method: call.method, url: sampleUrl(call), token: t.tokens.admin, body: JSON.stringify(body), contentType: 'application/json' });
        expectValidation(call, res);
      }
    }
  });

  it('refuses missing fields (where the schema has required ones) and a missing body', async () => {
    for (const call of jsonCalls) {
      if (call.body!.safeParse({}).success) continue; // every field optional: {} is a valid (empty) change
      expectValidation(call, await t.request({ method: call.method, url: sampleUrl(call), token: t.tokens.admin, body: {} }));
      expectValidation(call, await t.request({ method: call.method, url: sampleUrl(call), token: t.tokens.admin }));
    }
  });

  it('refuses an oversize body with 413', async () => {
    for (const call of jsonCalls) {
      const body = JSON.stringify({ pad: 'x'.repeat(t.config.bodyLimit + 10) });
      expectEnvelope(call, await t.request({ method: call.method, url: sampleUrl(call), token: t.tokens.admin, body, contentType: 'application/json' }), 413, 'PAYLOAD_TOO_LARGE');
    }
    for (const call of multipartCalls) {
      const body = Buffer.alloc((call.bodyLimit ?? MULTIPART_BODY_LIMIT) + 10, 0x61);
      expectEnvelope(call, await t.request({ method: call.method, url: sampleUrl(call), token: t.tokens.admin, body, contentType: 'multipart/form-data; boundary=x' }), 413, 'PAYLOAD_TOO_LARGE');
    }
  });

  it('refuses a wrong content type with 415', async () => {
    for (const call of jsonCalls) {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await t.request({ method: call.method, url: sampleUrl(call), token: t.tokens.admin, body: '{}', contentType });
        expectEnvelope(call, res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      }
    }
    for (const call of multipartCalls) {
      expectEnvelope(call, await t.request({ method: call.method, url: sampleUrl(call), token: t.tokens.admin, body: { file: 'x' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('checks signature and session before it reads a body: a stranger learns nothing about parsing', async () => {
    const stranger = jsonCalls.filter((c) => c.access !== 'public');
    expect(stranger.length).toBeGreaterThan(10);
    for (const call of stranger) {
      // malformed JSON, wrong content type: without a session the answer is 401, not 400 or 415
      expectEnvelope(call, await t.request({ method: call.method, url: sampleUrl(call), body: '{bad json}', contentType: 'application/json' }), 401, 'AUTH_REQUIRED');
      expectEnvelope(call, await t.request({ method: call.method, url: sampleUrl(call), body: '{}', contentType: 'text/plain' }), 401, 'AUTH_REQUIRED');
      // unsigned: the signature answers first, whatever the token and the body
      expectEnvelope(call, await t.request({ method: call.method, url: sampleUrl(call), token: t.tokens.admin, sign: false, body: '{bad json}', contentType: 'application/json' }), 400, 'SIGNATURE_INVALID');
    }
  });

  it('wrote nothing through any of it', async () => {
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });
});
