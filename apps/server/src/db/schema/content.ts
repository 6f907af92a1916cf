// Content tables: messages, collections (policies), cards, channels, profile parameters and their log,
// workplace statistics, user-centre lists, certification records.
//
// Seeded texts are stored in both languages as a `Localized` JSON pair and answered in the caller's
// language; texts that users write (collection names, queue titles, channel fields) are stored once. A
// seeded collection also carries an English name, answered to English readers until its name changes.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, real, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ChannelForm } from '@atrium/contracts/demo/step-form/calls';
import type { MessageType } from '@atrium/contracts/calls/message';
import type { ContentType, FilterType, PolicyStatus } from '@atrium/contracts/demo/search-table/calls';
import type { OperationLogRow, Parameters, ProfileStatus } from '@atrium/contracts/demo/profile/calls';
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
  },
  (t) => [index('messages_user_time_idx').on(t.userId, t.time.desc().nullsFirst(), t.id.desc().nullsFirst()), index('messages_user_type_idx').on(t.userId, t.type)],
);

/**
 * Collections (`/api/list/policy`). The list is sorted by created_time desc then id, and
 * every filter has an index that also serves that order. `name` is matched as a case-insensitive
 * substring of either name: the trigram indexes of migration 0006 (pg_trgm, which drizzle-kit does not
 * declare) find the matches; a common substring still rides the created_time order (the first page stops
 * after pageSize hits).
 */
export const policies = pgTable(
  'policies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Unique 8-digit number set by the server. */
    number: varchar('number', { length: 8 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    /** The English name of a seeded collection; null once anyone renames it, and for every other row. */
    nameEn: varchar('name_en', { length: 50 }),
    contentType: text('content_type').$type<ContentType>().notNull(),
    filterType: text('filter_type').$type<FilterType>().notNull(),
    count: integer('count').notNull(),
    status: text('status').$type<PolicyStatus>().notNull(),
    createdTime: ts('created_time').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('policies_number_uq').on(t.number),
    // `number LIKE 'prefix%'` needs the pattern operator class under a non-C collation.
    index('policies_number_prefix_idx').on(t.number.op('text_pattern_ops')),
    index('policies_lower_name_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('policies_created_idx').on(t.createdTime.desc().nullsFirst(), t.id),
    index('policies_status_created_idx').on(t.status, t.createdTime.desc().nullsFirst(), t.id),
    index('policies_content_type_created_idx').on(t.contentType, t.createdTime.desc().nullsFirst(), t.id),
    index('policies_filter_type_created_idx').on(t.filterType, t.createdTime.desc().nullsFirst(), t.id),
  ],
);

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

export interface StageTime {
  key: string;
  time: string;
}

/** Channels created with the step form, and their review progress (the success page shows it). */
export const channels = pgTable(
  'channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    data: jsonb('data').$type<ChannelForm>().notNull(),
    activityName: text('activity_name').notNull(),
    /** Stage in progress (0-4), 5 when every stage is done. */
    stage: smallint('stage').notNull().default(1),
    stages: jsonb('stages').$type<StageTime[]>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('channels_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** The one set of video/audio parameters that the group form edits and the basic profile shows. */
export const profileParameters = pgTable('profile_parameters', {
  id: integer('id').primaryKey(),
  status: text('status').$type<ProfileStatus>().notNull(),
  current: jsonb('current').$type<Parameters>().notNull(),
  /** Parameters just before the newest submission; null before any change. */
  original: jsonb('original').$type<Parameters | null>(),
  updatedAt: ts('updated_at').notNull(),
});

/** Parameter change log (the basic profile's 参数调整记录). */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contentNumber: text('content_number').notNull(),
    changes: jsonb('changes').$type<OperationLogRow['changes']>().notNull(),
    /** 0 under review, 1 approved, 2 cancelled. */
    status: smallint('status').notNull(),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    operatorName: text('operator_name').notNull(),
    description: text('description').notNull().default(''),
    before: jsonb('before').$type<OperationLogRow['before']>().notNull(),
    after: jsonb('after').$type<OperationLogRow['after']>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('operation_logs_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()), index('operation_logs_status_idx').on(t.status)],
);

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

/** User centre (用户信息 page): projects, teams, activities and page visits, per user. */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    position: integer('position').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    peopleNumber: integer('people_number').notNull(),
    // Seeded names in both languages; older rows hold one name.
    contributors: jsonb('contributors').$type<Array<{ name: Localized | string; email: string; avatar: string }>>().notNull(),
  },
  (t) => [index('projects_user_idx').on(t.userId, t.position, t.id)],
);

export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    position: integer('position').notNull(),
    avatar: text('avatar').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    peopleNumber: integer('people_number').notNull(),
  },
  (t) => [index('teams_user_idx').on(t.userId, t.position, t.id)],
);

export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    title: jsonb('title').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    avatar: text('avatar').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('activities_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const visits = pgTable(
  'visits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    position: integer('position').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    visits: integer('visits').notNull(),
    growth: real('growth').notNull(),
  },
  (t) => [index('visits_user_idx').on(t.userId, t.position, t.id)],
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
