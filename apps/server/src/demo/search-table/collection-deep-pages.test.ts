import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { suiteApp } from '../../test/suite-app.ts';

/** Pages past the deep-offset threshold take another statement (ids from the index first): same answers. */
describe('collection list: deep pages', () => {
  const t = suiteApp({ signIn: ['user'] });
  beforeAll(async () => {
    // 2 400 more rows, many sharing one created time (the id breaks the tie), some online, some offline;
    // numbers below 10 000 000, which the seed never draws
    await t.db.execute(sql`insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at, owner_id)
      select '07' || lpad(g::text, 6, '0'), 'Deep ' || g, (array['img','horizontalVideo','verticalVideo'])[1 + g % 3], (array['artificial','rules'])[1 + g % 2],
             g, (array['online','offline'])[1 + g % 2], timestamptz '2026-01-01 00:00:00+00' - make_interval(secs => (g / 4) * 60), now(), (select min(id) from users)
        from generate_series(1, 2400) as g`);
  });

  const expected = async (where: string, offset: number, limit: number) =>
    rowsOf<{ id: number }>(await t.db.execute(sql.raw(`select id from collections where ${where} order by created_time desc, id limit ${limit} offset ${offset}`))).map((r) => Number(r.id));
  const page = async (query: string) => {
    const res = await t.request({ url: `/api/list/policy?${query}`, token: t.tokens.user });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { list: Array<{ id: number }>; total: number };
  };

  it('answers the same rows in the same order on both sides of the threshold, with and without filters', async () => {
    for (const [filter, where] of [
      ['', 'true'],
      ['&status=online', `status = 'online'`],
      ['&contentType=img&status=offline', `content_type = 'img' and status = 'offline'`],
    ] as const) {
      const pages: Array<[number, number]> = [[10, 100], [11, 100], [12, 100], [99, 10], [100, 10], [101, 10], [120, 20], [24, 100]];
      for (const [current, pageSize] of pages) {
        const got = await page(`current=${current}&pageSize=${pageSize}${filter}`);
        expect([filter, current, pageSize, got.list.map((r) => r.id)]).toEqual([filter, current, pageSize, await expected(where, (current - 1) * pageSize, pageSize)]);
      }
    }
  });

  it('answers an empty page beyond the end with the exact total', async () => {
    const total = Number(rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from collections`))[0]!.n);
    const beyond = await page(`current=${Math.ceil(total / 10) + 5}&pageSize=10`);
    expect(beyond).toMatchObject({ list: [], total });
  });
});
