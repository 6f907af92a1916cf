import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createTestApp, testConfig, type TestApp } from './test/harness.ts';

describe('access log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t?.close());

  async function logged(level: string): Promise<Array<Record<string, unknown>>> {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    // the test app's data folder, which its close removes (a fresh one here would be left behind)
    const app = await buildApp(testConfig({ dataDir: t.config.dataDir }), { db: t.db, logger: { level, stream } });
    try {
      await app.inject({ method: 'GET', url: '/healthz' });
      await app.inject({ method: 'GET', url: '/api/nope?x=1' });
    } finally {
      await app.close();
    }
    return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  it('writes one line per request at info, with the trace id, method, path, status and time; health checks at debug', async () => {
    const lines = (await logged('info')).filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, method: 'GET', url: '/api/nope?x=1', statusCode: 404, reqId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(typeof lines[0]!.ms).toBe('number');
    expect((await logged('info')).some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
    const debug = (await logged('debug')).filter((l) => l.msg === 'request');
    expect(debug.map((l) => [l.url, l.level])).toEqual([
      ['/healthz', 20],
      ['/api/nope?x=1', 30],
    ]);
  });

  it('writes nothing per request above info', async () => {
    expect(await logged('warn')).toEqual([]);
  });
});
