import { RegExpParser, type AST } from '@eslint-community/regexpp';

/**
 * Strings a regular expression accepts, made from the expression itself: its parse tree (regexpp's)
 * read as a counter, so the n-th string differs from the (n+1)-th and from every other below the count
 * (`^T-[0-9]{4}$`: T-0000, T-0001, ...). Literals, classes and sets (`\d`, `\w`, `.`, `\p{...}`, negated
 * classes), groups, alternation, quantifiers and back references are followed; anchors and word
 * boundaries make nothing, and lookarounds are not followed: the caller checks every string against the
 * whole pattern (resource-sample.ts does) and makes its values another way when one fails.
 */

/** One node of the expression as a maker of strings. */
interface Part {
  /** The most characters (code points) it makes. */
  length(): number;
  /** How many different strings it makes (at most LOTS). */
  count(): number;
  /** Its k-th string, 0 <= k < count(); `groups` takes what each capturing group made, for back references. */
  make(k: number, groups: Map<AST.CapturingGroup, string>): string;
}

/** A quantifier's repetition, whose number the planning below chooses. */
interface Repeat extends Part {
  min: number;
  max: number;
  times: number;
}

const LOTS = 2 ** 48;
const times = (a: number, b: number) => Math.min(LOTS, a * b);

/**
 * The characters a class or set is filled from, in the order they are offered: digits first (so the
 * strings count up), then letters, signs and a few CJK characters. Whitespace comes only where nothing
 * else fits (a value is trimmed by the server).
 */
const POOL = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_.@+#/:中文字测试'];

const literal = (text: string): Part => ({ length: () => [...text].length, count: () => 1, make: () => text });

const oneOf = (chars: readonly string[]): Part => ({ length: () => 1, count: () => chars.length, make: (k) => chars[k]! });

function sequence(parts: readonly Part[]): Part {
  return {
    length: () => parts.reduce((sum, p) => sum + p.length(), 0),
    count: () => parts.reduce((c, p) => times(c, p.count()), 1),
    make: (k, groups) => {
      // the last part counts fastest; made left to right, so a back reference sees its group's text
      const ks: number[] = [];
      for (let i = parts.length - 1; i >= 0; i--) {
        const c = parts[i]!.count();
        ks[i] = k % c;
        k = Math.floor(k / c);
      }
      return parts.map((p, i) => p.make(ks[i]!, groups)).join('');
    },
  };
}

/** Alternatives, each of which may be left out when it is too long (`enabled`). */
interface Choice extends Part {
  parts: readonly Part[];
  enabled: boolean[];
}

function alternation(parts: readonly Part[], choices: Choice[]): Part {
  if (parts.length === 1) return parts[0]!;
  const enabled = parts.map(() => true);
  const on = () => parts.filter((_, i) => enabled[i]);
  const choice: Choice = {
    parts,
    enabled,
    length: () => Math.max(0, ...on().map((p) => p.length())),
    count: () => Math.min(LOTS, on().reduce((sum, p) => sum + p.count(), 0)),
    make: (k, groups) => {
      for (const p of on()) {
        if (k < p.count()) return p.make(k, groups);
        k -= p.count();
      }
      return '';
    },
  };
  choices.push(choice);
  return choice;
}

function repeat(part: Part, min: number, max: number): Repeat {
  const r: Repeat = {
    min,
    max,
    times: min,
    length: () => r.times * part.length(),
    count: () => (r.times === 0 ? 1 : Math.min(LOTS, part.count() ** r.times)),
    make: (k, groups) => sequence(Array.from({ length: r.times }, () => part)).make(k, groups),
  };
  return r;
}

/** The characters of POOL (and of the class's own ranges) that a class or set matches, one per letter case. */
function matching(node: AST.CharacterClass | AST.CharacterSet): string[] {
  const re = new RegExp(`^${node.raw}$`, 'u');
  const own =
    node.type === 'CharacterClass' && !node.negate
      ? node.elements.flatMap((e) =>
          e.type === 'Character' ? [String.fromCodePoint(e.value)]
          : e.type === 'CharacterClassRange' ? Array.from({ length: Math.min(36, e.max.value - e.min.value + 1) }, (_, i) => String.fromCodePoint(e.min.value + i))
          : [],
        )
      : [];
  const seen = new Set<string>();
  // a unique field compares strings without regard to case: `a` and `A` would be the same value
  const pick = (chars: string[]) => chars.filter((c) => re.test(c) && !seen.has(c.toLowerCase()) && (seen.add(c.toLowerCase()), true));
  const chars = pick([...POOL, ...own]);
  return chars.length > 0 ? chars : pick([' ']);
}

