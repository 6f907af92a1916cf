import type { FastifyInstance } from 'fastify';
import { messageCalls } from '@atrium/contracts/calls/message';
import { registerCall } from '../../http/register-call.ts';
import { clearMessages, messagesOf, readMessages } from './message.service.ts';

export function registerMessageRoutes(app: FastifyInstance): void {
  registerCall(app, messageCalls.list, ({ db, session, locale }) => messagesOf(db, session.userId, locale));
  registerCall(app, messageCalls.read, ({ db, session, body, audit }) => readMessages(db, session.userId, body.ids, audit));
  registerCall(app, messageCalls.clear, ({ db, session, body, audit }) => clearMessages(db, session.userId, body.type, audit));
}
