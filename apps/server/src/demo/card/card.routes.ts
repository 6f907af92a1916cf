import type { FastifyInstance } from 'fastify';
import { cardCalls } from '@atrium/contracts/demo/card/calls';
import { registerCall } from '../../http/register-call.ts';
import { createQueue, inspect, qualityCards, removeQueue, renew, ruleCards, serviceCards, setRule, setService } from './card.service.ts';

export function registerCardRoutes(app: FastifyInstance): void {
  registerCall(app, cardCalls.qualityList, ({ db, locale }) => qualityCards(db, locale));
  registerCall(app, cardCalls.qualityCreate, ({ db, session, body, locale, now, audit }) => createQueue(db, session.userId, body.title, locale, now(), audit));
  registerCall(app, cardCalls.qualityDelete, ({ db, params, audit }) => removeQueue(db, params.id, audit));
  registerCall(app, cardCalls.qualityInspect, ({ db, params, locale, audit }) => inspect(db, params.id, locale, audit));
  registerCall(app, cardCalls.serviceList, ({ db, locale }) => serviceCards(db, locale));
  registerCall(app, cardCalls.servicePatch, ({ db, params, body, locale, now, audit }) => setService(db, params.id, body.enable, locale, now(), audit));
  registerCall(app, cardCalls.serviceRenew, ({ db, params, locale, now, audit }) => renew(db, params.id, locale, now(), audit));
  registerCall(app, cardCalls.rulesList, ({ db, locale }) => ruleCards(db, locale));
  registerCall(app, cardCalls.rulesPatch, ({ db, params, body, locale, now, audit }) => setRule(db, params.id, body.enable, locale, now(), audit));
}
