// The user centre's sample projects, teams, activities and visits, for each seeded account; times are
// relative to the moment of seeding.
import type { Localized } from '../../db/schema/content.ts';
import type { Db } from '../../db/client.ts';
import type { SliceSeedContext } from '../../slice.ts';
import { activities, projects, teams, visits } from './schema.ts';

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

// People and teams get no avatar image: the console draws the initial of the name it shows, in the
// reader's language (a baked 秦 beside "Qin Zhenyu" read wrong in English).

export async function seedUserCentres(db: Db, { adminId, userId, now }: SliceSeedContext): Promise<void> {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  for (const [owner, id] of [['admin', adminId], ['user', userId]] as const) await seedUserCentre(db, id, owner, at);
}

async function seedUserCentre(db: Db, userId: number, owner: 'admin' | 'user', at: (ms: number) => Date) {
  const people = [
    { name: L('秦臻宇', 'Qin Zhenyu'), email: 'qin@example.com' },
    { name: L('于涛', 'Yu Tao'), email: 'yu@example.com' },
    { name: L('宁波', 'Ning Bo'), email: 'ning@example.com' },
    { name: L('郑曦月', 'Zheng Xiyue'), email: 'zheng@example.com' },
    { name: L('宁波', 'Ning Bo'), email: 'ning.b@example.com' },
  ];
  const contributors = people.map((p) => ({ ...p, avatar: '' }));
  const projectNames = [
    L('企业级产品设计系统', 'Enterprise design system'),
    L('火山引擎智能应用', 'Smart apps platform'),
    L('OCR文本识别', 'OCR text recognition'),
    L('内容资源管理', 'Content asset management'),
    L('今日头条内容管理', 'News content management'),
    L('智能机器人', 'Intelligent bots'),
  ];
  await db.insert(projects).values(
    projectNames.slice(0, 6).map((name, i) => ({
      userId,
      position: i,
      name,
      description: L('通过标准化的组件和规范，帮助团队更快地交付一致的产品体验。', 'Shared components and guidelines that help teams ship a consistent product faster.'),
      peopleNumber: 3 + ((i * 7) % 40),
      contributors: contributors.slice(0, 3 + (i % 3)),
    })),
  );
  const teamNames = [L('火山引擎智能应用团队', 'Smart apps team'), L('企业级产品设计团队', 'Enterprise design team'), L('前端/UE小分队', 'Front-end and UX squad'), L('内容识别插件小分队', 'Content recognition squad')];
  await db.insert(teams).values(teamNames.map((name, i) => ({ userId, position: i, avatar: '', name, peopleNumber: [189, 57, 32, 14][i]! })));
  const activityCount = owner === 'admin' ? 9 : 7;
  const activityTexts = [
    L('发布了项目 Arco Design System', 'published the project Arco Design System'),
    L('加入了团队 企业级产品设计团队', 'joined the team Enterprise design team'),
    L('评论了 内容质检规则', 'commented on Inspection rules'),
    L('更新了 视频编码参数', 'updated the video encoding parameters'),
    L('创建了渠道活动 春季推广', 'created the channel campaign Spring promotion'),
    L('导入了 120 个内容集合', 'imported 120 collections'),
    L('开通了服务 内容审核', 'subscribed to Content review'),
    L('完成了 实名认证', 'completed enterprise verification'),
    L('关注了 智能机器人 项目', 'followed the Intelligent bots project'),
  ];
  await db.insert(activities).values(
    activityTexts.slice(0, activityCount).map((description, i) => ({
      userId,
      title: people[i % people.length]!.name,
      description,
      avatar: '',
      createdAt: at((i + 1) * 5 * 3_600_000),
    })),
  );
  const visitNames = [L('主页访问', 'Home page'), L('项目访问', 'Projects'), L('内容访问', 'Content'), L('团队访问', 'Teams')];
  await db.insert(visits).values(visitNames.map((name, i) => ({ userId, position: i, name, visits: [2_405, 1_203, 8_733, 311][i]!, growth: [12.3, -4.1, 35.2, 0][i]! })));
}
