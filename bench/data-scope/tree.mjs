// The departments' tree of the data-scope benches (bench/data-scope, bench/lifecycle): 5 000 departments of depth 10.

/** The tree, level by level (depth 1 to 10): each department's id, parent, path and depth. */
export function departmentTree(n) {
  const weights = [1, 5, 15, 40, 90, 180, 350, 650, 1300, 2369];
  const sizes = weights.map((w) => Math.max(1, Math.round((w * n) / 5000)));
  sizes[0] = 1;
  sizes[9] = Math.max(1, n - sizes.slice(0, 9).reduce((a, b) => a + b, 0));
  let seed = 2026;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  const out = [{ id: 1, parentId: null, path: '/1/', depth: 1 }];
  let above = [out[0]];
  for (let depth = 2; depth <= 10; depth++) {
    const level = [];
    for (let k = 0; k < sizes[depth - 1]; k++) {
      const parent = above[Math.floor(random() * above.length)];
      const id = out.length + 1;
      const row = { id, parentId: parent.id, path: `${parent.path}${id}/`, depth };
      out.push(row);
      level.push(row);
    }
    above = level;
  }
  return out;
}

/** The tree's departments below the root (migration 0009's) with their ids, as the department service would have made them. */
export async function insertDepartments(db, sql, tree) {
  const rest = tree.slice(1);
  await db.execute(sql`insert into departments (id, parent_id, name, name_en, code, path, depth, sort_order)
    overriding system value
    select id, parent_id, '部门 ' || id, 'Department ' || id, 'D' || id, path, depth, id
      from unnest(${`{${rest.map((d) => d.id).join(',')}}`}::int[], ${`{${rest.map((d) => d.parentId).join(',')}}`}::int[],
                  ${`{${rest.map((d) => d.path).join(',')}}`}::text[], ${`{${rest.map((d) => d.depth).join(',')}}`}::int[]) as d(id, parent_id, path, depth)`);
  await db.execute(sql`select setval('departments_id_seq', ${tree.length})`);
}
