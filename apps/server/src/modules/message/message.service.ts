import type { Locale } from '@atrium/contracts';
import type { Message, MessageType } from '@atrium/contracts/calls/message';
import type { Db } from '../../db/client.ts';
import { pickText } from '../../db/localized.ts';
import { deleteByType, listMessages, markRead, type MessageRow } from './message.repository.ts';

function toMessage(row: MessageRow, locale: Locale): Message {
  return {
    id: row.id,
    type: row.type,
    title: pickText(row.title, locale),
    subTitle: pickText(row.subTitle, locale),
    avatar: row.avatar,
    content: pickText(row.content, locale),
    time: row.time.toISOString(),
    messageType: row.messageType,
    status: row.status === 1 ? 1 : 0,
  };
}

export async function messagesOf(db: Db, userId: number, locale: Locale): Promise<Message[]> {
  return (await listMessages(db, userId)).map((row) => toMessage(row, locale));
}

export async function readMessages(db: Db, userId: number, ids: number[]): Promise<{ updated: number }> {
  return { updated: await markRead(db, userId, [...new Set(ids)]) };
}

export async function clearMessages(db: Db, userId: number, type: MessageType): Promise<{ cleared: number }> {
  return { cleared: await deleteByType(db, userId, type) };
}
