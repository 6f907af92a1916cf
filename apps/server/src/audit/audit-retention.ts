import type { FastifyInstance } from 'fastify';
import { sweepAuditLog } from '../db/audit-guard.ts';

const SWEEP_EVERY_MS = 6 * 3600_000;

/**
 * The audit trail's retention: entries older than AUDIT_RETENTION_DAYS are deleted once when the server is
 * ready and then every 6 hours (every replica sweeps; the deletes are idempotent). A failed sweep (the
 * database is away) only waits for the next one.
 */
export function scheduleAuditRetention(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    sweepAuditLog(app.db, app.config.auditRetentionDays).then(
      (n) => {
        if (n > 0) app.log.info({ deleted: n, days: app.config.auditRetentionDays }, 'audit retention sweep');
      },
      (error: unknown) => app.log.warn({ err: error }, 'audit retention sweep failed'),
    );
  };
  app.addHook('onReady', (done) => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    done();
  });
}
