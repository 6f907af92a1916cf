// The workplace's sample statistics, popular content, chat and announcements: deterministic (a fixed
// pseudo-random sequence); days and times are relative to the moment of seeding.
import type { Localized } from '../../db/schema/content.ts';
import type { Db } from '../../db/client.ts';
import { seededRandom } from '../../db/seed/random.ts';
import type { SliceSeedContext } from '../../slice.ts';
import { announcements, chatItems, contentDaily, popularItems } from './schema.ts';

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });
const DAY = 86_400_000;

export async function seedWorkplace(db: Db, { now }: SliceSeedContext): Promise<void> {
  const rnd = seededRandom(20261122);
  // 14 days ending today (UTC calendar days).
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  await db.insert(contentDaily).values(
    Array.from({ length: 14 }, (_, i) => ({
      day: new Date(today - (13 - i) * DAY).toISOString().slice(0, 10),
      contentCount: 3_000 + Math.floor(rnd() * 6_000),
      newComments: 200 + Math.floor(rnd() * 800),
    })),
  );
  const popular = {
    text: [L('经济日报：财政政策要精准提升效能', 'Fiscal policy should be precise and effective'), L('双十一购物节消费数据出炉', 'Singles’ Day shopping figures released'), L('冬季养生的十个小习惯', 'Ten small habits for a healthy winter'), L('城市马拉松报名人数创新高', 'City marathon sign-ups hit a record'), L('新能源汽车下乡活动启动', 'EV campaign for rural areas starts')],
    image: [L('初冬的西湖晨景', 'West Lake on an early winter morning'), L('航拍雪后长城', 'The Great Wall after snow, from above'), L('秋日银杏大道', 'Ginkgo avenue in autumn'), L('夜幕下的城市天际线', 'The city skyline at night'), L('草原上的星空', 'Stars over the grassland')],
    video: [L('三分钟学会家常红烧肉', 'Braised pork in three minutes'), L('国家公园里的雪豹', 'Snow leopards in a national park'), L('手机摄影构图技巧', 'Phone photography composition tips'), L('一分钟看懂个税新规', 'The new income tax rules in one minute'), L('高铁上的一天', 'A day on the high-speed train')],
  } as const;
  await db.insert(popularItems).values(
    (Object.keys(popular) as Array<keyof typeof popular>).flatMap((type) =>
      popular[type].map((title, i) => ({ type, rank: i + 1, title, clickNumber: Math.floor(rnd() * 300_000) + 10_000, increases: Math.round((rnd() * 120 - 40) * 10) / 10 })),
    ),
  );
  const chat = [
    ['于涛', L('今天的评审会几点开始？', 'When does today’s review start?'), false],
    ['宁波', L('下午三点，会议室 A', '3 pm, room A'), true],
    ['郑曦月', L('我把质检报告放在共享目录了', 'I put the inspection report in the shared folder'), false],
    ['秦臻宇', L('收到，稍后查看', 'Got it, will check later'), false],
    ['李奇', L('新的投放素材已经上传', 'The new delivery assets are uploaded'), true],
  ] as const;
  await db.insert(chatItems).values(chat.map(([username, content, isCollect], i) => ({ username, content, isCollect, time: new Date(now.getTime() - (chat.length - i) * 7 * 60_000) })));
  const notes = [
    ['activity', L('双十一内容投放活动开始报名', 'Sign-ups open for the Singles’ Day campaign'), L('活动报名截止到 11 月 30 日。\n请在工作台的内容投放中提交素材。', 'Sign-ups close on 30 November.\nSubmit the assets under Content delivery.')],
    ['notice', L('系统将于周六凌晨维护', 'Maintenance on Saturday night'), L('维护期间控制台只读，预计持续 2 小时。', 'The console is read-only during the maintenance, about 2 hours.')],
    ['message', L('新增 CSV 批量导入功能', 'CSV import is available'), L('查询表格现在支持批量导入和导出集合。', 'The search table now imports and exports collections.')],
    ['notice', L('内容质检规则更新', 'Inspection rules updated'), L('敏感词库已更新至最新版本。', 'The sensitive word list has been updated.')],
    ['activity', L('年度优秀创作者评选', 'Creator of the year'), L('欢迎推荐你身边的优秀创作者。', 'Nominate the creators you admire.')],
    ['message', L('账号安全提醒', 'Account security reminder'), L('建议设置密保问题并绑定手机。', 'Set a security question and bind a phone.')],
    ['notice', L('数据看板口径调整', 'Dashboard metrics change'), L('日新增评论改为按自然日统计。', 'New comments are now counted per calendar day.')],
    ['activity', L('春季推广渠道招募', 'Spring channel partners wanted'), L('面向应用与游戏渠道开放。', 'Open to app and game channels.')],
    ['message', L('帮助文档已更新', 'Help documents updated'), L('新增接入流程与接口文档章节。', 'New chapters on integration and the API.')],
    ['notice', L('旧版导出功能下线', 'Legacy export retired'), L('请使用查询表格的下载按钮导出数据。', 'Use the Download button of the search table.')],
    ['activity', L('内容创作训练营开营', 'Content bootcamp starts'), L('为期两周，名额有限。', 'Two weeks, limited places.')],
    ['message', L('欢迎使用 Atrium', 'Welcome to Atrium'), L('从工作台开始你的工作吧。', 'Start from the workplace.')],
  ] as const;
  await db.insert(announcements).values(notes.map(([type, title, content], i) => ({ type, title, content, createdAt: new Date(now.getTime() - i * 1.5 * DAY - 3_600_000) })));
}
