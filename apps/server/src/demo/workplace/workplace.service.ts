import type { Locale } from '@atrium/contracts';
import { contentTypes } from '@atrium/contracts/demo/search-table/calls';
import type { Announcement, Categories, ChatItem, ContentPoint, Overview, PopularItem } from '@atrium/contracts/demo/workplace/calls';
import type { PageQuery } from '@atrium/contracts/paging';
import type { Db } from '../../db/client.ts';
import type { Reach } from '../../lists/scope.ts';
import { pickText } from '../../db/localized.ts';
import { chatList, countsByContentType, latestDays, onlineTotals, pageAnnouncements, popularOfType } from './workplace.repository.ts';

/** The collections' figures count those the caller reaches only (issue 39): a total is a path to the records too. */
export async function overview(db: Db, reach: Reach): Promise<Overview> {
  const [totals, days] = await Promise.all([onlineTotals(db, reach), latestDays(db, 2)]);
  const [today, yesterday] = days;
  // Growth of the newest day against the one before; 0 when there is nothing to compare with.
  const growthRate = today && yesterday && yesterday.contentCount > 0 ? Math.round(((today.contentCount - yesterday.contentCount) / yesterday.contentCount) * 1000) / 10 : 0;
  return { ...totals, newComments: today?.newComments ?? 0, growthRate };
}

export async function categories(db: Db, reach: Reach): Promise<Categories> {
  const sums = new Map((await countsByContentType(db, reach)).map((r) => [r.type, r.value]));
  const items = contentTypes.map((type) => ({ type, value: sums.get(type) ?? 0 }));
  return { total: items.reduce((sum, i) => sum + i.value, 0), items };
}

export async function announcementPage(db: Db, page: PageQuery, locale: Locale): Promise<{ list: Announcement[]; total: number }> {
  const { list, total } = await pageAnnouncements(db, (page.current - 1) * page.pageSize, page.pageSize);
  return {
    total,
    list: list.map((a) => ({ id: a.id, type: a.type, title: pickText(a.title, locale), content: pickText(a.content, locale), createdAt: a.createdAt.toISOString() })),
  };
}

/** The 14 newest daily points, oldest first. */
export async function contentData(db: Db): Promise<ContentPoint[]> {
  return (await latestDays(db, 14)).reverse().map((d) => ({ x: d.day, y: d.contentCount }));
}

export async function popular(db: Db, type: 'text' | 'image' | 'video', locale: Locale): Promise<PopularItem[]> {
  return (await popularOfType(db, type)).map((p) => ({ key: p.rank, title: pickText(p.title, locale), clickNumber: p.clickNumber, increases: p.increases }));
}

export async function chat(db: Db, locale: Locale): Promise<ChatItem[]> {
  return (await chatList(db)).map((c) => ({ id: c.id, username: c.username, content: pickText(c.content, locale), time: c.time.toISOString(), isCollect: c.isCollect }));
}
