import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@atrium/contracts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let doc: Record<string, unknown> & { paths: Record<string, Record<string, Record<string, unknown>>>; components: { schemas: Record<string, unknown> } };
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.request({ url: '/api/openapi.json', sign: false });
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => t?.close());

  it('describes every call of the contracts with its method, access and schemas', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const call of allCalls) {
      const op = doc.paths[call.path.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[call.method.toLowerCase()];
      expect([call.method, call.path, op !== undefined]).toEqual([call.method, call.path, true]);
      expect(op!['x-access']).toBe(call.access);
      if (call.body && call.requestKind !== 'multipart') expect(op!.requestBody).toBeDefined();
      expect(op!.operationId).toBe(call.id);
      if (call.permission) expect(Object.keys(op!.responses as object)).toContain('403');
    }
    const login = doc.paths['/api/user/login']!.post!;
    expect(JSON.stringify(login.requestBody)).toContain('"username"');
    expect(JSON.stringify(login.requestBody)).toContain('"tel"');
  });

  it('has only references that resolve inside the document', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('#/$defs/');
    for (const [, ref] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas[ref!]).toBeDefined();
  });
});
