/**
 * A readable example of what a field's `pattern` accepts, for the message of a value it refuses:
 * `^T-[0-9]{4}$` -> `T-0000`, `[A-Z]{2}\d{3}` -> `AA000`. Only a pattern of one fixed shape has such an
 * example (literals, digits, capitals or small letters, fixed counts); for any other (alternatives,
 * optional or repeated parts, mixed classes) there is none, and the message shows the pattern itself.
 */

/** The placeholder of a character class: `0` for digits, `A` for capitals, `a` for small letters. */
const CLASS_PLACEHOLDERS: [RegExp, string][] = [
  [/^(?:0-9|\\d)$/, '0'],
  [/^A-Z$/, 'A'],
  [/^a-z$/, 'a'],
];

/** Characters that stand for themselves when escaped (`\-`, `\.`), not a class like `\w`. */
const ESCAPED_LITERAL = /^[^A-Za-z0-9]$/u;

export function patternExample(pattern: string): string | undefined {
  const source = pattern.replace(/^\^/, '').replace(/(?<!\\)\$$/, '');
  let at = 0;

  /** One sequence up to the end or a closing parenthesis; undefined when it has no fixed shape. */
  const sequence = (): string | undefined => {
    let out = '';
    while (at < source.length && source[at] !== ')') {
      const atom = one();
      if (atom === undefined) return undefined;
      const count = quantifier();
      if (count === undefined) return undefined;
      out += atom.repeat(count);
    }
    return out;
  };

  const one = (): string | undefined => {
    const c = source[at++]!;
    if (c === '\\') {
      const next = source[at++];
      if (next === 'd') return '0';
      return next !== undefined && ESCAPED_LITERAL.test(next) ? next : undefined;
    }
    if (c === '[') {
      const end = source.indexOf(']', at + 1);
      if (end < 0) return undefined;
      const body = source.slice(at, end);
      at = end + 1;
      if (body.length === 1 && body !== '^' && body !== '\\') return body;
      if (body.length === 2 && body[0] === '\\' && ESCAPED_LITERAL.test(body[1]!)) return body[1];
      return CLASS_PLACEHOLDERS.find(([re]) => re.test(body))?.[1];
    }
    if (c === '(') {
      if (source.startsWith('?:', at)) at += 2;
      else if (source[at] === '?') return undefined;
      const inner = sequence();
      if (inner === undefined || source[at] !== ')') return undefined;
      at++;
      return inner;
    }
    return '.*+?{}|^$)]'.includes(c) ? undefined : c;
  };

  /** How many times the atom before repeats: 1, or `{n}`; undefined for a count that varies. */
  const quantifier = (): number | undefined => {
    const c = source[at];
    if (c === undefined || !'{*+?|'.includes(c)) return 1;
    const fixed = /^\{(\d{1,2})\}/.exec(source.slice(at));
    if (!fixed) return undefined;
    at += fixed[0].length;
    return Number(fixed[1]);
  };

  const example = sequence();
  return example && at === source.length ? example : undefined;
}

/** The kinds a range of a class may span and still be told: capitals, small letters, digits. */
const ONE_KIND = [/^[A-Z]$/, /^[a-z]$/, /^[0-9]$/];
/** A character of a class told as itself: printable ASCII, not a space, a backslash or a bracket. */
const PRINTABLE_LITERAL = /^[!-Z^-~]$/;

/**
 * What a pattern of one character class repeated asks, for the message of a value it refuses when it has no
 * fixed shape: `^[A-Z0-9-]{3,20}$` -> 3 to 20 characters, each one of `A–Z, 0–9, -`. The class is ranges of
 * letters or digits, `\d` and characters standing for themselves (not a negated class, not a space, not `\w`).
 * Undefined for any other pattern.
 */
export function patternRule(pattern: string): { min: number; max: number | undefined; chars: string } | undefined {
  const found = /^\^?\[([^\]^][^\]]*)\](\{(\d{1,3})(,(\d{1,3})?)?\}|\+|\*)\$?$/.exec(pattern);
  if (!found) return undefined;
  const body = found[1]!;
  const parts: string[] = [];
  for (let i = 0; i < body.length; ) {
    const range = /^(.)-(.)/u.exec(body.slice(i));
    if (body.startsWith('\\d', i)) {
      parts.push('0–9');
      i += 2;
    } else if (body[i] === '\\' && ESCAPED_LITERAL.test(body[i + 1] ?? '')) {
      parts.push(body[i + 1]!);
      i += 2;
    } else if (range) {
      // a range of one kind only (capitals, small letters or digits): any other is not one a person can be told
      const [, from, to] = range as unknown as [string, string, string];
      if (!ONE_KIND.some((kind) => kind.test(from) && kind.test(to)) || from >= to) return undefined;
      parts.push(`${from}–${to}`);
      i += 3;
    } else if (PRINTABLE_LITERAL.test(body[i]!)) {
      parts.push(body[i]!);
      i += 1;
    } else return undefined;
  }
  const [, , count, least, comma, most] = found;
  if (count === '+') return { min: 1, max: undefined, chars: parts.join(', ') };
  if (count === '*') return { min: 0, max: undefined, chars: parts.join(', ') };
  const min = Number(least);
  const max = comma === undefined ? min : most === undefined ? undefined : Number(most);
  if (max !== undefined && max < min) return undefined;
  return { min, max, chars: parts.join(', ') };
}
