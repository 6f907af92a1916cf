import { randomBytes } from 'node:crypto';

/**
 * Draws the image captcha as an SVG of stroked paths, from our own stroke glyphs (no <text> element, so
 * the answer is not in the markup). The markup must not give the glyphs away either: a script that
 * knows these glyph shapes, parses the paths and matches them to glyphs read every image of the first
 * version (one <path> per character, its glyph's points in order, the noise in another style). So:
 * - each glyph gets its own random affine map and a non-linear bend, and the whole image a wave warp;
 * - neighbouring glyphs touch or overlap, and are often joined by a connecting stroke;
 * - noise strokes cross the text in exactly the glyphs' stroke style, some continuing a glyph's stroke;
 * - every stroke is resampled, cut into pieces at random (overlapping, so a piece's end lies inside the
 *   next piece, not on its start), pieces reversed and shuffled, and dealt into a few <path> elements
 *   that all look alike, so no element, subpath or attribute belongs to one character;
 * - the pieces are written with a random mix of L, Q and C commands (curves through the sampled
 *   points), absolute or relative.
 * captcha-solver.engine-free.test.ts runs such a script against both versions. People still read it: strokes are
 * continuous, the noise is two waves and a short stroke or two, and the characters stay upright.
 */
type Pt = [number, number];
type Glyph = ReadonlyArray<ReadonlyArray<readonly [number, number]>>;

