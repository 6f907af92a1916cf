import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { ContentType } from '@atrium/contracts/demo/search-table/calls';
import type { Db } from '../../db/client.ts';
import { scopeCondition, type Reach } from '../../lists/scope.ts';
import { collectionScope } from '../search-table/collection.repository.ts';
import { collections } from '../search-table/schema.ts';
import { announcements, chatItems, contentDaily, popularItems } from './schema.ts';

/** The collections a reach holds (issue 39): a figure counts only what its reader may see. */
const reached = (reach: Reach) => scopeCondition(reach, collectionScope, 'collections');

/** Online collections within the reach: how many, and the sum of their item counts. */
export async function onlineTotals(db: Db, reach: Reach): Promise<{ onlineContent: number; putIn: number }> {
  const [row] = await db
    .select({ sum: sql<string | number | null>`sum(${collections.count})`, n: count() })
    .from(collections)
    .where(and(eq(collections.status, 'online'), reached(reach)));
  return { onlineContent: Number(row?.sum ?? 0), putIn: Number(row?.n ?? 0) };
}

export async function countsByContentType(db: Db, reach: Reach): Promise<Array<{ type: ContentType; value: number }>> {
  const rows = await db
    .select({ type: collections.contentType, value: sql<string | number | null>`sum(${collections.count})` })
    .from(collections)
    .where(reached(reach))
    .groupBy(collections.contentType);
  return rows.map((r) => ({ type: r.type, value: Number(r.value ?? 0) }));
}

/** The newest `days` daily statistics, newest first. */
export function latestDays(db: Db, days: number) {
  return db.select().from(contentDaily).orderBy(desc(contentDaily.day)).limit(days);
}

export async function pageAnnouncements(db: Db, offset: number, limit: number) {
  const [list, [total]] = await Promise.all([
    db.select().from(announcements).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(announcements),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

export function popularOfType(db: Db, type: 'text' | 'image' | 'video') {
  return db.select().from(popularItems).where(eq(popularItems.type, type)).orderBy(asc(popularItems.rank), asc(popularItems.id)).limit(5);
}

export function chatList(db: Db) {
  return db.select().from(chatItems).orderBy(asc(chatItems.time), asc(chatItems.id));
}
