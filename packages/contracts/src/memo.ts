/**
 * `compute` remembered per input string, for the short strings a server meets over and over (an
 * Accept-Language header, a list URL's query). Bounded: an input longer than `maxLength` is never kept,
 * and the memo starts over once it holds `entries` inputs. `compute` must be pure.
 */
export function memoizeShort<T>(compute: (input: string) => T, bounds: { entries: number; maxLength: number }): (input: string) => T {
  const memo = new Map<string, T>();
  return (input) => {
    const known = memo.get(input);
    if (known !== undefined) return known;
    const value = compute(input);
    if (input.length <= bounds.maxLength) {
      if (memo.size >= bounds.entries) memo.clear();
      memo.set(input, value);
    }
    return value;
  };
}
