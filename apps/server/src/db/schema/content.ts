// Content tables of the core: the message box (the navbar bell) and the certification records of the
// user settings (实名认证). A slice keeps its own tables beside its code (`<slice>/schema.ts`) and creates
// them with its own migrations (src/slice.ts).
//
// Seeded texts are stored in both languages as a `Localized` JSON pair and answered in the caller's
// language; texts that users write are stored once.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MessageType } from '@atrium/contracts/calls/message';
import { users } from './auth.ts';

export interface Localized {
  'zh-CN': string;
  'en-US': string;
}

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Message box entries (the navbar bell), per user. */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    type: text('type').$type<MessageType>().notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    subTitle: jsonb('sub_title').$type<Localized>().notNull(),
    avatar: text('avatar').notNull().default(''),
    content: jsonb('content').$type<Localized>().notNull(),
    /** 0-3 for notices and to-dos; null for plain messages. */
    messageType: smallint('message_type'),
    /** 0 unread, 1 read. */
    status: smallint('status').notNull().default(0),
    time: ts('time').notNull(),
    /** Where it leads in the console (a record's page, for a notice of a decision on it); null for none. */
    link: text('link'),
  },
  (t) => [index('messages_user_time_idx').on(t.userId, t.time.desc().nullsFirst(), t.id.desc().nullsFirst()), index('messages_user_type_idx').on(t.userId, t.type)],
);

/**
 * Enterprise certification applications (user setting, 实名认证). Status 0 under review, 1 approved, 2 withdrawn. At
 * most one application per user is under review: a partial unique index enforces it under concurrency.
 */
export const certifications = pgTable(
  'certifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    status: smallint('status').notNull().default(0),
    enterpriseName: text('enterprise_name').notNull(),
    enterpriseCertificateType: text('enterprise_certificate_type').$type<'businessLicense'>().notNull(),
    organizationCode: text('organization_code').notNull(),
    legalPerson: text('legal_person').notNull(),
    certificateType: text('certificate_type').$type<'idCard'>().notNull(),
    authenticationNumber: text('authentication_number').notNull(),
    createdAt: ts('created_at').notNull(),
    /** When it was approved or withdrawn. */
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('certifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('certifications_one_pending_uq').on(t.userId).where(sql`${t.status} = 0`),
  ],
);
