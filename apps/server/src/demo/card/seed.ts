// The card list's sample queues, services and rule presets; times are relative to the moment of seeding.
import type { Localized } from '../../db/schema/content.ts';
import type { Db } from '../../db/client.ts';
import type { SliceSeedContext } from '../../slice.ts';
import { displayName } from './card.repository.ts';
import { qualityQueues, rulePresets, services } from './schema.ts';

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });
const DAY = 86_400_000;

export async function seedCards(db: Db, { adminId, now }: SliceSeedContext): Promise<void> {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  // A queue names its author as the console shows people: the display name.
  const creatorName = (await displayName(db, adminId)) || 'admin';
  const queues = [
    [L('视频类-历史导入', 'Video - historical import'), 120, 1860, 38],
    [L('图文类-每日更新', 'Image and text - daily'), 64, 540, 12],
    [L('竖版视频-新人作者', 'Portrait video - new authors'), 0, 0, 75],
    [L('直播切片-热门', 'Live clips - trending'), 18, 300, 4],
    [L('评论区-人工复核', 'Comments - manual review'), 231, 7200, 0],
  ] as const;
  await db.insert(qualityQueues).values(
    queues.map(([title, pendingInspection, backlog, pendingSampling], i) => ({ title, creatorName, pendingInspection, backlog, pendingSampling, createdAt: at((i + 1) * 2 * DAY) })),
  );
  const svc = [
    ['审', L('内容审核', 'Content review'), L('机器与人工结合的内容审核服务，覆盖文本、图片与视频。', 'Machine and human review of text, images and video.'), true, false],
    ['推', L('智能推荐', 'Smart recommendations'), L('根据用户兴趣推荐内容，提升点击与留存。', 'Recommends content by interest to lift clicks and retention.'), false, false],
    ['检', L('敏感词检测', 'Sensitive word detection'), L('实时检测文本中的敏感词并给出处理建议。', 'Detects sensitive words in real time and suggests actions.'), false, true],
    ['析', L('数据分析', 'Data analysis'), L('多维度的内容数据看板与报表。', 'Dashboards and reports across content dimensions.'), true, false],
  ] as const;
  await db.insert(services).values(svc.map(([icon, title, description, enable, expires], i) => ({ position: i, icon, title, description, enable, expires, updatedAt: at(DAY) })));
  const rules = [
    [L('内容屏蔽规则', 'Content blocking'), L('用户在执行特定的内容分发任务时，可使用内容屏蔽规则根据特定标签，过滤内容集合。', 'Filters collections by tag during specific delivery tasks.'), true],
    [L('内容置顶规则', 'Pin to top'), L('该规则支持用户在执行特定内容分发任务时，对固定的几条内容置顶。', 'Pins a few fixed items to the top during delivery tasks.'), false],
    [L('内容加权规则', 'Content boosting'), L('选定内容加权规则后可自定义从不同内容集合获取内容的百分比。', 'Sets the share of content taken from each collection.'), true],
    [L('内容分发规则', 'Delivery rules'), L('内容分发时，对某些内容需要固定在C端展示的位置。', 'Fixes where certain items appear in the client.'), false],
    [L('违禁内容识别', 'Prohibited content'), L('精准识别赌博、刀枪、毒品、造假、贩假等违规物品和违规行为。', 'Recognises gambling, weapons, drugs, forgery and counterfeiting.'), true],
    [L('多语言文字符号识别', 'Multilingual text'), L('精准识别英语、维语、藏语、蒙古语、朝鲜语等多种语言以及emoji表情形态的语义识别。', 'Understands many languages and emoji.'), false],
  ] as const;
  await db.insert(rulePresets).values(rules.map(([title, description, enable], i) => ({ position: i, title, description, enable, updatedAt: at(DAY) })));
}
