// The message box's samples for the demo's signed-in accounts: a person's messages, notices and to-dos in
// both languages, some read. A product without the demo starts with an empty box, which fills with what the
// product writes (a decision on an approval, docs/resources.md). Times are relative to the moment of seeding.
import type { Db } from '../../db/client.ts';
import { messages, type Localized } from '../../db/schema/content.ts';

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

export async function seedSampleMessages(db: Db, userId: number, now: Date): Promise<void> {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
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
