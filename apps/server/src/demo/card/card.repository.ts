import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import type { Localized } from '../../db/schema/content.ts';
import { qualityQueues, rulePresets, services } from './schema.ts';

export type QualityRow = typeof qualityQueues.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type RuleRow = typeof rulePresets.$inferSelect;

export function listQueues(db: Db): Promise<QualityRow[]> {
  return db.select().from(qualityQueues).orderBy(desc(qualityQueues.createdAt), desc(qualityQueues.id));
}

export async function insertQueue(db: Db, title: Localized, creatorName: string, now: Date): Promise<QualityRow> {
  const [row] = await db.insert(qualityQueues).values({ title, creatorName, createdAt: now }).returning();
  return row!;
}

/** The deleted queue (undefined: none). */
export async function deleteQueue(db: Db, id: number): Promise<QualityRow | undefined> {
  const [row] = await db.delete(qualityQueues).where(eq(qualityQueues.id, id)).returning();
  return row;
}

/** A queue, locked for the rest of the caller's transaction (its state before a change, for the trail). */
export async function lockQueue(db: Db, id: number): Promise<QualityRow | undefined> {
  const [row] = await db.select().from(qualityQueues).where(eq(qualityQueues.id, id)).for('update');
  return row;
}

/** One statement, so two inspections at once cannot move the same items twice. */
export async function inspectQueue(db: Db, id: number): Promise<QualityRow | undefined> {
  const [row] = await db
    .update(qualityQueues)
    .set({ pendingSampling: sql`${qualityQueues.pendingSampling} + ${qualityQueues.pendingInspection}`, pendingInspection: 0, backlog: 0 })
    .where(eq(qualityQueues.id, id))
    .returning();
  return row;
}

export async function displayName(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name || row?.username || '';
}

export function listServices(db: Db): Promise<ServiceRow[]> {
  return db.select().from(services).orderBy(asc(services.position), asc(services.id));
}

/** Changes `enable` only while the service has not expired (checked in the same statement). */
/** A service, locked for the rest of the caller's transaction. */
export async function lockService(db: Db, id: number): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(services).where(eq(services.id, id)).for('update');
  return row;
}

export async function setServiceEnabled(db: Db, id: number, enable: boolean, now: Date): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(services)
    .set({ enable, updatedAt: now })
    .where(and(eq(services.id, id), eq(services.expires, false)))
    .returning();
  return row;
}

export async function renewService(db: Db, id: number, now: Date): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(services)
    .set({ expires: false, enable: true, updatedAt: now })
    .where(and(eq(services.id, id), eq(services.expires, true)))
    .returning();
  return row;
}

export function listRules(db: Db): Promise<RuleRow[]> {
  return db.select().from(rulePresets).orderBy(asc(rulePresets.position), asc(rulePresets.id));
}

/** A rule, locked for the rest of the caller's transaction. */
export async function lockRule(db: Db, id: number): Promise<RuleRow | undefined> {
  const [row] = await db.select().from(rulePresets).where(eq(rulePresets.id, id)).for('update');
  return row;
}

export async function setRuleEnabled(db: Db, id: number, enable: boolean, now: Date): Promise<RuleRow | undefined> {
  const [row] = await db.update(rulePresets).set({ enable, updatedAt: now }).where(eq(rulePresets.id, id)).returning();
  return row;
}
