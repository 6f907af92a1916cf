// The step form's channels (分步表单). Created by this slice's migrations (migrations/).
import { index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChannelForm } from '@atrium/contracts/demo/step-form/calls';
import { users } from '../../db/schema/auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

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
