import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { healthCalls } from '@atrium/contracts/calls/health';
import { AppError } from '../../http/errors.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerHealthModule(app: FastifyInstance): void {
  registerCall(app, healthCalls.healthz, () => ({ status: 'ok' as const, uptime: Math.round(process.uptime()) }));
  registerCall(app, healthCalls.readyz, async ({ db }) => {
    try {
      await db.execute(sql`select 1`);
    } catch (err) {
      throw new AppError('UNAVAILABLE', { cause: err });
    }
    return { status: 'ready' as const, database: app.engine };
  });
}
