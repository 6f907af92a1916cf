// The basic profile's parameters and their change log as seeded; times are relative to the moment of seeding.
import type { Db } from '../../db/client.ts';
import type { SliceSeedContext } from '../../slice.ts';
import { defaultParameters } from './parameters.ts';
import { displayName } from './profile.repository.ts';
import { operationLogs, profileParameters } from './schema.ts';

const DAY = 86_400_000;

export async function seedProfile(db: Db, { adminId, now }: SliceSeedContext): Promise<void> {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  // Log rows name their author as the console shows people: the display name.
  const operatorName = (await displayName(db, adminId)) || 'admin';
  const before = structuredClone(defaultParameters);
  before.video.acquisition.frameRate = 25;
  before.video.encoding.frameRate = 25;
  await db.insert(profileParameters).values({ id: 1, status: 'approved', current: defaultParameters, original: before, updatedAt: at(5 * DAY) });
  await db.insert(operationLogs).values([
    {
      contentNumber: '100001', changes: ['video'], status: 1, operatorId: adminId, operatorName, description: '降低码率上限以节省带宽',
      before: { 'video.encoding.rate.max': 1000 }, after: { 'video.encoding.rate.max': 800 }, createdAt: at(20 * DAY),
    },
    {
      contentNumber: '100002', changes: ['audio'], status: 2, operatorId: adminId, operatorName, description: '',
      before: { 'audio.encoding.rate': 128 }, after: { 'audio.encoding.rate': 192 }, createdAt: at(12 * DAY),
    },
    {
      contentNumber: '100003', changes: ['video'], status: 1, operatorId: adminId, operatorName, description: '统一为 15 fps',
      before: { 'video.acquisition.frameRate': 25, 'video.encoding.frameRate': 25 }, after: { 'video.acquisition.frameRate': 15, 'video.encoding.frameRate': 15 }, createdAt: at(5 * DAY),
    },
  ]);
}
