import { and, desc, eq, inArray } from 'drizzle-orm';
import type { MessageType } from '@atrium/contracts/calls/message';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/content.ts';

export type MessageRow = typeof messages.$inferSelect;

export function listMessages(db: Db, userId: number): Promise<MessageRow[]> {
  return db.select().from(messages).where(eq(messages.userId, userId)).orderBy(desc(messages.time), desc(messages.id));
}

/** Marks unread messages as read; the owner condition keeps other users' ids untouched. */
export async function markRead(db: Db, userId: number, ids: number[]): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ status: 1 })
    .where(and(eq(messages.userId, userId), inArray(messages.id, ids), eq(messages.status, 0)))
    .returning({ id: messages.id });
  return rows.length;
}

export async function deleteByType(db: Db, userId: number, type: MessageType): Promise<number> {
  const rows = await db.delete(messages).where(and(eq(messages.userId, userId), eq(messages.type, type))).returning({ id: messages.id });
  return rows.length;
}

export async function insertMessage(db: Db, values: typeof messages.$inferInsert): Promise<void> {
  await db.insert(messages).values(values);
}
