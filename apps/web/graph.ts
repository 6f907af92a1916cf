/** Every node reachable from `starts` (themselves included), following `next`: a module's imports, a chunk's. */
export function reachable<T>(starts: Iterable<T>, next: (node: T) => Iterable<T>): Set<T> {
  const seen = new Set<T>();
  const stack = [...starts];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    stack.push(...next(node));
  }
  return seen;
}

/** A module's chunk in a bundle: the one it is the facade of, else the one it was gathered into (a chunk group). */
export function chunkOf<C extends { facadeModuleId: string | null; moduleIds: string[] }>(chunks: readonly C[], moduleId: string): C | undefined {
  return chunks.find((c) => c.facadeModuleId === moduleId) ?? chunks.find((c) => c.moduleIds.includes(moduleId));
}
