import '@arco-design/web-react/es/_util/react-19-adapter';
import { Tree } from '@arco-design/web-react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../lib/i18n';
import { TreeAria } from './tree-aria';

beforeEach(() => setLocale('zh-CN'));

const data = [
  { key: '1', title: '总部', children: [{ key: '7', title: '华东区', children: [{ key: '9', title: '上海分部' }] }, { key: '8', title: '华南区' }] },
];

const item = (name: string) => screen.getByRole('treeitem', { name });
const attrs = (name: string) => {
  const el = item(name);
  return { level: el.getAttribute('aria-level'), expanded: el.getAttribute('aria-expanded'), selected: el.getAttribute('aria-selected') };
};

describe('TreeAria', () => {
  it('counts levels from 1, keeps aria-expanded to branches, names the tree, its nodes and their switchers in the page language', () => {
    render(
      <TreeAria label="部门">
        <Tree treeData={data} defaultExpandedKeys={['1']} />
      </TreeAria>,
    );
    expect(screen.getByRole('tree', { name: '部门' })).toBeTruthy();
    expect(attrs('总部')).toEqual({ level: '1', expanded: 'true', selected: null });
    expect(attrs('华东区')).toEqual({ level: '2', expanded: 'false', selected: null });
    expect(attrs('华南区')).toEqual({ level: '2', expanded: null, selected: null });
    expect(screen.getByRole('button', { name: '收起「总部」' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /fold button|expand button/ })).toBeNull();
  });

  it('describes the nodes drawn later (a branch opened) and follows a switcher and a choice', async () => {
    render(
      <TreeAria label="部门">
        <Tree treeData={data} defaultExpandedKeys={['1']} />
      </TreeAria>,
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: '展开「华东区」' })));
    await waitFor(() => expect(attrs('上海分部')).toEqual({ level: '3', expanded: null, selected: null }));
    await waitFor(() => expect(screen.getByRole('button', { name: '收起「华东区」' })).toBeTruthy());
    act(() => fireEvent.click(item('华南区').querySelector('.arco-tree-node-title')!));
    await waitFor(() => expect(attrs('华南区').selected).toBe('true'));
  });

  it('names a checkable node’s box by its title, and English in en-US', () => {
    setLocale('en-US');
    render(
      <TreeAria>
        <Tree checkable treeData={[{ key: 'a', title: 'Head office', children: [{ key: 'b', title: 'East' }] }]} defaultExpandedKeys={['a']} />
      </TreeAria>,
    );
    expect(screen.getByRole('checkbox', { name: 'East' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Collapse "Head office"' })).toBeTruthy();
    expect(item('Head office').hasAttribute('aria-selected')).toBe(false);
  });

});
