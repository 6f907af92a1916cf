import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { drainApp, StopRequests } from './shutdown.ts';

describe('health and readiness', () => {
  it('reports live and ready, then not ready (503 UNAVAILABLE) once the database is gone', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const live = await t.request({ url: '/healthz', sign: false });
      expect(live.status).toBe(200);
      expect(live.body.data.status).toBe('ok');
      expect((await t.request({ url: '/readyz', sign: false })).body.data.status).toBe('ready');
      await t.handle.close();
      const down = await t.request({ url: '/readyz', sign: false, locale: 'en-US' });
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: 'error', code: 503, data: { error: 'UNAVAILABLE' }, message: 'The service is unavailable. Please try again later.' });
      // liveness does not depend on the database
      expect((await t.request({ url: '/healthz', sign: false })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

/** One HTTP/1.1 exchange on an open socket: the answer's status, headers and body (by Content-Length). */
function exchange(socket: Socket, path: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((ok, fail) => {
    let buffer = Buffer.alloc(0);
    const onData = (d: Buffer) => {
      buffer = Buffer.concat([buffer, d]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end === -1) return;
      const [statusLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (buffer.length < end + 4 + length) return;
      socket.off('data', onData);
      ok({ status: Number(statusLine.split(' ')[1]), headers, body: buffer.subarray(end + 4, end + 4 + length).toString('utf8') });
    };
    socket.on('data', onData);
    socket.once('error', fail);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\nAccept-Language: en-US\r\n\r\n`);
  });
}

describe('draining (a stopping server)', () => {
  it('answers a request that arrives on a kept-alive connection (readiness 503), closes that connection after it, refuses new ones', async () => {
    const t = await createTestApp({ seed: false });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const socket = connect(port, '127.0.0.1');
      await new Promise((ok) => socket.once('connect', ok));
      const before = await exchange(socket, '/readyz');
      expect(before.status).toBe(200);
      expect(before.headers.connection).toBe('keep-alive');
      const closed = new Promise<string | undefined>((ok) => {
        let error: string | undefined;
        socket.once('error', (err: NodeJS.ErrnoException) => (error = err.code));
        socket.once('close', () => ok(error));
      });

      const drained = drainApp(t.app, 10_000);
      // the client reuses its connection just as the drain begins: served, not reset
      const during = await exchange(socket, '/readyz');
      expect(during.status).toBe(503);
      expect(JSON.parse(during.body)).toMatchObject({ code: 503, data: { error: 'UNAVAILABLE' } });
      expect(during.headers.connection).toBe('close');
      expect(await closed).toBeUndefined(); // closed by the server after the answer, no reset

      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
      expect(await drained).toEqual({ cut: 0 });
    } finally {
      await t.close();
    }
  });

  it('closes a connection with nothing in progress once it has been idle a while, and past the limit closes the rest', async () => {
    const t = await createTestApp({ seed: false });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const idle = connect(port, '127.0.0.1');
      await new Promise((ok) => idle.once('connect', ok));
      await exchange(idle, '/healthz');
      const idleClosed = new Promise<number>((ok) => idle.once('close', () => ok(Date.now())));
      // a request whose body never comes: in progress until the drain limit
      const stalled = connect(port, '127.0.0.1');
      await new Promise((ok) => stalled.once('connect', ok));
      stalled.write('POST /api/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user');
      const stalledClosed = new Promise<number>((ok) => stalled.once('close', () => ok(Date.now())));
      stalled.on('error', () => undefined);

      const started = Date.now();
      const result = await drainApp(t.app, 2500);
      const idleAfter = (await idleClosed) - started;
      expect(idleAfter).toBeGreaterThanOrEqual(900); // the grace: no reset for a client about to reuse it
      expect(idleAfter).toBeLessThan(2300);
      expect((await stalledClosed) - started).toBeGreaterThanOrEqual(2400);
      expect(result).toEqual({ cut: 1 });
    } finally {
      await t.close();
    }
  });
});

describe('stop requests', () => {
  it('counts copies of one signal once; the second is "again", the third and later "force"', () => {
    let now = 0;
    const stops = new StopRequests(500, () => now);
    expect(stops.stopping).toBe(false);
    expect(stops.take()).toBe('stop');
    expect(stops.stopping).toBe(true);
    now = 5; // the copy forwarded by start.mjs
    expect(stops.take()).toBe('duplicate');
    now = 499;
    expect(stops.take()).toBe('duplicate');
    now = 1500;
    expect(stops.take()).toBe('again');
    now = 1600;
    expect(stops.take()).toBe('duplicate');
    now = 2100;
    expect(stops.take()).toBe('force');
    now = 3000;
    expect(stops.take()).toBe('force');
  });
});
