import type { Db } from '../../db/client.ts';
import { currentGeneration, type Generations } from '../../db/list-generations.ts';
import { departmentParents } from './departments.repository.ts';

/**
 * The departments' tree in memory, for checks that ask about many departments at once (a data scope's
 * subtree, a custom scope's departments): read whole (5 000 rows are about a millisecond's read) and kept
 * at the departments' write generation (db/list-generations.ts), so any change of the tree, by any writer
 * on any replica, is seen by the next request; one per database object, so tests and replicas in one
 * process never share. SQL that filters rows uses the path instead (departments.repository.ts `inSubtreeOf`).
 */
interface Snapshot {
  generation: string;
  /** Each department's children, in no particular order. */
  children: Map<number, number[]>;
  ids: Set<number>;
  /** The departments each account leads (a life cycle's approvals by department leader). */
  led: Map<number, number[]>;
  /** Reaches asked of this state of the tree, by what was asked: the same request, the same set. */
  reaches: Map<string, ReadonlySet<number>>;
}

const snapshots = new WeakMap<Db, Snapshot>();
/** A snapshot being read, per database and generation: requests of one moment read the table once. */
const reading = new WeakMap<Db, { generation: string; snapshot: Promise<Snapshot> }>();

async function readSnapshot(db: Db, generation: string): Promise<Snapshot> {
  const rows = await departmentParents(db);
  const children = new Map<number, number[]>();
  const ids = new Set<number>();
  const led = new Map<number, number[]>();
  for (const row of rows) {
    ids.add(row.id);
    if (row.leaderId !== null) led.set(row.leaderId, [...(led.get(row.leaderId) ?? []), row.id]);
    if (row.parentId === null) continue;
    const list = children.get(row.parentId);
    if (list) list.push(row.id);
    else children.set(row.parentId, [row.id]);
  }
  return { generation, children, ids, led, reaches: new Map() };
}

/**
 * The tree as of now: the generation is read first (with the request's round trip when `known` holds it),
 * so a snapshot is never older than the generation it is kept at. Without counters (no generation), it is
 * read every time. `via`: the handle to read through when it is not `db` itself (a transaction of it: the
 * embedded engine's one connection is the transaction's until it ends), the snapshot still kept for `db`.
 */
async function snapshotOf(db: Db, known: Generations | null, via: Db = db): Promise<Snapshot> {
  const generation = await currentGeneration(via, 'departments', known);
  if (generation === null) return readSnapshot(via, '');
  const kept = snapshots.get(db);
  if (kept?.generation === generation) return kept;
  const pending = reading.get(db);
  if (pending?.generation === generation) return pending.snapshot;
  const snapshot = readSnapshot(via, generation);
  reading.set(db, { generation, snapshot });
  try {
    const read = await snapshot;
    // a slower read of an older generation never replaces a newer snapshot (generations only grow)
    const newest = snapshots.get(db);
    if (!newest || BigInt(newest.generation) < BigInt(generation)) snapshots.set(db, read);
    return read;
  } finally {
    if (reading.get(db)?.snapshot === snapshot) reading.delete(db);
  }
}

/** The department and every department below it (empty when it does not exist), parents before children. */
export async function subtreeIds(db: Db, id: number, known: Generations | null = null): Promise<number[]> {
  return [...collectSubtrees(await snapshotOf(db, known), [id])];
}

/** The tree as of now, to ask about several subtrees against one state of it (data scopes: sessions/data-scope.ts). */
export interface DepartmentTree {
  /** The departments given (those that exist) and every one below them; `only` keeps the given ones alone. */
  reach(ids: Iterable<number>, only?: boolean): ReadonlySet<number>;
  /** The departments the account leads. */
  ledBy(userId: number): readonly number[];
}

export async function departmentTree(db: Db, known: Generations | null = null, via: Db = db): Promise<DepartmentTree> {
  const snapshot = await snapshotOf(db, known, via);
  return {
    reach: (ids, only = false) => reachOf(snapshot, [...ids], only),
    ledBy: (userId) => snapshot.led.get(userId) ?? [],
  };
}

/**
 * What a scope reaches in one state of the tree, reckoned once: every request of a broad scope would
 * otherwise walk its thousand departments again (bench/data-scope). Kept with the snapshot, so a change of
 * the tree starts afresh; as many as the distinct questions asked of it (a department each, a custom
 * scope's list each). The set is shared: nobody changes it.
 */
function reachOf(snapshot: Snapshot, asked: number[], only: boolean): ReadonlySet<number> {
  // Keyed by the departments that exist: ids a caller made up (a list's department filter) all ask the same,
  // so what is kept stays within the tree's own size however many are asked.
  const ids = asked.filter((id) => snapshot.ids.has(id));
  const key = `${only ? 'only' : 'tree'}:${ids.join(',')}`;
  let reached = snapshot.reaches.get(key);
  if (!reached) {
    reached = only ? new Set(ids) : collectSubtrees(snapshot, ids);
    snapshot.reaches.set(key, reached);
  }
  return reached;
}

/** Breadth first from each given department that exists: a department is added once, parents before children. */
function collectSubtrees({ children, ids }: Snapshot, from: Iterable<number>): Set<number> {
  const out = new Set<number>();
  const queue = [...from].filter((id) => ids.has(id));
  for (let i = 0; i < queue.length; i++) {
    const current = queue[i]!;
    if (out.has(current)) continue;
    out.add(current);
    for (const child of children.get(current) ?? []) queue.push(child);
  }
  return out;
}
