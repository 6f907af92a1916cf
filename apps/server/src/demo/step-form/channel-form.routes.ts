import type { FastifyInstance } from 'fastify';
import { channelFormCalls } from '@atrium/contracts/demo/step-form/calls';
import { registerCall } from '../../http/register-call.ts';
import { channelProgress, latestChannel, submitChannel } from './channel-form.service.ts';

export function registerChannelFormRoutes(app: FastifyInstance): void {
  registerCall(app, channelFormCalls.submit, ({ db, session, body, now, audit }) => submitChannel(db, session.userId, body.data, now(), audit));
  // Registered before `:id`; find-my-way prefers the static segment anyway.
  registerCall(app, channelFormCalls.latest, ({ db, session }) => latestChannel(db, session.userId));
  registerCall(app, channelFormCalls.get, ({ db, session, params }) => channelProgress(db, session.userId, params.id));
}
