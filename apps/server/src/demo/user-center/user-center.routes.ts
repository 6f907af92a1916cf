import type { FastifyInstance } from 'fastify';
import { userCenterCalls } from '@atrium/contracts/demo/user-center/calls';
import { registerCall } from '../../http/register-call.ts';
import { latestActivity, myProjects, myTeams, myVisits, projectAndTeam } from './user-center.service.ts';

export function registerUserCenterRoutes(app: FastifyInstance): void {
  registerCall(app, userCenterCalls.myProjects, ({ db, session, locale }) => myProjects(db, session.userId, locale));
  registerCall(app, userCenterCalls.latestActivity, ({ db, session, locale }) => latestActivity(db, session.userId, locale));
  registerCall(app, userCenterCalls.visits, ({ db, session, locale }) => myVisits(db, session.userId, locale));
  registerCall(app, userCenterCalls.projectAndTeam, ({ db, session, locale }) => projectAndTeam(db, session.userId, locale));
  registerCall(app, userCenterCalls.myTeams, ({ db, session, locale }) => myTeams(db, session.userId, locale));
}
