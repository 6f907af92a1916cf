// The parameters the group form (分组表单) proposes and the basic profile (基础详情页) approves, and their
// change log. Created by this slice's migrations (migrations/).
import { index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { OperationLogRow, Parameters, ProfileStatus } from '@atrium/contracts/demo/profile/calls';
import { users } from '../../db/schema/auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
