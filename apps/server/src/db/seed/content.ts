// Demo content seeded after the accounts exist. Called once by the seed orchestrator
// on an empty database outside production. Deterministic (fixed pseudo-random sequence) so that two
// fresh databases hold the same rows; times are relative to the moment of seeding.
import { eq } from 'drizzle-orm';
import type { Parameters } from '@atrium/contracts/demo/profile/calls';
import type { Db, Tx } from '../client.ts';
import { users } from '../schema/auth.ts';
import { seededRandom } from './random.ts';
import {
  activities,
  announcements,
  certifications,
  chatItems,
  contentDaily,
  messages,
  operationLogs,
  policies,
  popularItems,
  profileParameters,
  projects,
  qualityQueues,
  rulePresets,
  services,
  teams,
  visits,
  type Localized,
} from '../schema/content.ts';

type Writer = Db | Tx;
const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });
const DAY = 86_400_000;

// People and teams get no avatar image: the console draws the initial of the name it shows, in the
// reader's language (a baked 秦 beside "Qin Zhenyu" read wrong in English).

/** The default parameters: frame rate 15, video rate 300 / 800 / 600 (min / max / default), audio rate 128, 8 channels. */
export const defaultParameters: Parameters = {
  video: {
    mode: 'custom',
    acquisition: { resolution: '720*1280', frameRate: 15 },
    encoding: { resolution: '720*1280', rate: { min: 300, max: 800, default: 600 }, frameRate: 15, profile: 'high' },
  },
  audio: { mode: 'custom', acquisition: { channels: 8 }, encoding: { channels: 8, rate: 128, profile: 'AAC-LC' } },
};

export const SEEDED_POLICY_COUNT = 55;
// Each topic and kind in both languages: a seeded collection answers its English name to English readers.
const policyTopics = [L('美食', 'Food'), L('旅行', 'Travel'), L('科技', 'Tech'), L('体育', 'Sports'), L('音乐', 'Music'), L('电影', 'Film'), L('游戏', 'Games'), L('时尚', 'Fashion'), L('财经', 'Finance'), L('教育', 'Education'), L('汽车', 'Cars')];
const policyKinds = [L('精选', 'Picks'), L('合集', 'Collection'), L('推荐', 'Recommended'), L('热门', 'Trending'), L('日报', 'Daily')];