/** Stroke glyphs in a 10 × 14 box (x right, y down). */
export const CAPTCHA_GLYPHS: Readonly<Record<string, Glyph>> = {
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

export const CAPTCHA_ALPHABET = Object.keys(CAPTCHA_GLYPHS).join('');
const WIDTH = 120;
const HEIGHT = 40;

/** Uniform randoms from the CSPRNG, read from a buffer (a render draws a few thousand). */
class Rand {
  private buf = randomBytes(4096);
  private pos = 0;
  next(): number {
    if (this.pos + 4 > this.buf.length) {
      this.buf = randomBytes(4096);
      this.pos = 0;
    }
    const v = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return v / 0x1_0000_0000;
  }
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  /** An integer in [min, max). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i + 1);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
}

export function randomCaptchaText(length = 4): string {
  const r = new Rand();
  let out = '';
  for (let i = 0; i < length; i++) out += CAPTCHA_ALPHABET[r.int(0, CAPTCHA_ALPHABET.length)];
  return out;
}

/** A stroke being drawn: its points and which of them are corners (never smoothed into a curve). */
interface Line {
  pts: Pt[];
  sharp: boolean[];
}

const dist = (a: Pt, b: Pt) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Inserts points along each segment, about `step` apart; the given points stay, as corners. */
function densify(vertices: Pt[], r: Rand): Line {
  const pts: Pt[] = [vertices[0]!];
  const sharp = [true];
  for (let i = 1; i < vertices.length; i++) {
    const a = vertices[i - 1]!;
    const b = vertices[i]!;
    const n = Math.max(1, Math.round(dist(a, b) / r.range(1.5, 2.6)));
    for (let k = 1; k <= n; k++) {
      const t = (k - 1 + r.range(0.75, 1)) / n; // uneven spacing
      pts.push(k === n ? b : [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
      sharp.push(k === n);
    }
  }
  return { pts, sharp };
}

const reversed = (line: Line): Line => ({ pts: [...line.pts].reverse(), sharp: [...line.sharp].reverse() });
const joined = (a: Line, b: Line): Line => ({ pts: [...a.pts, ...b.pts.slice(1)], sharp: [...a.sharp.slice(0, -1), true, ...b.sharp.slice(1)] });

interface PlacedGlyph {
  lines: Line[];
}

/** One glyph under its own bend and affine map, centred on (cx, cy). */
function placeGlyph(ch: string, cx: number, cy: number, sx: number, sy: number, r: Rand): PlacedGlyph {
  const strokes = CAPTCHA_GLYPHS[ch];
  if (!strokes) throw new Error(`no glyph for ${ch}`);
  const angle = r.range(-0.2, 0.2);
  const shear = r.range(-0.22, 0.22);
  const taper = r.range(-0.18, 0.18); // wider at the top or at the bottom
  const wave = r.range(-0.6, 0.6);
  const phase = r.range(0, Math.PI * 2);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const map = ([x, y]: readonly [number, number]): Pt => {
    let u = x - 5;
    const v = y - 7 + wave * Math.sin((u * Math.PI) / 6 + phase);
    u = u * (1 + taper * (v / 7)) + shear * v;
    const gx = u * sx;
    const gy = v * sy;
    return [cx + gx * cos - gy * sin, cy + gx * sin + gy * cos];
  };
  return { lines: strokes.map((stroke) => densify(stroke.map(map), r)) };
}

/** A smooth random curve from (x0, y0) heading along `heading`, `length` long. */
function noiseCurve(start: Pt, heading: number, length: number, bendiness: number, r: Rand): Line {
  const vertices: Pt[] = [start];
  let [x, y] = start;
  let a = heading;
  const turn = r.range(-bendiness, bendiness);
  for (let walked = 0; walked < length; ) {
    const step = r.range(1.6, 2.6);
    a += turn + r.range(-0.05, 0.05);
    x += Math.cos(a) * step;
    y += Math.sin(a) * step;
    vertices.push([x, y]);
    walked += step;
  }
  return { pts: vertices, sharp: vertices.map((_, i) => i === 0 || i === vertices.length - 1) };
}

/** A long wave across the image, through the text. */
function waveAcross(r: Rand, span: number): Line {
  const x0 = r.range(-4, 124 - span);
  const x1 = x0 + span;
  const yc = r.range(13, 27);
  const tilt = r.range(-0.12, 0.12);
  const amp = r.range(2, 6);
  const length = r.range(60, 130);
  const phase = r.range(0, Math.PI * 2);
  const vertices: Pt[] = [];
  for (let x = x0; x < x1; x += r.range(1.5, 2.5)) vertices.push([x, yc + tilt * (x - 60) + amp * Math.sin((2 * Math.PI * x) / length + phase)]);
  if (r.chance(0.5)) vertices.reverse();
  return { pts: vertices, sharp: vertices.map((_, i) => i === 0 || i === vertices.length - 1) };
}

function endpoints(lines: Line[]): Array<{ line: number; atEnd: boolean; p: Pt }> {
  return lines.flatMap((l, i) => [
    { line: i, atEnd: false, p: l.pts[0]! },
    { line: i, atEnd: true, p: l.pts.at(-1)! },
  ]);
}

/** Every stroke of the image, glyphs and noise, as lines in image coordinates (before the warp). */
function drawStrokes(text: string, r: Rand): Line[] {
  const base = r.range(1.62, 1.76);
  // wider than the glyph box's 10:14, which reads better at the console's small size
  const sizes = [...text].map(() => ({ sx: base * r.range(1.1, 1.3), sy: base * r.range(1, 1.08) }));
  // neighbours touch or nearly: rotated and sheared, their boxes overlap
  const gaps = sizes.slice(1).map((s, i) => ((sizes[i]!.sx + s.sx) / 2) * 10 * r.range(0.98, 1.1));
  const span = gaps.reduce((a, b) => a + b, 0);
  let cx = WIDTH / 2 - span / 2 + r.range(-6, 6);
  const glyphs = [...text].map((ch, i) => {
    const g = placeGlyph(ch, cx, HEIGHT / 2 + r.range(-1.5, 1.5), sizes[i]!.sx, sizes[i]!.sy, r);
    cx += gaps[i] ?? 0;
    return g;
  });

  // join neighbours: the right-most stroke end of one to the left-most of the next, through a sagging link
  for (let i = 0; i + 1 < glyphs.length; i++) {
    if (!r.chance(0.55)) continue;
    const left = glyphs[i]!;
    const right = glyphs[i + 1]!;
    const from = endpoints(left.lines).reduce((a, b) => (b.p[0] > a.p[0] ? b : a));
    const to = endpoints(right.lines).reduce((a, b) => (b.p[0] < a.p[0] ? b : a));
    if (dist(from.p, to.p) > 15 || from.p[0] > to.p[0] + 2) continue;
    const mid: Pt = [(from.p[0] + to.p[0]) / 2, (from.p[1] + to.p[1]) / 2 + r.range(-3, 3)];
    const link = densify([from.p, mid, to.p], r);
    const a = from.atEnd ? left.lines[from.line]! : reversed(left.lines[from.line]!);
    const b = to.atEnd ? reversed(right.lines[to.line]!) : right.lines[to.line]!;
    left.lines.splice(from.line, 1);
    right.lines.splice(to.line, 1);
    // the joined stroke moves to the right-hand glyph, so a later link can extend it further
    right.lines.push(joined(joined(a, link), b));
  }
  const lines = glyphs.flatMap((g) => g.lines);

  // noise in the same style: two long curves across the text, and short ones, one often growing out of a glyph's stroke
  lines.push(waveAcross(r, r.range(95, 125)), waveAcross(r, r.range(45, 75)));
  const shorts = r.int(1, 3);
  for (let i = 0; i < shorts; i++) {
    if (r.chance(0.6) && lines.length > 0) {
      const k = r.int(0, lines.length);
      const l = lines[k]!;
      const atEnd = r.chance(0.5);
      const tip = atEnd ? l.pts.at(-1)! : l.pts[0]!;
      const before = atEnd ? l.pts.at(-2)! : l.pts[1]!;
      const heading = Math.atan2(tip[1] - before[1], tip[0] - before[0]) + r.range(-1.2, 1.2);
      const tail = noiseCurve(tip, heading, r.range(6, 11), 0.12, r);
      lines[k] = atEnd ? joined(l, tail) : joined(reversed(tail), l);
    } else {
      lines.push(noiseCurve([r.range(15, 105), r.range(8, 32)], r.range(0, Math.PI * 2), r.range(8, 14), 0.15, r));
    }
  }
  return lines;
}

/** A wave warp of the whole image, a little jitter, and coordinates rounded to the 0.1 the markup holds. */
function warp(lines: Line[], r: Rand): void {
  const ax = r.range(0.8, 2);
  const ly = r.range(25, 45);
  const ay = r.range(1, 2);
  const lx = r.range(45, 85);
  const p1 = r.range(0, Math.PI * 2);
  const p2 = r.range(0, Math.PI * 2);
  for (const line of lines) {
    line.pts = line.pts.map(([x, y]) => {
      const wx = x + ax * Math.sin((2 * Math.PI * y) / ly + p1) + r.range(-0.15, 0.15);
      const wy = y + ay * Math.sin((2 * Math.PI * x) / lx + p2) + r.range(-0.15, 0.15);
      return [Math.round(wx * 10) / 10, Math.round(wy * 10) / 10];
    });
  }
}

/**
 * Cuts lines into pieces of random length. Neighbouring pieces overlap by one to four points (drawn
 * over the same pixels), so the end of one piece lies inside the next rather than on its end.
 */
function cut(lines: Line[], r: Rand): Line[] {
  const pieces: Line[] = [];
  for (const line of lines) {
    let start = 0;
    while (start < line.pts.length - 1) {
      const end = Math.min(line.pts.length - 1, start + r.int(6, 16));
      const piece = { pts: line.pts.slice(start, end + 1), sharp: line.sharp.slice(start, end + 1) };
      pieces.push(r.chance(0.5) ? reversed(piece) : piece);
      if (end === line.pts.length - 1) break;
      start = Math.max(start + 1, end - r.int(1, 5));
    }
  }
  return r.shuffle(pieces);
}

const num = (n: number) => {
  const s = (Math.round(n * 10) / 10).toFixed(1);
  return s === '-0.0' ? '0.0' : s;
};

/** Path data for some pieces: a random mix of M/m, L/l, Q/q and C/c (curves through the sampled points). */
function pathData(pieces: Line[], r: Rand): string {
  let d = '';
  let cur: Pt = [0, 0];
  const coords = (rel: boolean, ...ps: Pt[]) => ps.map(([x, y]) => (rel ? `${num(x - cur[0])} ${num(y - cur[1])}` : `${num(x)} ${num(y)}`)).join(' ');
  for (const { pts, sharp } of pieces) {
    const relM = d !== '' && r.chance(0.5);
    d += `${relM ? 'm' : 'M'}${coords(relM, pts[0]!)}`;
    cur = pts[0]!;
    let i = 1;
    while (i < pts.length) {
      const left = pts.length - i;
      const rel = r.chance(0.5);
      const roll = r.next();
      let end: Pt;
      if (left >= 3 && !sharp[i] && !sharp[i + 1] && roll < 0.35) {
        // cubic through pts[i] and pts[i + 1] (at t = 1/3, 2/3), ending on pts[i + 2]
        const [p0, a, b] = [cur, pts[i]!, pts[i + 1]!];
        end = pts[i + 2]!;
        const u: Pt = [27 * a[0] - 8 * p0[0] - end[0], 27 * a[1] - 8 * p0[1] - end[1]];
        const v: Pt = [27 * b[0] - p0[0] - 8 * end[0], 27 * b[1] - p0[1] - 8 * end[1]];
        const c1: Pt = [(2 * u[0] - v[0]) / 18, (2 * u[1] - v[1]) / 18];
        const c2: Pt = [(2 * v[0] - u[0]) / 18, (2 * v[1] - u[1]) / 18];
        d += `${rel ? 'c' : 'C'}${coords(rel, c1, c2, end)}`;
        i += 3;
      } else if (left >= 2 && !sharp[i] && roll < 0.7) {
        // quadratic through pts[i] (at t = 1/2), ending on pts[i + 1]
        const [p0, a] = [cur, pts[i]!];
        end = pts[i + 1]!;
        const c: Pt = [2 * a[0] - (p0[0] + end[0]) / 2, 2 * a[1] - (p0[1] + end[1]) / 2];
        d += `${rel ? 'q' : 'Q'}${coords(rel, c, end)}`;
        i += 2;
      } else {
        end = pts[i]!;
        d += `${rel ? 'l' : 'L'}${coords(rel, end)}`;
        i += 1;
      }
      cur = end;
    }
  }
  return d;
}

export function renderCaptchaSvg(text: string): string {
  const r = new Rand();
  const hsl = (lMin: number, lMax: number) => `hsl(${r.int(0, 360)},${r.int(35, 75)}%,${r.int(lMin, lMax)}%)`;
  const parts: string[] = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="${hsl(90, 97)}"/>`];
  for (let i = 0; i < 40; i++) parts.push(`<circle cx="${num(r.range(0, WIDTH))}" cy="${num(r.range(0, HEIGHT))}" r="${num(r.range(0.5, 1.3))}" fill="${hsl(45, 80)}"/>`);

  const lines = drawStrokes(text, r);
  warp(lines, r);
  const pieces = cut(lines, r);
  // a few <path> elements, all in one style, each holding pieces of anything
  const groups: Line[][] = Array.from({ length: r.int(3, 7) }, () => []);
  pieces.forEach((p, i) => groups[i < groups.length ? i : r.int(0, groups.length)]!.push(p));
  const stroke = `stroke="${hsl(18, 34)}" stroke-width="${num(r.range(1.8, 2.1))}"`;
  for (const g of groups) parts.push(`<path d="${pathData(g, r)}" fill="none" ${stroke} stroke-linecap="round" stroke-linejoin="round"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}

export function captchaDataUrl(text: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(renderCaptchaSvg(text)).toString('base64')}`;
}