interface Tree {
  /** The quantifiers met, in the order written. */
  reps: Repeat[];
  /** The alternations met. */
  choices: Choice[];
  /** Each capturing group's part. */
  captured: Map<AST.CapturingGroup, Part>;
}

function toPart(node: AST.Node, tree: Tree): Part {
  const inner = (alternatives: AST.Alternative[]) => alternation(alternatives.map((a) => toPart(a, tree)), tree.choices);
  const { reps, captured } = tree;
  switch (node.type) {
    case 'Pattern':
    case 'Group':
      return inner(node.alternatives);
    case 'CapturingGroup': {
      const part = inner(node.alternatives);
      captured.set(node, part);
      return {
        length: part.length,
        count: part.count,
        make: (k, groups) => {
          const text = part.make(k, groups);
          groups.set(node, text);
          return text;
        },
      };
    }
    case 'Alternative':
      return sequence(node.elements.map((e) => toPart(e, tree)));
    case 'Quantifier': {
      const r = repeat(toPart(node.element, tree), node.min, node.max);
      reps.push(r);
      return r;
    }
    case 'Character':
      return literal(String.fromCodePoint(node.value));
    case 'CharacterClass':
    case 'CharacterSet':
      return oneOf(matching(node));
    case 'Backreference': {
      const group = Array.isArray(node.resolved) ? node.resolved[0] : node.resolved;
      return { length: () => (group && captured.get(group)?.length()) ?? 0, count: () => 1, make: (_, groups) => (group && groups.get(group)) ?? '' };
    }
    default:
      // anchors, word boundaries and lookarounds make nothing (the whole string is checked afterwards)
      return literal('');
  }
}

/**
 * The n-th of a series of strings that `pattern` (compiled with the `u` flag) may accept, each at most
 * `maxLength` characters, with as many different ones as the pattern allows up to `enough` (the series
 * repeats after that); undefined when the pattern does not parse or no string is short enough. An
 * optional part appears once; an open-ended repetition repeats once, and more while there are fewer than
 * `enough` strings and room for more.
 */
export function patternSamples(pattern: string, maxLength: number, enough = 1_000_000): ((n: number) => string) | undefined {
  const tree: Tree = { reps: [], choices: [], captured: new Map() };
  let root: Part;
  try {
    root = toPart(new RegExpParser().parsePattern(pattern, 0, pattern.length, { unicode: true }), tree);
  } catch {
    return undefined;
  }
  const { reps, choices } = tree;
  for (const r of reps) r.times = r.min === r.max ? r.min : Math.min(r.max, Math.max(r.min, 1));
  if (root.length() > maxLength) for (const r of reps) r.times = r.min;
  // still too long: leave out the longest alternative of a choice, one at a time (`INV|PO` within 2)
  while (root.length() > maxLength) {
    const longest = choices
      .flatMap((c) => (c.enabled.filter(Boolean).length < 2 ? [] : c.parts.flatMap((p, i) => (c.enabled[i] ? [{ c, i, length: p.length() }] : []))))
      .sort((a, b) => b.length - a.length)[0];
    if (!longest) return undefined;
    longest.c.enabled[longest.i] = false;
  }
  if (root.count() === 0) return undefined;
  // one more repetition at a time, the last quantifier first, while it adds strings and fits
  for (let grown = true; grown && root.count() < enough; ) {
    grown = false;
    for (const r of [...reps].reverse()) {
      if (r.times >= r.max) continue;
      const before = root.count();
      r.times += 1;
      if (root.length() <= maxLength && root.count() > before) {
        grown = true;
        break;
      }
      r.times -= 1;
    }
  }
  const count = root.count();
  return (n) => root.make(((n % count) + count) % count, new Map());
}
