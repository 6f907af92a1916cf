import type { FastifyInstance } from 'fastify';
import { workplaceCalls } from '@atrium/contracts/demo/workplace/calls';
import { registerCall } from '../../http/register-call.ts';
import { announcementPage, categories, chat, contentData, overview, popular } from './workplace.service.ts';

export function registerWorkplaceRoutes(app: FastifyInstance): void {
  registerCall(app, workplaceCalls.overview, ({ db }) => overview(db));
  registerCall(app, workplaceCalls.categories, ({ db }) => categories(db));
  registerCall(app, workplaceCalls.announcement, ({ db, query, locale }) => announcementPage(db, query, locale));
  registerCall(app, workplaceCalls.contentData, ({ db }) => contentData(db));
  registerCall(app, workplaceCalls.popular, ({ db, query, locale }) => popular(db, query.type, locale));
  registerCall(app, workplaceCalls.chat, ({ db, locale }) => chat(db, locale));
}
