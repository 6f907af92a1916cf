import { and, desc, eq } from 'drizzle-orm';
import type { ChannelForm } from '@atrium/contracts/demo/step-form/calls';
import type { Db } from '../../db/client.ts';
import { channels, type StageTime } from './schema.ts';

export type ChannelRow = typeof channels.$inferSelect;

export async function insertChannel(db: Db, userId: number, data: ChannelForm, stages: StageTime[], now: Date): Promise<ChannelRow> {
  const [row] = await db.insert(channels).values({ userId, data, activityName: data.activityName, stage: stages.length, stages, createdAt: now }).returning();
  return row!;
}

export async function latestChannelOf(db: Db, userId: number): Promise<ChannelRow | undefined> {
  return (await db.select().from(channels).where(eq(channels.userId, userId)).orderBy(desc(channels.createdAt), desc(channels.id)).limit(1))[0];
}

export async function channelOf(db: Db, userId: number, id: number): Promise<ChannelRow | undefined> {
  return (await db.select().from(channels).where(and(eq(channels.id, id), eq(channels.userId, userId))).limit(1))[0];
}
