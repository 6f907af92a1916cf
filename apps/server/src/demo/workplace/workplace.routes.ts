import type { FastifyInstance } from 'fastify';
import { workplaceCalls } from '@atrium/contracts/demo/workplace/calls';
import { registerCall } from '../../http/register-call.ts';
import { collectionScope } from '../search-table/collection.repository.ts';
import { announcementPage, categories, chat, contentData, overview, popular } from './workplace.service.ts';

const SCOPED = { reads: ['departments'] } as const;

export function registerWorkplaceRoutes(app: FastifyInstance): void {
  // Figures of the collections the caller reaches: the departments' generation comes with the round trip.
  registerCall(app, workplaceCalls.overview, async ({ db, scope }) => overview(db, await scope.reach(collectionScope.resource)), SCOPED);
  registerCall(app, workplaceCalls.categories, async ({ db, scope }) => categories(db, await scope.reach(collectionScope.resource)), SCOPED);
  registerCall(app, workplaceCalls.announcement, ({ db, query, locale }) => announcementPage(db, query, locale));
  registerCall(app, workplaceCalls.contentData, ({ db }) => contentData(db));
  registerCall(app, workplaceCalls.popular, ({ db, query, locale }) => popular(db, query.type, locale));
  registerCall(app, workplaceCalls.chat, ({ db, locale }) => chat(db, locale));
}
