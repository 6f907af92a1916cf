import type { Locale } from '@atrium/contracts';
import type { QualityCard, RuleCard, ServiceCard } from '@atrium/contracts/demo/card/calls';
import type { Db } from '../../db/client.ts';
import { diffFields, removedFields, type AuditDraft } from '../../audit/audit-entry.ts';
import { AppError } from '../../http/errors.ts';
import { pickText, sameText } from '../../db/localized.ts';
import {
  deleteQueue,
  displayName,
  insertQueue,
  inspectQueue,
  listQueues,
  lockQueue,
  lockRule,
  lockService,
  listRules,
  listServices,
  renewService,
  setRuleEnabled,
  setServiceEnabled,
  type QualityRow,
  type RuleRow,
  type ServiceRow,
} from './card.repository.ts';

function toQualityCard(row: QualityRow, locale: Locale): QualityCard {
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    name: row.creatorName,
    title: pickText(row.title, locale),
    description: createdAt,
    createdAt,
    data: [
      { label: 'pendingInspection', value: row.pendingInspection },
      { label: 'backlog', value: row.backlog },
      { label: 'pendingSampling', value: row.pendingSampling },
    ],
  };
}
const toServiceCard = (row: ServiceRow, locale: Locale): ServiceCard => ({
  id: row.id,
  icon: row.icon,
  title: pickText(row.title, locale),
  description: pickText(row.description, locale),
  enable: row.enable,
  actionType: 'button',
  expires: row.expires,
});
const toRuleCard = (row: RuleRow, locale: Locale): RuleCard => ({
  id: row.id,
  title: pickText(row.title, locale),
  description: pickText(row.description, locale),
  enable: row.enable,
  actionType: 'switch',
});

export const qualityCards = async (db: Db, locale: Locale) => (await listQueues(db)).map((r) => toQualityCard(r, locale));

const QUEUE_FIELDS = ['title', 'pendingInspection', 'pendingSampling', 'backlog'] as const;
const SERVICE_FIELDS = ['enable', 'expires'] as const;

export async function createQueue(db: Db, userId: number, title: string, locale: Locale, now: Date, audit: AuditDraft): Promise<QualityCard> {
  const row = await insertQueue(db, sameText(title), await displayName(db, userId), now);
  audit.set({ changes: diffFields<QualityRow>(null, row, QUEUE_FIELDS) });
  return toQualityCard(row, locale);
}

export async function removeQueue(db: Db, id: number, audit: AuditDraft): Promise<{ id: number }> {
  const row = await deleteQueue(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  audit.set({ changes: removedFields(row, QUEUE_FIELDS) });
  return { id };
}

export async function inspect(db: Db, id: number, locale: Locale, audit: AuditDraft): Promise<QualityCard> {
  const before = await lockQueue(db, id);
  const row = before && (await inspectQueue(db, id));
  if (!before || !row) throw new AppError('NOT_FOUND');
  audit.set({ changes: diffFields(before, row, QUEUE_FIELDS) });
  return toQualityCard(row, locale);
}

export const serviceCards = async (db: Db, locale: Locale) => (await listServices(db)).map((r) => toServiceCard(r, locale));

/** The service as it was (locked), or NOT_FOUND: the trail's "before", and the reason a change did nothing. */
async function lockedService(db: Db, id: number): Promise<ServiceRow> {
  const row = await lockService(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function setService(db: Db, id: number, enable: boolean, locale: Locale, now: Date, audit: AuditDraft): Promise<ServiceCard> {
  const before = await lockedService(db, id);
  const row = await setServiceEnabled(db, id, enable, now);
  // Nothing changed: it has expired (renew first).
  if (!row) throw new AppError('CONFLICT', { message: 'cardList.service.error.expired' });
  audit.set({ changes: diffFields(before, row, SERVICE_FIELDS) });
  return toServiceCard(row, locale);
}

export async function renew(db: Db, id: number, locale: Locale, now: Date, audit: AuditDraft): Promise<ServiceCard> {
  const before = await lockedService(db, id);
  const row = await renewService(db, id, now);
  if (!row) throw new AppError('CONFLICT', { message: 'cardList.service.error.notExpired' });
  audit.set({ changes: diffFields(before, row, SERVICE_FIELDS) });
  return toServiceCard(row, locale);
}

export const ruleCards = async (db: Db, locale: Locale) => (await listRules(db)).map((r) => toRuleCard(r, locale));

export async function setRule(db: Db, id: number, enable: boolean, locale: Locale, now: Date, audit: AuditDraft): Promise<RuleCard> {
  const before = await lockRule(db, id);
  const row = before && (await setRuleEnabled(db, id, enable, now));
  if (!before || !row) throw new AppError('NOT_FOUND');
  audit.set({ changes: diffFields(before, row, ['enable']) });
  return toRuleCard(row, locale);
}
