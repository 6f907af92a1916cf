import type { FastifyInstance } from 'fastify';
import { collectionCalls } from '@atrium/contracts/demo/search-table/calls';
import { parseMultipart } from '../../http/multipart.ts';
import { registerCall } from '../../http/register-call.ts';
import {
  createCollection,
  exportCollections,
  getCollection,
  importCollections,
  listPage,
  patchCollection,
  collectionPages,
  removeCollection,
} from './collection.service.ts';

/**
 * Every call reckons the caller's reach in the collections (issue 39) from the departments' tree in memory:
 * their generation comes with the request's round trip, so the reach costs no statement of its own.
 */
const SCOPED = { reads: ['departments'] } as const;

export function registerCollectionRoutes(app: FastifyInstance): void {
  registerCall(app, collectionCalls.list, (ctx) => listPage(ctx, ctx.query, ctx.config.timeZone, ctx.req.generations), {
    reads: collectionPages.tables,
  });
  registerCall(app, collectionCalls.export, (ctx) => exportCollections(ctx, ctx.reply, ctx.query, ctx.config.timeZone, ctx.now()), SCOPED);
  registerCall(app, collectionCalls.import, (ctx) => importCollections(ctx, parseMultipart(ctx.req), ctx.now(), ctx.audit), SCOPED);
  registerCall(app, collectionCalls.get, (ctx) => getCollection(ctx, ctx.params.id), SCOPED);
  registerCall(app, collectionCalls.create, (ctx) => createCollection(ctx, ctx.body, ctx.now(), ctx.audit), SCOPED);
  registerCall(app, collectionCalls.patch, (ctx) => patchCollection(ctx, ctx.params.id, ctx.body, ctx.now(), ctx.audit), SCOPED);
  registerCall(app, collectionCalls.delete, (ctx) => removeCollection(ctx, ctx.params.id, ctx.audit), SCOPED);
}
