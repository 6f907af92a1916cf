// The search table's sample collections: deterministic (a fixed pseudo-random sequence), so two fresh
// databases hold the same rows; times are relative to the moment of seeding.
import type { Localized } from '../../db/schema/content.ts';
import type { Db } from '../../db/client.ts';
import { seededRandom } from '../../db/seed/random.ts';
import type { SliceSeedContext } from '../../slice.ts';
import { collections } from './schema.ts';

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });
const DAY = 86_400_000;

const SEEDED_COLLECTION_COUNT = 55;
// Each topic and kind in both languages: a seeded collection answers its English name to English readers.
const collectionTopics = [L('美食', 'Food'), L('旅行', 'Travel'), L('科技', 'Tech'), L('体育', 'Sports'), L('音乐', 'Music'), L('电影', 'Film'), L('游戏', 'Games'), L('时尚', 'Fashion'), L('财经', 'Finance'), L('教育', 'Education'), L('汽车', 'Cars')];
const collectionKinds = [L('精选', 'Picks'), L('合集', 'Collection'), L('推荐', 'Recommended'), L('热门', 'Trending'), L('日报', 'Daily')];

export async function seedCollections(db: Db, { now }: SliceSeedContext): Promise<void> {
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
    };
  });
  await db.insert(collections).values(collectionRows);
}
