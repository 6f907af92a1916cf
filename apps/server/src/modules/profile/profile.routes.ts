import type { FastifyInstance } from 'fastify';
import { profileCalls } from '@atrium/contracts/calls/profile';
import { registerCall } from '../../http/register-call.ts';
import { approve, basicProfile, cancel, operationLog, submitParameters } from './profile.service.ts';

export function registerProfileRoutes(app: FastifyInstance): void {
  registerCall(app, profileCalls.basic, ({ db, now }) => basicProfile(db, now()));
  registerCall(app, profileCalls.approve, ({ db, now }) => approve(db, now()));
  registerCall(app, profileCalls.cancel, ({ db, now }) => cancel(db, now()));
  registerCall(app, profileCalls.operationLog, ({ db, query, locale }) => operationLog(db, query, locale));
  registerCall(app, profileCalls.groupFormSubmit, ({ db, session, body, now }) => submitParameters(db, session.userId, body.data, now()));
}
