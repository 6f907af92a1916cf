import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.ts';
import { sendError } from './error-handler.ts';

/** Unknown paths answer the 404 envelope (static files and the SPA fallback hook in before this). */
export function registerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => sendError(req, reply, new AppError('NOT_FOUND')));
}
