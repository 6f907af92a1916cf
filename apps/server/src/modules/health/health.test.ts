import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';

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
