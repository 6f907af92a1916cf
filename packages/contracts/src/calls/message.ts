import * as z from '../zod.ts';
import { defineCall } from '../call.ts';

/** Message box entries (the navbar bell). */
const messageTypes = ['message', 'notice', 'todo'] as const;
const messageTypeSchema = z.enum(messageTypes, { error: 'validation.invalidValue' });
export type MessageType = z.infer<typeof messageTypeSchema>;

const messageSchema = z.object({
  id: z.number().int(),
  type: messageTypeSchema,
  title: z.string(),
  subTitle: z.string(),
  avatar: z.string(),
  content: z.string(),
  /** ISO 8601 UTC. */
  time: z.string(),
  /** 0 not started, 1 opened, 2 processing, 3 expiring; only for notices and to-dos. */
  messageType: z.number().int().nullable(),
  /** 0 unread, 1 read. */
  status: z.union([z.literal(0), z.literal(1)]),
  /** Where it leads in the console (a record's page, for a notice of a decision on it); null for none. */
  link: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

const messageReadBodySchema = z
  .object({
    ids: z.array(z.number({ error: 'validation.invalidType' }).int('validation.invalidType').positive('validation.invalidValue'), { error: 'common.required' }).min(1, { error: 'common.required', abort: true }).max(500, 'validation.tooBig|{"n":500}'),
  })
  .strict();
const messageClearBodySchema = z.object({ type: messageTypeSchema }).strict();

export const messageCalls = {
  list: defineCall({ id: 'message.list', method: 'GET', path: '/api/message/list', access: 'signed', summary: "The caller's messages, newest first", response: z.array(messageSchema) }),
  read: defineCall({
    id: 'message.read', method: 'POST', path: '/api/message/read', access: 'signed', summary: "Marks the caller's own messages as read (others' ids are ignored)",
    body: messageReadBodySchema, response: z.object({ updated: z.number().int() }), writes: true,
  }),
  clear: defineCall({
    id: 'message.clear', method: 'POST', path: '/api/message/clear', access: 'signed', summary: "Deletes all of the caller's messages of one type",
    body: messageClearBodySchema, response: z.object({ cleared: z.number().int() }), writes: true,
  }),
};
