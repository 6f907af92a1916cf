import type { FastifyInstance } from 'fastify';
import { cardCalls } from '@atrium/contracts/calls/card';
import { registerCall } from '../../http/register-call.ts';
import { createQueue, inspect, qualityCards, removeQueue, renew, ruleCards, serviceCards, setRule, setService } from './card.service.ts';

export function registerCardRoutes(app: FastifyInstance): void {
  registerCall(app, cardCalls.qualityList, ({ db, locale }) => qualityCards(db, locale));
  registerCall(app, cardCalls.qualityCreate, ({ db, session, body, locale, now }) => createQueue(db, session.userId, body.title, locale, now()));
  registerCall(app, cardCalls.qualityDelete, ({ db, params }) => removeQueue(db, params.id));
  registerCall(app, cardCalls.qualityInspect, ({ db, params, locale }) => inspect(db, params.id, locale));
  registerCall(app, cardCalls.serviceList, ({ db, locale }) => serviceCards(db, locale));
  registerCall(app, cardCalls.servicePatch, ({ db, params, body, locale, now }) => setService(db, params.id, body.enable, locale, now()));
  registerCall(app, cardCalls.serviceRenew, ({ db, params, locale, now }) => renew(db, params.id, locale, now()));
  registerCall(app, cardCalls.rulesList, ({ db, locale }) => ruleCards(db, locale));
  registerCall(app, cardCalls.rulesPatch, ({ db, params, body, locale, now }) => setRule(db, params.id, body.enable, locale, now()));
}