export async function seedDemoContent(db: Writer, ids: { adminId: number; userId: number }, now: Date = new Date()): Promise<void> {
  const rnd = seededRandom(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  // Collections: 55 rows over the last 60 days; numbers are unique 8-digit values.
  const numbers = new Set<string>();
  const policyRows = Array.from({ length: SEEDED_POLICY_COUNT }, (_, i) => {
    let number: string;
    do number = String(10_000_000 + Math.floor(rnd() * 89_999_999));
    while (numbers.has(number));
    numbers.add(number);
    const createdTime = at(Math.floor(rnd() * 60 * DAY));
    const topic = policyTopics[i % policyTopics.length]!;
    const kind = policyKinds[Math.floor(i / policyTopics.length) % policyKinds.length]!;
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
  await db.insert(policies).values(policyRows);

  for (const [owner, userId] of [['admin', ids.adminId], ['user', ids.userId]] as const) {
    await seedMessages(db, userId, at);
    await seedUserCentre(db, userId, owner, at);
  }
  // Queues and log rows name their author as the console shows people: the display name.
  const [adminRow] = await db.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, ids.adminId));
  const adminName = adminRow?.name || adminRow?.username || 'admin';
  await seedWorkplace(db, now, rnd);
  await seedCards(db, at, adminName);
  await seedProfile(db, ids.adminId, adminName, at);
  await seedCertification(db, ids.adminId, at);
}

async function seedMessages(db: Writer, userId: number, at: (ms: number) => Date) {
  const min = 60_000;
  const rows = [
    { type: 'message', title: L('郑曦月', 'Zheng Xiyue'), subTitle: L('的私信', 'sent you a message'), content: L('我已发你，请查收', 'I have sent it to you. Please check.'), status: 0, ago: 5 * min },
    { type: 'message', title: L('宁波', 'Ning Bo'), subTitle: L('的回复', 'replied'), content: L('此处为你的回复内容', 'Thanks, the new version looks good.'), status: 0, ago: 42 * min },
    { type: 'message', title: L('宁波', 'Ning Bo'), subTitle: L('的回复', 'replied'), content: L('周五下午的评审会改到三点', 'Friday review moved to 3 pm'), status: 1, ago: 26 * 60 * min },
    { type: 'message', title: L('李奇', 'Li Qi'), subTitle: L('的私信', 'sent you a message'), content: L('内容质检报告已上传', 'The inspection report is uploaded'), status: 0, ago: 50 * 60 * min },
    { type: 'message', title: L('王芳', 'Wang Fang'), subTitle: L('的私信', 'sent you a message'), content: L('下周的投放计划请确认', 'Please confirm next week’s delivery plan'), status: 1, ago: 4 * 24 * 60 * min },
    { type: 'message', title: L('陈晨', 'Chen Chen'), subTitle: L('的回复', 'replied'), content: L('已按照意见修改完成', 'Done, changed as you suggested'), status: 1, ago: 6 * 24 * 60 * min },
    { type: 'notice', title: L('续费通知', 'Renewal notice'), subTitle: L('', ''), content: L('您的产品使用期限即将截止，如需继续使用产品请前往购买', 'Your subscription ends soon. Renew it to keep using the product.'), messageType: 3, status: 0, ago: 3 * 60 * min },
    { type: 'notice', title: L('规则开通成功', 'Rule enabled'), subTitle: L('', ''), content: L('内容屏蔽规则于 2026-11-20 开通成功并生效', 'The content blocking rule is now active.'), messageType: 1, status: 0, ago: 20 * 60 * min },
    { type: 'notice', title: L('系统维护通知', 'Maintenance notice'), subTitle: L('', ''), content: L('系统将于本周六凌晨 2 点进行维护', 'The system will be maintained on Saturday at 2 am.'), messageType: 0, status: 1, ago: 3 * 24 * 60 * min },
    { type: 'notice', title: L('新功能上线', 'New feature'), subTitle: L('', ''), content: L('查询表格现已支持批量导入与导出', 'The search table now imports and exports CSV.'), messageType: 1, status: 1, ago: 8 * 24 * 60 * min },
    { type: 'todo', title: L('质检队列 3 个任务即将到期', '3 inspection tasks due soon'), subTitle: L('', ''), content: L('请在今日 18:00 前处理完成', 'Please finish them before 18:00 today.'), messageType: 2, status: 0, ago: 2 * 60 * min },
    { type: 'todo', title: L('参数修改待审批', 'Parameter change awaits approval'), subTitle: L('', ''), content: L('视频编码参数的修改等待你的审批', 'A video encoding change is waiting for your approval.'), messageType: 0, status: 0, ago: 9 * 60 * min },
    { type: 'todo', title: L('渠道活动复核', 'Review a channel campaign'), subTitle: L('', ''), content: L('春季推广活动需要复核素材', 'The spring campaign assets need a review.'), messageType: 3, status: 1, ago: 5 * 24 * 60 * min },
  ] as const;
  await db.insert(messages).values(
    rows.map((r) => ({
      userId,
      type: r.type,
      title: r.title,
      subTitle: r.subTitle,
      avatar: '',
      content: r.content,
      messageType: 'messageType' in r ? r.messageType : null,
      status: r.status,
      time: at(r.ago),
    })),
  );
}

async function seedUserCentre(db: Writer, userId: number, owner: 'admin' | 'user', at: (ms: number) => Date) {
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

async function seedWorkplace(db: Writer, now: Date, rnd: () => number) {
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

async function seedCards(db: Writer, at: (ms: number) => Date, creatorName: string) {
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

async function seedProfile(db: Writer, adminId: number, operatorName: string, at: (ms: number) => Date) {
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

async function seedCertification(db: Writer, adminId: number, at: (ms: number) => Date) {
  const application = {
    enterpriseName: '北京示例科技有限公司',
    enterpriseCertificateType: 'businessLicense' as const,
    organizationCode: '91110000600037341L',
    legalPerson: '李明',
    certificateType: 'idCard' as const,
    authenticationNumber: '11010519491231002X',
  };
  await db.insert(certifications).values([
    { userId: adminId, status: 2, ...application, enterpriseName: '北京示例网络有限公司', createdAt: at(40 * DAY), decidedAt: at(39 * DAY) },
    { userId: adminId, status: 1, ...application, createdAt: at(30 * DAY), decidedAt: at(28 * DAY) },
  ]);
  await db.update(users).set({ certification: 1 }).where(eq(users.id, adminId));
}
