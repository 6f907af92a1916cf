import { pinyin } from 'pinyin-pro';

export interface Division {
  code: string;
  name: string;
  children?: Division[];
}

/** The generic part of a division's name, in the order tried (longest first), and its English. */
const kinds: ReadonlyArray<readonly [string, string]> = [
  ['特别行政区', 'SAR'],
  ['自治区', 'Autonomous Region'],
  ['自治州', 'Autonomous Prefecture'],
  ['自治县', 'Autonomous County'],
  ['自治旗', 'Autonomous Banner'],
  ['林区', 'Forestry District'],
  ['新区', 'New Area'],
  ['矿区', 'Mining District'],
  ['地区', 'Prefecture'],
  ['省', ''],
  ['市', ''],
  ['区', 'District'],
  ['县', 'County'],
  ['盟', 'League'],
  ['旗', 'Banner'],
];

/** Levels that stand for "the districts (counties) directly under it" rather than a place. */
const groupings: Record<string, string> = {
  市辖区: 'Districts',
  县: 'Counties',
  省直辖县级行政区划: 'County-level divisions',
  自治区直辖县级行政区划: 'County-level divisions',
};

/**
 * A division's name in English: the proper name in Hanyu Pinyin, written as one word (北京 → Beijing),
 * followed by its kind (东城区 → Dongcheng District); provinces and cities go without their kind, as in
 * English usage (广东省 → Guangdong, 广州市 → Guangzhou).
 */
export function romaniseName(name: string): string {
  if (groupings[name]) return groupings[name];
  const kind = kinds.find(([suffix]) => name.length > suffix.length && name.endsWith(suffix));
  const proper = kind ? name.slice(0, -kind[0].length) : name;
  const syllables = pinyin(proper, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }).join('');
  const word = syllables.charAt(0).toUpperCase() + syllables.slice(1);
  return kind && kind[1] ? `${word} ${kind[1]}` : word;
}

/** The whole tree with English names (codes unchanged). */
export function romaniseDivisions(list: readonly Division[]): Division[] {
  return list.map((d) => ({ code: d.code, name: romaniseName(d.name), ...(d.children ? { children: romaniseDivisions(d.children) } : {}) }));
}
