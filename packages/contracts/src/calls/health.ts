import * as z from '../zod.ts';
import { defineCall } from '../call.ts';

const healthSchema = z.object({ status: z.literal('ok'), uptime: z.number() });
const readySchema = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres', 'unknown']) });

/** Liveness and readiness for process managers and load balancers; public and unsigned. */
export const healthCalls = {
  healthz: defineCall({ id: 'health.live', method: 'GET', path: '/healthz', access: 'public', signature: 'exempt', summary: 'Liveness: the process answers', response: healthSchema }),
  openapi: defineCall({
    id: 'health.openapi',
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    signature: 'exempt',
    responseKind: 'text',
    summary: 'OpenAPI 3.1 description of every call, generated from these contracts (a raw JSON document, not enveloped)',
  }),
  readyz: defineCall({ id: 'health.ready', method: 'GET', path: '/readyz', access: 'public', signature: 'exempt', summary: 'Readiness: the database answers (503 UNAVAILABLE otherwise)', response: readySchema }),
};
