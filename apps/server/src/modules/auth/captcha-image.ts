import { randomInt } from 'node:crypto';

/**
 * Draws the image captcha as an SVG of stroked paths. The characters are drawn from our own stroke
 * glyphs (no <text> element, so the answer is not in the markup), each one rotated, scaled and jittered,
 * over noise curves and dots.
 */
type Pt = [number, number];
const glyphs: Record<string, Pt[][]> = {
  '2': [[[0, 3], [2, 0.5], [5, 0], [8, 0.5], [10, 3], [9, 6], [0, 14], [10, 14]]],
  '3': [[[0, 1], [5, 0], [9, 1.5], [9.5, 4], [7, 6.5], [3, 7], [7, 7.5], [10, 10], [9, 13], [5, 14], [0, 13]]],
  '4': [[[7, 14], [7, 0], [0, 10], [10, 10]]],
  '5': [[[10, 0], [1, 0], [0, 6], [5, 5.5], [9, 7], [10, 10], [8.5, 13], [5, 14], [0, 13]]],
  '6': [[[9, 1], [6, 0], [3, 0.5], [1, 3], [0, 8], [1, 12], [4, 14], [7, 14], [9.5, 12], [10, 9.5], [8.5, 7], [5, 6.5], [2, 7.5], [0, 9.5]]],
  '7': [[[0, 0], [10, 0], [4, 14]]],
  '8': [[[5, 7], [1, 5], [1, 2], [5, 0], [9, 2], [9, 5], [5, 7], [0.5, 9.5], [0.5, 12.5], [5, 14], [9.5, 12.5], [9.5, 9.5], [5, 7]]],
  '9': [[[10, 4.5], [8.5, 6.5], [5, 7.5], [1.5, 6.5], [0, 4], [1, 1], [5, 0], [9, 1], [10, 5], [9, 11], [6, 14], [1, 13]]],
  A: [[[0, 14], [5, 0], [10, 14]], [[2, 9], [8, 9]]],
  C: [[[10, 2], [7, 0], [3, 0], [0.5, 3], [0, 7], [0.5, 11], [3, 14], [7, 14], [10, 12]]],
  D: [[[0, 0], [0, 14], [6, 14], [9, 11.5], [10, 7], [9, 2.5], [6, 0], [0, 0]]],
  E: [[[10, 0], [0, 0], [0, 14], [10, 14]], [[0, 7], [7, 7]]],
  F: [[[10, 0], [0, 0], [0, 14]], [[0, 7], [7, 7]]],
  H: [[[0, 0], [0, 14]], [[10, 0], [10, 14]], [[0, 7], [10, 7]]],
  J: [[[3, 0], [10, 0]], [[7, 0], [7, 11], [5.5, 13.5], [3, 14], [0.5, 12]]],
  K: [[[0, 0], [0, 14]], [[10, 0], [0, 8]], [[3, 6], [10, 14]]],
  L: [[[0, 0], [0, 14], [10, 14]]],
  M: [[[0, 14], [0, 0], [5, 9], [10, 0], [10, 14]]],
  N: [[[0, 14], [0, 0], [10, 14], [10, 0]]],
  P: [[[0, 14], [0, 0], [7, 0], [10, 2], [10, 5.5], [7, 7.5], [0, 7.5]]],
  R: [[[0, 14], [0, 0], [7, 0], [10, 2], [10, 5.5], [7, 7.5], [0, 7.5]], [[5, 7.5], [10, 14]]],
  T: [[[0, 0], [10, 0]], [[5, 0], [5, 14]]],
  U: [[[0, 0], [0, 10], [2, 13.5], [5, 14], [8, 13.5], [10, 10], [10, 0]]],
  V: [[[0, 0], [5, 14], [10, 0]]],
  W: [[[0, 0], [2.5, 14], [5, 5], [7.5, 14], [10, 0]]],
  X: [[[0, 0], [10, 14]], [[10, 0], [0, 14]]],
  Y: [[[0, 0], [5, 7], [10, 0]], [[5, 7], [5, 14]]],
};

export const CAPTCHA_ALPHABET = Object.keys(glyphs).join('');
const WIDTH = 120;
const HEIGHT = 40;

const rnd = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const f = (n: number) => n.toFixed(1);
const color = (lMin: number, lMax: number) => `hsl(${randomInt(0, 360)},${randomInt(40, 80)}%,${randomInt(lMin, lMax)}%)`;

export function randomCaptchaText(length = 4): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return out;
}

function glyphPaths(ch: string, cx: number, cy: number): string {
  const strokes = glyphs[ch];
  if (!strokes) throw new Error(`no glyph for ${ch}`);
  const scale = rnd(1.55, 1.9);
  const angle = (rnd(-22, 22) * Math.PI) / 180;
  const skew = rnd(-0.25, 0.25);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const d = strokes
    .map((stroke) =>
      stroke
        .map(([x, y], i) => {
          // centre the 10x14 glyph, skew, scale, rotate, then jitter each point a little
          const gx = (x - 5 + skew * (y - 7)) * scale;
          const gy = (y - 7) * scale;
          const px = cx + gx * cos - gy * sin + rnd(-0.7, 0.7);
          const py = cy + gx * sin + gy * cos + rnd(-0.7, 0.7);
          return `${i === 0 ? 'M' : 'L'}${f(px)} ${f(py)}`;
        })
        .join(''),
    )
    .join('');
  return `<path d="${d}" fill="none" stroke="${color(15, 45)}" stroke-width="${f(rnd(2, 2.8))}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

export function renderCaptchaSvg(text: string): string {
  const parts: string[] = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="${color(88, 96)}"/>`];
  for (let i = 0; i < 40; i++) parts.push(`<circle cx="${f(rnd(0, WIDTH))}" cy="${f(rnd(0, HEIGHT))}" r="${f(rnd(0.5, 1.4))}" fill="${color(30, 70)}"/>`);
  for (let i = 0; i < 3; i++) {
    parts.push(
      `<path d="M${f(rnd(0, 20))} ${f(rnd(5, 35))}C${f(rnd(20, 60))} ${f(rnd(-10, 50))} ${f(rnd(60, 100))} ${f(rnd(-10, 50))} ${f(rnd(100, 120))} ${f(rnd(5, 35))}" fill="none" stroke="${color(40, 70)}" stroke-width="${f(rnd(1, 1.8))}"/>`,
    );
  }
  const step = (WIDTH - 16) / text.length;
  [...text].forEach((ch, i) => parts.push(glyphPaths(ch, 8 + step * (i + 0.5) + rnd(-2, 2), HEIGHT / 2 + rnd(-2, 2))));
  // one more curve over the characters so they cannot be separated by colour alone
  parts.push(`<path d="M0 ${f(rnd(12, 28))}Q${f(rnd(40, 80))} ${f(rnd(0, 40))} ${WIDTH} ${f(rnd(12, 28))}" fill="none" stroke="${color(25, 50)}" stroke-width="1.2"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}

export function captchaDataUrl(text: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(renderCaptchaSvg(text)).toString('base64')}`;
}
