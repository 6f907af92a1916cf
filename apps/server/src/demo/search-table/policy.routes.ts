import type { FastifyInstance } from 'fastify';
import { policyCalls } from '@atrium/contracts/demo/search-table/calls';
import { parseMultipart } from '../../http/multipart.ts';
import { registerCall } from '../../http/register-call.ts';
import { createPolicy, exportPolicies, getPolicy, importPolicies, listPage, patchPolicy, policyPages, removePolicy } from './policy.service.ts';

export function registerPolicyRoutes(app: FastifyInstance): void {
  registerCall(app, policyCalls.list, ({ db, req, query, locale, config }) => listPage(db, query, locale, config.timeZone, req.generations), {
    reads: policyPages.tables,
  });
  registerCall(app, policyCalls.export, ({ db, reply, query, locale, config, now }) => exportPolicies(db, reply, query, locale, config.timeZone, now()));
  registerCall(app, policyCalls.import, ({ db, req, locale, now, audit }) => importPolicies(db, parseMultipart(req), locale, now(), audit));
  registerCall(app, policyCalls.get, ({ db, params, locale }) => getPolicy(db, params.id, locale));
  registerCall(app, policyCalls.create, ({ db, body, locale, now, audit }) => createPolicy(db, body, locale, now(), audit));
  registerCall(app, policyCalls.patch, ({ db, params, body, locale, now, audit }) => patchPolicy(db, params.id, body, locale, now(), audit));
  registerCall(app, policyCalls.delete, ({ db, params, audit }) => removePolicy(db, params.id, audit));
}
