import type { FastifyInstance } from 'fastify';
import { systemCalls } from '@atrium/contracts/calls/system';
import { registerCall } from '../http/register-call.ts';
import { exportEntries, listEntries } from './audit.service.ts';

/**
 * The audit log's calls (审计日志): the list and its CSV export. The system module registers them
 * (modules/system/system.routes.ts).
 */
export function registerAuditRoutes(app: FastifyInstance): void {
  registerCall(app, systemCalls.auditList, ({ db, req, query, locale }) => listEntries(db, query, req.generations, locale), { reads: ['audit_log'] });
  registerCall(app, systemCalls.auditExport, ({ db, reply, query, locale, now }) => exportEntries(db, reply, query, locale, now()));
}
