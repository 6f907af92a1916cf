import type { Locale } from '@atrium/contracts';
import type { Message, MessageType } from '@atrium/contracts/calls/message';
import type { Db } from '../../db/client.ts';
import type { AuditDraft } from '../../audit/audit-entry.ts';
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

export async function readMessages(db: Db, userId: number, ids: number[], audit: AuditDraft): Promise<{ updated: number }> {
  const updated = await markRead(db, userId, [...new Set(ids)]);
  audit.set({ summary: `${updated} read`, changes: updated > 0 ? [{ field: 'unread', before: updated, after: 0 }] : [] });
  return { updated };
}

export async function clearMessages(db: Db, userId: number, type: MessageType, audit: AuditDraft): Promise<{ cleared: number }> {
  const cleared = await deleteByType(db, userId, type);
  audit.set({ summary: `${cleared} ${type} cleared`, changes: cleared > 0 ? [{ field: type, before: cleared, after: 0 }] : [] });
  return { cleared };
}
