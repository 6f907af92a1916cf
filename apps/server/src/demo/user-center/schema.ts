// The user centre's sample lists (用户信息 page): projects, teams, activities and page visits, per user.
// Created by this slice's migrations (migrations/).
import { index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { Localized } from '../../db/schema/content.ts';
import { users } from '../../db/schema/auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

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
