import { generate, getRgbStr } from '@arco-design/color';

/** The 10 shades (index 1..10, base at 6) for light and dark mode, as `r,g,b` triplets. */
export function generatePalette(color: string): { light: string[]; dark: string[] } {
  const light = (generate(color, { list: true }) as string[]).map((c) => getRgbStr(c));
  const dark = (generate(color, { list: true, dark: true }) as string[]).map((c) => getRgbStr(c));
  return { light, dark };
}

/** `--primary-N` and `--arcoblue-N` on body (light) and body[arco-theme='dark'] (dark). */
export function paletteCss(color: string): string {
  const { light, dark } = generatePalette(color);
  const vars = (shades: string[]) => shades.map((rgb, i) => `--primary-${i + 1}: ${rgb}; --arcoblue-${i + 1}: ${rgb};`).join(' ');
  return `body { ${vars(light)} }\nbody[arco-theme='dark'] { ${vars(dark)} }`;
}
