import type { Locale } from '@atrium/contracts';
import type { QualityCard, RuleCard, ServiceCard } from '@atrium/contracts/calls/card';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { pickText, sameText } from '../../db/localized.ts';
import {
  deleteQueue,
  displayName,
  findService,
  insertQueue,
  inspectQueue,
  listQueues,
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

export async function createQueue(db: Db, userId: number, title: string, locale: Locale, now: Date): Promise<QualityCard> {
  return toQualityCard(await insertQueue(db, sameText(title), await displayName(db, userId), now), locale);
}

export async function removeQueue(db: Db, id: number): Promise<{ id: number }> {
  if (!(await deleteQueue(db, id))) throw new AppError('NOT_FOUND');
  return { id };
}

export async function inspect(db: Db, id: number, locale: Locale): Promise<QualityCard> {
  const row = await inspectQueue(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toQualityCard(row, locale);
}

export const serviceCards = async (db: Db, locale: Locale) => (await listServices(db)).map((r) => toServiceCard(r, locale));

export async function setService(db: Db, id: number, enable: boolean, locale: Locale, now: Date): Promise<ServiceCard> {
  const row = await setServiceEnabled(db, id, enable, now);
  if (row) return toServiceCard(row, locale);
  // Nothing changed: either there is no such service or it has expired (renew first).
  if (!(await findService(db, id))) throw new AppError('NOT_FOUND');
  throw new AppError('CONFLICT', { message: 'cardList.service.error.expired' });
}

export async function renew(db: Db, id: number, locale: Locale, now: Date): Promise<ServiceCard> {
  const row = await renewService(db, id, now);
  if (row) return toServiceCard(row, locale);
  if (!(await findService(db, id))) throw new AppError('NOT_FOUND');
  throw new AppError('CONFLICT', { message: 'cardList.service.error.notExpired' });
}

export const ruleCards = async (db: Db, locale: Locale) => (await listRules(db)).map((r) => toRuleCard(r, locale));

export async function setRule(db: Db, id: number, enable: boolean, locale: Locale, now: Date): Promise<RuleCard> {
  const row = await setRuleEnabled(db, id, enable, now);
  if (!row) throw new AppError('NOT_FOUND');
  return toRuleCard(row, locale);
}
