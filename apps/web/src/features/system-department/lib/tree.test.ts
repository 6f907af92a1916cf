import type { Department } from '@atrium/contracts/calls/department';
import { describe, expect, it } from 'vitest';
import { branchIds, buildTree, filterTree, parentOptions, subtreeIds, type DepartmentNode, type DepartmentOption } from './tree';

const dept = (id: number, parentId: number | null, name: string, depth: number, status: Department['status'] = 'active'): Department => ({
  id, parentId, name, code: null, leaderId: null, leaderName: null, order: 0, status, depth, memberCount: 0, createdAt: '', updatedAt: '',
});

// 总部 ─┬─ 研发部 ─┬─ 前端组
//       │          └─ 后端组 ── 数据库小组
//       └─ 市场部 (disabled)
const list = [
  dept(1, null, '总部', 1),
  dept(2, 1, '研发部', 2),
  dept(5, 1, '市场部', 2, 'disabled'),
  dept(3, 2, '前端组', 3),
  dept(4, 2, '后端组', 3),
  dept(6, 4, '数据库小组', 4),
];

/** The tree's shape as names, leaves as plain names. */
const shape = (nodes: readonly DepartmentNode[]): unknown[] => nodes.map((n) => (n.children ? { [n.name]: shape(n.children) } : n.name));
const optionShape = (nodes: readonly DepartmentOption[]): unknown[] => nodes.map((n) => (n.children ? { [n.title]: optionShape(n.children) } : n.title));

describe('buildTree', () => {
  it('nests the flat list under each parent, in the list order, leaves without children', () => {
    const tree = buildTree(list);
    expect(shape(tree)).toEqual([{ 总部: [{ 研发部: ['前端组', { 后端组: ['数据库小组'] }] }, '市场部'] }]);
    expect('children' in tree[0]!.children![1]!).toBe(false);
  });

  it('puts a department whose parent is not in the list at the top', () => {
    expect(shape(buildTree([dept(4, 2, '后端组', 3), dept(6, 4, '数据库小组', 4)]))).toEqual([{ 后端组: ['数据库小组'] }]);
  });

  it('gives an empty list an empty tree', () => {
    expect(buildTree([])).toEqual([]);
  });
});

describe('filterTree', () => {
  const tree = buildTree(list);

  it('keeps the matches and their ancestors, and drops the other branches', () => {
    expect(shape(filterTree(tree, '数据库'))).toEqual([{ 总部: [{ 研发部: [{ 后端组: ['数据库小组'] }] }] }]);
  });

  it('keeps several matches under one ancestor, without regard to case or surrounding spaces', () => {
    const latin = buildTree([dept(1, null, 'Head office', 1), dept(2, 1, 'Sales North', 2), dept(3, 1, 'Sales south', 2), dept(4, 1, 'R&D', 2)]);
    expect(shape(filterTree(latin, '  SALES '))).toEqual([{ 'Head office': ['Sales North', 'Sales south'] }]);
  });

  it('shows a matching parent without its non-matching children', () => {
    expect(shape(filterTree(tree, '研发'))).toEqual([{ 总部: ['研发部'] }]);
  });

  it('keeps everything for an empty keyword and nothing when nothing matches', () => {
    expect(shape(filterTree(tree, ' '))).toEqual(shape(tree));
    expect(filterTree(tree, '财务')).toEqual([]);
  });

  it('leaves the tree it filters as it was', () => {
    filterTree(tree, '数据库');
    expect(shape(tree)).toEqual(shape(buildTree(list)));
  });

  it('names the branches to expand to show every match', () => {
    expect(branchIds(filterTree(tree, '数据库'))).toEqual([1, 2, 4]);
  });
});

describe('parent options', () => {
  it('offers a new department every department, the disabled ones shown but not chosen', () => {
    const options = parentOptions(list, null);
    expect(optionShape(options)).toEqual([{ 总部: [{ 研发部: ['前端组', { 后端组: ['数据库小组'] }] }, '市场部'] }]);
    expect(options[0]!.children![1]).toMatchObject({ key: '5', disabled: true });
    expect(options[0]).not.toHaveProperty('disabled');
  });

  it('leaves out the department being moved and everything below it', () => {
    expect(subtreeIds(list, 2)).toEqual(new Set([2, 3, 4, 6]));
    expect(optionShape(parentOptions(list, 2))).toEqual([{ 总部: ['市场部'] }]);
    expect(optionShape(parentOptions(list, 4))).toEqual([{ 总部: [{ 研发部: ['前端组'] }, '市场部'] }]);
    expect(optionShape(parentOptions(list, 6))).toEqual([{ 总部: [{ 研发部: ['前端组', '后端组'] }, '市场部'] }]);
  });
});
