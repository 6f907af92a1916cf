import * as z from '../../zod.ts';
import { defineCall } from '../../call.ts';
import { contentTypes } from '../search-table/calls.ts';
import { pageQuerySchema } from '../../paging.ts';
import { shortcutKeys } from './index.ts';

/** Workplace data. Seeded texts come back in the caller's language. */
const overviewSchema = z.object({
  /** Sum of `count` over online collections. */
  onlineContent: z.number().int(),
  /** Number of online collections. */
  putIn: z.number().int(),
  /** Today's new comments from the daily statistics. */
  newComments: z.number().int(),
  /** Today's content count against yesterday's, in percent (one decimal). */
  growthRate: z.number(),
});
export type Overview = z.infer<typeof overviewSchema>;

const categoriesSchema = z.object({
  total: z.number().int(),
  items: z.array(z.object({ type: z.enum(contentTypes), value: z.number().int() })),
});
export type Categories = z.infer<typeof categoriesSchema>;

const announcementTypes = ['activity', 'message', 'notice'] as const;
const announcementSchema = z.object({
  id: z.number().int(),
  type: z.enum(announcementTypes),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

const announcementListSchema = z.object({ list: z.array(announcementSchema), total: z.number().int() });

const contentPointSchema = z.object({ x: z.string(), y: z.number().int() });
export type ContentPoint = z.infer<typeof contentPointSchema>;

const popularTypes = ['text', 'image', 'video'] as const;
const popularQuerySchema = z.object({ type: z.enum(popularTypes, { error: 'validation.invalidValue' }).default('text') });
const popularItemSchema = z.object({
  /** Rank, 1-based. */
  key: z.number().int(),
  clickNumber: z.number().int(),
  title: z.string(),
  /** Daily change in percent. */
  increases: z.number(),
});
export type PopularItem = z.infer<typeof popularItemSchema>;

const chatItemSchema = z.object({ id: z.number().int(), username: z.string(), content: z.string(), time: z.string(), isCollect: z.boolean() });
export type ChatItem = z.infer<typeof chatItemSchema>;

export const workplaceCalls = {
  overview: defineCall({ id: 'workplace.overview', method: 'GET', path: '/api/workplace/overview', access: 'signed', permission: 'workplace:view', summary: 'Statistics of the workplace', response: overviewSchema }),
  categories: defineCall({ id: 'workplace.categories', method: 'GET', path: '/api/workplace/categories', access: 'signed', permission: 'workplace:view', summary: 'Sum of collection counts per content type', response: categoriesSchema }),
  announcement: defineCall({ id: 'workplace.announcement', method: 'GET', path: '/api/workplace/announcement', access: 'signed', permission: 'workplace:view', summary: 'Announcements, newest first, paged', query: pageQuerySchema, response: announcementListSchema }),
  contentData: defineCall({ id: 'workplace.content-data', method: 'GET', path: '/api/content-data', access: 'signed', permission: 'workplace:view', summary: '14 daily points, oldest first', response: z.array(contentPointSchema) }),
  popular: defineCall({ id: 'workplace.popular', method: 'GET', path: '/api/popular/list', access: 'signed', permission: 'workplace:view', summary: '5 popular items of a type', query: popularQuerySchema, response: z.array(popularItemSchema) }),
  chat: defineCall({ id: 'workplace.chat', method: 'GET', path: '/api/chat/list', access: 'signed', permission: 'workplace:view', summary: 'Chat items', response: z.array(chatItemSchema) }),
};

const shortcutsSchema = z
  .array(z.enum(shortcutKeys))
  .max(shortcutKeys.length)
  .refine((a) => new Set(a).size === a.length, 'preferences.duplicate');

/** The workplace's part of a user's stored preferences (/api/user/preferences): the shortcut tiles' order. */
export const workplacePreferences = { workplace: z.object({ shortcuts: shortcutsSchema.optional() }).strict() };
