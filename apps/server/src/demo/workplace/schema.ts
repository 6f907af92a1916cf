// The workplace's statistics, popular content, chat and announcements (工作台). Created by this slice's
// migrations (migrations/).
import { boolean, date, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { Localized } from '../../db/schema/content.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Daily content statistics: the workplace chart and its statistics. */
export const contentDaily = pgTable('content_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  contentCount: integer('content_count').notNull(),
  newComments: integer('new_comments').notNull(),
});

/** Popular content per type (the workplace's 线上热门内容). */
export const popularItems = pgTable(
  'popular_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').$type<'text' | 'image' | 'video'>().notNull(),
    rank: integer('rank').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    clickNumber: integer('click_number').notNull(),
    increases: real('increases').notNull(),
  },
  (t) => [index('popular_items_type_rank_idx').on(t.type, t.rank)],
);

export const chatItems = pgTable(
  'chat_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    content: jsonb('content').$type<Localized>().notNull(),
    time: ts('time').notNull(),
    isCollect: boolean('is_collect').notNull().default(false),
  },
  (t) => [index('chat_items_time_idx').on(t.time, t.id)],
);

export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').$type<'activity' | 'message' | 'notice'>().notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    content: jsonb('content').$type<Localized>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('announcements_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);
