// The search table's sample collections: deterministic (a fixed pseudo-random sequence), so two fresh
// databases hold the same rows; times are relative to the moment of seeding. They are spread over a few
// departments this seed makes below the root (issue 39: a scoped account sees its share) and over the
// seeded accounts as owners.
import type { Localized } from '../../db/schema/content.ts';
import type { Db } from '../../db/client.ts';
import { seededRandom } from '../../db/seed/random.ts';
import type { SliceSeedContext } from '../../slice.ts';
import { insertDepartment } from '../../modules/system/department.repository.ts';
import { ROOT_DEPARTMENT_ID } from '../../modules/shared/departments.repository.ts';
import { collections } from './schema.ts';

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });
const DAY = 86_400_000;

const SEEDED_COLLECTION_COUNT = 55;
// Each topic and kind in both languages: a seeded collection answers its English name to English readers.
const collectionTopics = [L('美食', 'Food'), L('旅行', 'Travel'), L('科技', 'Tech'), L('体育', 'Sports'), L('音乐', 'Music'), L('电影', 'Film'), L('游戏', 'Games'), L('时尚', 'Fashion'), L('财经', 'Finance'), L('教育', 'Education'), L('汽车', 'Cars')];
const collectionKinds = [L('精选', 'Picks'), L('合集', 'Collection'), L('推荐', 'Recommended'), L('热门', 'Trending'), L('日报', 'Daily')];

/**
 * The demo's departments, as the root is named (decision 031): the Chinese name in `name`, the English one
 * in `name_en` for English readers until someone renames it. Parents before children.
 */
const demoDepartments = [
  { key: 'east', parent: 'root', name: L('华东区', 'East region') },
  { key: 'shanghai', parent: 'east', name: L('上海分部', 'Shanghai branch') },
  { key: 'south', parent: 'root', name: L('华南区', 'South region') },
] as const;

/** The demo's departments under the root; answers every department a collection may sit in (the root first). */
async function seedDepartments(db: Db, adminId: number, now: Date): Promise<number[]> {
  const made = new Map<string, { id: number; path: string; depth: number }>([['root', { id: ROOT_DEPARTMENT_ID, path: `/${ROOT_DEPARTMENT_ID}/`, depth: 1 }]]);
  for (const [order, department] of demoDepartments.entries()) {
    const parent = made.get(department.parent)!;
    const values = { name: department.name['zh-CN'], nameEn: department.name['en-US'], code: null, leaderId: null, sortOrder: order, status: 'active' as const };
    const id = await insertDepartment(db, parent, values, adminId, now);
    made.set(department.key, { id, path: `${parent.path}${id}/`, depth: parent.depth + 1 });
  }
  return [...made.values()].map((d) => d.id);
}

export async function seedCollections(db: Db, { now, adminId, userId }: SliceSeedContext): Promise<void> {
  const departmentIds = await seedDepartments(db, adminId, now);
  const owners = [adminId, userId];
  const rnd = seededRandom(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  // Collections: 55 rows over the last 60 days; numbers are unique 8-digit values.
  const numbers = new Set<string>();
  const collectionRows = Array.from({ length: SEEDED_COLLECTION_COUNT }, (_, i) => {
    let number: string;
    do number = String(10_000_000 + Math.floor(rnd() * 89_999_999));
    while (numbers.has(number));
    numbers.add(number);
    const createdTime = at(Math.floor(rnd() * 60 * DAY));
    const topic = collectionTopics[i % collectionTopics.length]!;
    const kind = collectionKinds[Math.floor(i / collectionTopics.length) % collectionKinds.length]!;
    const ordinal = String(i + 1).padStart(2, '0');
    return {
      number,
      name: `${topic['zh-CN']}${kind['zh-CN']} ${ordinal}`,
      nameEn: `${topic['en-US']} ${kind['en-US']} ${ordinal}`,
      contentType: pick(['img', 'horizontalVideo', 'verticalVideo'] as const),
      filterType: pick(['artificial', 'rules'] as const),
      count: Math.floor(rnd() * 200_000),
      status: pick(['online', 'offline'] as const),
      createdTime,
      updatedAt: createdTime,
      // round robin, so each department holds collections of both owners
      departmentId: departmentIds[i % departmentIds.length]!,
      ownerId: owners[Math.floor(i / departmentIds.length) % owners.length]!,
    };
  });
  await db.insert(collections).values(collectionRows);
}
