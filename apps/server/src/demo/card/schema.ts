// The card list's tables (卡片列表): quality queues, services and rule presets, shared by every user.
// Created by this slice's migrations (migrations/).
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Localized } from '../../db/schema/content.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Quality-inspection queues (the card list's 内容质检), shared by every user; written by admins. */
export const qualityQueues = pgTable(
  'quality_queues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: jsonb('title').$type<Localized>().notNull(),
    /** Display name of the creator, kept even when the account goes away. */
    creatorName: text('creator_name').notNull().default(''),
    pendingInspection: integer('pending_inspection').notNull().default(0),
    /** Seconds. */
    backlog: integer('backlog').notNull().default(0),
    pendingSampling: integer('pending_sampling').notNull().default(0),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('quality_queues_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** Services (the card list's 开通服务). */
export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    position: integer('position').notNull(),
    icon: text('icon').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    enable: boolean('enable').notNull().default(false),
    expires: boolean('expires').notNull().default(false),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('services_position_idx').on(t.position, t.id)],
);

/** Preset rules (the card list's 规则预置). */
export const rulePresets = pgTable(
  'rule_presets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    position: integer('position').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    enable: boolean('enable').notNull().default(false),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('rule_presets_position_idx').on(t.position, t.id)],
);
