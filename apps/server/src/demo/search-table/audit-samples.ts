import { buildMultipart } from '../../http/multipart.ts';
import { idOf, text, type AuditSampleFn, type SampleContext } from '../../test/sample-context.ts';

/** A collection's form, valid as the search table's create and edit take it. */
const collectionForm = (name: string) => ({ name, contentType: 'img', filterType: 'rules', count: 7, status: 'online' });

const createCollection = async (ctx: SampleContext): Promise<number> =>
  (await ctx.data({ method: 'POST', url: '/api/list/policy', token: ctx.admin, body: collectionForm(text(ctx.next())) })).id;

/** The search table's audited calls, for the audit-trail suite (src/test/audit-samples.ts). */
export const searchTableAuditSamples: Record<string, AuditSampleFn> = {
  'collection.export': async (ctx) => ({ method: 'GET', url: '/api/list/policy/export?status=online', token: ctx.admin, expect: { changed: [], targetType: 'collection', targetId: null } }),
  'collection.import': async (ctx) => {
    const file = `name,contentType,filterType,count,status\n${text(ctx.next())},img,rules,3,online\n`;
    const multipart = buildMultipart([{ name: 'file', filename: 'collections.csv', contentType: 'text/csv', data: Buffer.from(file) }]);
    return { method: 'POST', url: '/api/list/policy/import', token: ctx.admin, body: multipart.body, contentType: multipart.contentType, expect: { changed: [], targetType: 'collection', targetId: null } };
  },
  'collection.create': async (ctx) => ({ method: 'POST', url: '/api/list/policy', token: ctx.admin, body: collectionForm(text(ctx.next())), expect: { changed: ['number', 'name', 'contentType', 'filterType', 'count', 'status', 'departmentId', 'ownerId'], targetType: 'collection', targetId: idOf } }),
  'collection.update': async (ctx) => {
    const id = await createCollection(ctx);
    return { method: 'PATCH', url: `/api/list/policy/${id}`, token: ctx.admin, body: { name: text(ctx.next()), count: 8 }, expect: { changed: ['name', 'count'], targetType: 'collection', targetId: String(id) } };
  },
  'collection.delete': async (ctx) => {
    const id = await createCollection(ctx);
    return { method: 'DELETE', url: `/api/list/policy/${id}`, token: ctx.admin, expect: { changed: ['number', 'name', 'contentType', 'filterType', 'count', 'status', 'departmentId', 'ownerId'], targetType: 'collection', targetId: String(id) } };
  },
  // The table's part of the stored preferences: a save that changes it.
  'user.preferences.save': async (ctx) => {
    const { token } = await ctx.signedIn();
    return { method: 'POST', url: '/api/user/preferences', token, body: { searchTable: { density: 'small' } }, expect: { ...ctx.self(token, ['searchTable']), targetType: 'preferences' } };
  },
};
