import { describe, expect, it } from 'vitest';
import { channelFormSchema, PROMOTE_LINK_PATTERN } from './step-form/calls.ts';
import { qualityCreateBodySchema } from './card/calls.ts';
import { collectionCreateBodySchema, collectionListQuerySchema, collectionPatchBodySchema } from './search-table/calls.ts';
import { groupFormSchema } from './profile/calls.ts';
import { expectTranslated, issues } from '../messages/validation-test-kit.ts';
import { translateValidation } from '../messages/validation.ts';

const validChannel = {
  activityName: '春季活动2026',
  channelType: 'app',
  promotionTime: ['2026-12-01', '2026-12-31'],
  promoteLink: 'https://example.com:8080/path?x=1',
  advertisingSource: 'sohu',
  advertisingMedia: 'cpc',
  keyword: ['toutiao', '新词'],
  pushNotify: true,
  advertisingContent: 'Hello',
};
const validGroup = {
  video: { mode: 'custom', acquisition: { resolution: '720*1280', frameRate: 15 }, encoding: { resolution: '720*1280', rate: { min: 300, max: 800, default: 600 }, frameRate: 15, profile: 'main' } },
  audio: { mode: 'custom', acquisition: { channels: 8 }, encoding: { channels: 8, rate: 128, profile: 'AAC-LC' } },
  description: '',
};

