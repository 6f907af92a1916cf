import type { Locale } from '@atrium/contracts';
import type { Message, MessageType } from '@atrium/contracts/calls/message';
import type { Db } from '../../db/client.ts';
import { say, type AuditDraft, type Said } from '../../audit/audit-entry.ts';
import { pickText } from '../../db/localized.ts';
import { deleteByType, insertMessage, listMessages, markRead, type MessageRow } from './message.repository.ts';

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
    link: row.link,
  };
}

export async function messagesOf(db: Db, userId: number, locale: Locale): Promise<Message[]> {
  return (await listMessages(db, userId)).map((row) => toMessage(row, locale));
}

/** A type of message as the trail's Chinese summary names it (the console's tabs). */
const typeNames: Record<MessageType, string> = { message: '消息', notice: '通知', todo: '待办' };

export async function readMessages(db: Db, userId: number, ids: number[], audit: AuditDraft): Promise<{ updated: number }> {
  const updated = await markRead(db, userId, [...new Set(ids)]);
  audit.set({ summary: say({ 'zh-CN': '{n} 条已读', 'en-US': '{n} read' }, { n: updated }), changes: updated > 0 ? [{ field: 'unread', before: updated, after: 0 }] : [] });
  return { updated };
}

export async function clearMessages(db: Db, userId: number, type: MessageType, audit: AuditDraft): Promise<{ cleared: number }> {
  const cleared = await deleteByType(db, userId, type);
  audit.set({ summary: say({ 'zh-CN': '清空了 {n} 条{type}', 'en-US': '{n} {type} cleared' }, { n: cleared, type: { 'zh-CN': typeNames[type], 'en-US': type } }), changes: cleared > 0 ? [{ field: type, before: cleared, after: 0 }] : [] });
  return { cleared };
}

/** A notice to one account, in both languages, leading to `link` (a record's page), unread, written with the change it tells of. */
export async function notify(db: Db, userId: number, notice: { title: Said; subTitle: string; content: Said; link: string; at: Date }): Promise<void> {
  await insertMessage(db, { userId, type: 'notice', title: notice.title, subTitle: { 'zh-CN': notice.subTitle, 'en-US': notice.subTitle }, content: notice.content, link: notice.link, time: notice.at });
}
