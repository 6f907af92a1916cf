import { channelStages, type ChannelForm, type ChannelProgress } from '@atrium/contracts/demo/step-form/calls';
import type { Db } from '../../db/client.ts';
import { diffFields, say, type AuditDraft } from '../../audit/audit-entry.ts';
import { AppError } from '../../http/errors.ts';
import { channelOf, insertChannel, latestChannelOf, type ChannelRow } from './channel-form.repository.ts';

function toProgress(row: ChannelRow): ChannelProgress {
  return {
    id: row.id,
    activityName: row.activityName,
    createdAt: row.createdAt.toISOString(),
    stage: row.stage,
    stages: row.stages.filter((s): s is ChannelProgress['stages'][number] => (channelStages as readonly string[]).includes(s.key)),
  };
}

/** A new channel has its application submitted (stage 0 done at creation) and waits for the manager's review (stage 1). */
export async function submitChannel(db: Db, userId: number, data: ChannelForm, now: Date, audit: AuditDraft): Promise<{ id: number }> {
  const row = await insertChannel(db, userId, data, [{ key: 'submitApplication', time: now.toISOString() }], now);
  audit.set({ summary: say({ 'zh-CN': '提交渠道 {name}', 'en-US': 'submitted channel {name}' }, { name: data.activityName }), changes: diffFields<ChannelForm>(null, data) });
  return { id: row.id };
}

/** The caller's newest channel; null before the first submission (a fresh install, a new admin). */
export async function latestChannel(db: Db, userId: number): Promise<ChannelProgress | null> {
  const row = await latestChannelOf(db, userId);
  return row ? toProgress(row) : null;
}

/** Channels are read by their creator only; another admin's id reads as not found. */
export async function channelProgress(db: Db, userId: number, id: number): Promise<ChannelProgress> {
  const row = await channelOf(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toProgress(row);
}