describe('the demo forms\' validation messages', () => {
  it('collection form: its rules with translated keys', () => {
    expect(collectionCreateBodySchema.safeParse({ name: ' a ', contentType: 'img', filterType: 'rules', count: 0, status: 'online' }).success).toBe(true);
    const found = issues(collectionCreateBodySchema, { name: '  ', contentType: 'x', count: 1.5, status: undefined });
    expect(found).toEqual({
      name: 'searchTable.error.name.required',
      contentType: 'searchTable.error.contentType.required',
      filterType: 'searchTable.error.filterType.required',
      count: 'searchTable.error.count.range',
      status: 'searchTable.error.status.required',
    });
    expect(issues(collectionCreateBodySchema, { name: 'x'.repeat(51), contentType: 'img', filterType: 'rules', count: 100_000_001, status: 'online' })).toEqual({
      name: 'common.maxLength|{"n":50}',
      count: 'searchTable.error.count.range',
    });
    expect(translateValidation('common.maxLength|{"n":50}', 'en-US')).toBe('Up to 50 characters');
    expect(issues(collectionPatchBodySchema, { number: '1' })).toEqual({ '': expect.any(String) });
    expectTranslated(Object.values(found));
  });

  it('list query: page sizes, createdTime open at either end, blanks ignored', () => {
    expect(collectionListQuerySchema.parse({})).toMatchObject({ current: 1, pageSize: 10 });
    expect(collectionListQuerySchema.parse({ current: '3', pageSize: '50', name: '', createdTime: ['2026-01-01', '2026-01-31'] })).toEqual({
      current: 3, pageSize: 50, name: undefined, number: undefined, contentType: undefined, filterType: undefined, status: undefined, createdTime: ['2026-01-01', '2026-01-31'],
    });
    expect(collectionListQuerySchema.safeParse({ pageSize: '30' }).success).toBe(false);
    // One value is a start; an empty end is open (the console's two pickers send `createdTime=&createdTime=…`).
    expect(collectionListQuerySchema.parse({ createdTime: '2026-01-01' }).createdTime).toEqual(['2026-01-01', undefined]);
    expect(collectionListQuerySchema.parse({ createdTime: ['', '2026-01-31'] }).createdTime).toEqual([undefined, '2026-01-31']);
    expect(collectionListQuerySchema.safeParse({ createdTime: 'x' }).success).toBe(false);
    expect(collectionListQuerySchema.safeParse({ createdTime: ['2026-02-01', '2026-01-01'] }).success).toBe(false);
    expect(collectionListQuerySchema.safeParse({ createdTime: ['2026-02-30', '2026-03-01'] }).success).toBe(false);
  });

  it('step form: every rule', () => {
    expect(channelFormSchema.safeParse(validChannel).success).toBe(true);
    const found = issues(channelFormSchema, {
      activityName: 'bad name!', promotionTime: ['2026-12-31', '2026-12-01'], promoteLink: 'ftp://x', advertisingSource: '', advertisingMedia: 'x'.repeat(51),
      keyword: Array.from({ length: 11 }, (_, i) => `k${i}`), advertisingContent: 'x'.repeat(201),
    });
    expect(found).toEqual({
      activityName: 'stepForm.form.error.activityName.pattern',
      channelType: 'stepForm.form.error.channelType.required',
      promotionTime: 'stepForm.form.error.promotionTime.order',
      promoteLink: 'stepForm.form.error.promoteLink.pattern',
      advertisingSource: 'stepForm.form.error.advertisingSource.required',
      advertisingMedia: 'common.maxLength|{"n":50}',
      keyword: 'stepForm.form.error.keyword.max',
      advertisingContent: 'stepForm.form.error.advertisingContent.maxLength',
    });
    expectTranslated(Object.values(found));
    expect(issues(channelFormSchema, { ...validChannel, activityName: '', promotionTime: undefined, promoteLink: '', keyword: [] })).toEqual({
      activityName: 'stepForm.form.error.activityName.required',
      promotionTime: 'stepForm.form.error.promotionTime.required',
      promoteLink: 'stepForm.form.error.promoteLink.required',
      keyword: 'stepForm.form.error.keyword.required',
    });
    for (const ok of ['http://localhost', 'https://10.0.0.1:443/a/b', 'https://a-b.example.cn/x?y=1#z']) expect(PROMOTE_LINK_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['example.com', 'https://', 'https://exa mple.com', 'https://-a.com', 'javascript:alert(1)']) expect(PROMOTE_LINK_PATTERN.test(bad), bad).toBe(false);
  });

  it('group form: ranges, min <= max, required, description', () => {
    expect(groupFormSchema.safeParse(validGroup).success).toBe(true);
    const bad = structuredClone(validGroup);
    bad.video.acquisition.frameRate = 31;
    bad.video.encoding.rate.min = 900;
    bad.audio.encoding.rate = 12.5;
    bad.audio.acquisition.channels = 3;
    delete (bad.audio.encoding as { profile?: string }).profile;
    bad.description = 'x'.repeat(201);
    const found = issues(groupFormSchema, bad);
    expect(found).toEqual({
      'video.acquisition.frameRate': 'groupForm.error.range|{"min":1,"max":30}',
      'video.encoding.rate.min': 'groupForm.error.minMax',
      'audio.encoding.rate': 'groupForm.error.range|{"min":32,"max":320}',
      'audio.acquisition.channels': 'validation.invalidValue',
      'audio.encoding.profile': 'common.required',
      description: 'groupForm.error.description.maxLength',
    });
    expect(translateValidation(found['audio.encoding.rate']!, 'zh-CN')).toBe('请输入 32 到 320 之间的整数');
    expectTranslated(Object.values(found));
  });

  it('group form: the default bit rate is at most the maximum, reported on the default', () => {
    const above = structuredClone(validGroup);
    above.video.encoding.rate.default = 1500;
    const found = issues(groupFormSchema, above);
    expect(found).toEqual({ 'video.encoding.rate.default': 'groupForm.error.defaultMax' });
    expect(translateValidation(found['video.encoding.rate.default']!, 'zh-CN')).toBe('编码码率默认值不能大于最大值');
    expect(translateValidation(found['video.encoding.rate.default']!, 'en-US')).toBe('The default bitrate cannot exceed the maximum');
    const equal = structuredClone(validGroup);
    equal.video.encoding.rate.default = 800;
    expect(groupFormSchema.safeParse(equal).success).toBe(true);
    // Out of range and above the maximum: the range message comes first.
    above.video.encoding.rate.default = 2000;
    expect(issues(groupFormSchema, above)['video.encoding.rate.default']).toBe('groupForm.error.range|{"min":150,"max":1800}');
  });

  it('card list: a queue title', () => {
    expectTranslated(['cardList.content.form.title.required']);
    expect(issues(qualityCreateBodySchema, { title: ' ' })).toEqual({ title: 'cardList.content.form.title.required' });
  });
});
