import type { FastifyInstance } from 'fastify';
import { collectionCalls } from '@atrium/contracts/demo/search-table/calls';
import { parseMultipart } from '../../http/multipart.ts';
import { registerCall } from '../../http/register-call.ts';
import { createCollection, exportCollections, getCollection, importCollections, listPage, patchCollection, collectionPages, removeCollection } from './collection.service.ts';

export function registerCollectionRoutes(app: FastifyInstance): void {
  registerCall(app, collectionCalls.list, ({ db, req, query, locale, config }) => listPage(db, query, locale, config.timeZone, req.generations), {
    reads: collectionPages.tables,
  });
  registerCall(app, collectionCalls.export, ({ db, reply, query, locale, config, now }) => exportCollections(db, reply, query, locale, config.timeZone, now()));
  registerCall(app, collectionCalls.import, ({ db, req, locale, now, audit }) => importCollections(db, parseMultipart(req), locale, now(), audit));
  registerCall(app, collectionCalls.get, ({ db, params, locale }) => getCollection(db, params.id, locale));
  registerCall(app, collectionCalls.create, ({ db, body, locale, now, audit }) => createCollection(db, body, locale, now(), audit));
  registerCall(app, collectionCalls.patch, ({ db, params, body, locale, now, audit }) => patchCollection(db, params.id, body, locale, now(), audit));
  registerCall(app, collectionCalls.delete, ({ db, params, audit }) => removeCollection(db, params.id, audit));
}
