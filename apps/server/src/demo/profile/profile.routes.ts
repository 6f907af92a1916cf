import type { FastifyInstance } from 'fastify';
import { profileCalls } from '@atrium/contracts/demo/profile/calls';
import { registerCall } from '../../http/register-call.ts';
import { approve, basicProfile, cancel, operationLog, submitParameters } from './profile.service.ts';

export function registerProfileRoutes(app: FastifyInstance): void {
  registerCall(app, profileCalls.basic, ({ db, now }) => basicProfile(db, now()));
  registerCall(app, profileCalls.approve, ({ db, now, audit }) => approve(db, now(), audit));
  registerCall(app, profileCalls.cancel, ({ db, now, audit }) => cancel(db, now(), audit));
  registerCall(app, profileCalls.operationLog, ({ db, query, locale }) => operationLog(db, query, locale));
  registerCall(app, profileCalls.groupFormSubmit, ({ db, session, body, now, audit }) => submitParameters(db, session.userId, body.data, now(), audit));
}
