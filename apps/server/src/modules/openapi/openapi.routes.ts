import type { FastifyInstance } from 'fastify';
import { healthCalls } from '@atrium/contracts/calls/health';
import { registerCall } from '../../http/register-call.ts';
import { buildOpenApi } from './openapi.service.ts';

export function registerOpenApiModule(app: FastifyInstance): void {
  let cached: string | undefined;
  registerCall(app, healthCalls.openapi, ({ reply }) => {
    cached ??= JSON.stringify(buildOpenApi());
    return reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(cached);
  });
}
