// The search table's collections (查询表格). Created by this slice's migrations (migrations/), not by the
// core's drizzle folder. A seeded collection also carries an English name, answered to English readers
// until its name changes.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { departments, users } from '../../db/schema/auth.ts';
import type { ContentType, FilterType, CollectionStatus } from '@atrium/contracts/demo/search-table/calls';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Collections (`/api/list/policy`). The list is sorted by created_time desc then id, and
 * every filter has an index that also serves that order. `name` is matched as a case-insensitive
 * substring of either name: the trigram indexes of this slice's migration (pg_trgm, which drizzle-kit does
 * not declare) find the matches; a common substring still rides the created_time order (the first page stops
 * after pageSize hits).
 */
export const collections = pgTable(
  'collections',
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
    status: text('status').$type<CollectionStatus>().notNull(),
    createdTime: ts('created_time').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** The department the collection belongs to (migration 0002, issue 39): the root unless given. */
    departmentId: integer('department_id')
      .notNull()
      .default(1)
      .references(() => departments.id),
    /** The account responsible for it: its creator unless given (the first administrator for earlier rows). */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    uniqueIndex('collections_number_uq').on(t.number),
    // `number LIKE 'prefix%'` needs the pattern operator class under a non-C collation.
    index('collections_number_prefix_idx').on(t.number.op('text_pattern_ops')),
    index('collections_lower_name_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('collections_created_idx').on(t.createdTime.desc().nullsFirst(), t.id),
    index('collections_status_created_idx').on(t.status, t.createdTime.desc().nullsFirst(), t.id),
    index('collections_content_type_created_idx').on(t.contentType, t.createdTime.desc().nullsFirst(), t.id),
    index('collections_filter_type_created_idx').on(t.filterType, t.createdTime.desc().nullsFirst(), t.id),
    // a scoped first page, and the department and owner filters, in the list's order
    index('collections_department_created_idx').on(t.departmentId, t.createdTime.desc().nullsFirst(), t.id),
    index('collections_owner_created_idx').on(t.ownerId, t.createdTime.desc().nullsFirst(), t.id),
  ],
);
