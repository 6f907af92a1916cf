import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { permissionResourceLabels, scopedResources, type PermissionResource } from '@atrium/contracts';
import type { PermissionEntry, RoleRecord } from '@atrium/contracts/calls/system';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, signedInFetch } from '../../../test/signed-in-fetch';
import { setLocale } from '../../../lib/i18n';
import { checkedPermissions, groupPermissions, type PermissionTreeNode } from '../lib/permission-tree';
import { RoleEditor } from './role-editor';
import { departmentNodes } from './data-scope-section';
import { useSession } from '../../../stores/session';

/** The departments as the tree call answers them (parents first); only the fields the picker reads matter. */
const departments = [
  { id: 1, parentId: null, name: '总部' },
  { id: 7, parentId: 1, name: '华东区' },
  { id: 9, parentId: 7, name: '上海分公司' },
].map((d) => ({ ...d, code: null, leaderId: null, leaderName: null, order: 0, status: 'active', depth: 1, memberCount: 0, createdAt: '', updatedAt: '' }));

/** The catalogue as the server answers it, deliberately not in group order. */
const catalogue: PermissionEntry[] = [
  { code: 'user:read', group: 'system', groupLabel: '系统管理', resource: 'user', resourceLabel: '用户', label: '查看用户' },
  { code: 'exception:403', group: 'exception', groupLabel: '异常页', resource: 'exception', resourceLabel: '异常页', label: '查看 403 页' },
  { code: 'audit:read', group: 'system', groupLabel: '系统管理', resource: 'audit', resourceLabel: '审计日志', label: '查看审计日志' },
  { code: 'user:write', group: 'system', groupLabel: '系统管理', resource: 'user', resourceLabel: '用户', label: '管理用户' },
];

const builtIn: RoleRecord = { id: 1, code: 'admin', name: '管理员', description: '拥有全部权限', permissions: ['exception:403', 'user:read', 'user:write', 'audit:read'], builtIn: true, userCount: 2, requireMfa: false, dataScope: 'all', departmentIds: [], scopes: {} };
const custom: RoleRecord = { id: 5, code: 'auditor', name: '审计员', description: '', permissions: ['user:read'], builtIn: false, userCount: 0, requireMfa: false, dataScope: 'all', departmentIds: [], scopes: {} };

let sent: { method: string; url: string; body: any }[];

beforeEach(() => {
  setLocale('zh-CN');
  sent = [];
  // The client boundary: the signing credential, the catalogue, and the role update echoing its body.
  signedInFetch('role-editor', async (url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method: init.method ?? 'GET', url, body });
    if (url === '/api/system/departments') return new Response(JSON.stringify(envelope({ list: departments })), { status: 200 });
    if (url === '/api/system/permissions') return new Response(JSON.stringify(envelope(catalogue)), { status: 200 });
    if (url === '/api/system/roles/5') return new Response(JSON.stringify(envelope({ ...custom, ...body })), { status: 200 });
    if (url === '/api/system/roles/1') return new Response(JSON.stringify(envelope({ ...builtIn, ...body })), { status: 200 });
    if (url === '/api/system/roles') return new Response(JSON.stringify(envelope({ ...custom, id: 9, ...body, builtIn: false, userCount: 0 })), { status: 200 });
    return new Response(JSON.stringify({ status: 'error', code: 404, message: 'x', data: { error: 'NOT_FOUND' }, traceId: 't' }), { status: 404 });
  });
  vi.spyOn(Message, 'success').mockImplementation(() => () => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderEditor(role: RoleRecord | null, canWrite: boolean, onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RoleEditor target={role ? { mode: 'open', role } : { mode: 'create' }} canWrite={canWrite} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

/** The 要求两步验证 switch. */
const twoStepSwitch = () => screen.getByRole('switch', { name: '要求两步验证' }) as HTMLButtonElement;

/** The tree's nodes in display order: title, checked state, whether the box is disabled. */
function treeNodes() {
  return [...document.querySelectorAll('.arco-tree-node')].map((node) => {
    const box = node.querySelector('.arco-checkbox')!;
    return {
      title: node.querySelector('.arco-tree-node-title-text')?.textContent,
      checked: box.classList.contains('arco-checkbox-checked') ? 'all' : box.classList.contains('arco-checkbox-indeterminate') ? 'some' : 'none',
      disabled: box.classList.contains('arco-checkbox-disabled'),
    };
  });
}

describe('permission tree grouping', () => {
  it('groups the catalogue by area in the catalogue order, by resource inside an area of several, permissions in the order served', () => {
    expect(groupPermissions(catalogue)).toEqual([
      { key: 'group:exception', title: '异常页', children: [{ key: 'exception:403', title: '查看 403 页' }] },
      {
        key: 'group:system',
        title: '系统管理',
        children: [
          {
            key: 'resource:user',
            title: '用户',
            children: [
              { key: 'user:read', title: '查看用户' },
              { key: 'user:write', title: '管理用户' },
            ],
          },
          { key: 'resource:audit', title: '审计日志', children: [{ key: 'audit:read', title: '查看审计日志' }] },
        ],
      },
    ]);
    const all = (nodes: PermissionTreeNode[]): PermissionTreeNode[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
    expect(all(groupPermissions(catalogue, true)).every((n) => n.disableCheckbox)).toBe(true);
  });

  it('keeps only permission codes of the checked keys', () => {
    expect(checkedPermissions(['group:system', 'resource:user', 'user:read', 'user:write', 'group:x'])).toEqual(['user:read', 'user:write']);
  });
});

describe('RoleEditor', () => {
  it('lets a role writer change only 要求两步验证 of a built-in role, and saves that field alone', async () => {
    const onClose = renderEditor(builtIn, true);
    await waitFor(() => expect(treeNodes()).toHaveLength(8));

    expect(screen.getByText('编辑角色')).toBeTruthy();
    expect(screen.getByText('内置角色只能修改“要求两步验证”，其余仅供查看。')).toBeTruthy();
    expect(treeNodes().every((n) => n.checked === 'all' && n.disabled)).toBe(true);
    expect((screen.getByDisplayValue('管理员') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByDisplayValue('拥有全部权限') as HTMLTextAreaElement).disabled).toBe(true);
    expect(twoStepSwitch().disabled).toBe(false);
    expect(twoStepSwitch().getAttribute('aria-checked')).toBe('false');

    await act(async () => fireEvent.click(twoStepSwitch()));
    expect(twoStepSwitch().getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The server refuses any other field of a built-in role: the body holds nothing else.
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([{ method: 'PUT', url: '/api/system/roles/1', body: { requireMfa: true } }]);
  });

  it('opens a built-in role read-only without role:write, the switch included', async () => {
    renderEditor({ ...builtIn, requireMfa: true }, false);
    await waitFor(() => expect(treeNodes()).toHaveLength(8));

    expect(screen.getByText('查看角色')).toBeTruthy();
    expect(screen.getByText('内置角色不可修改，仅供查看。')).toBeTruthy();
    expect(twoStepSwitch().disabled).toBe(true);
    expect(twoStepSwitch().getAttribute('aria-checked')).toBe('true');
    expect(treeNodes()).toEqual([
      { title: '异常页', checked: 'all', disabled: true },
      { title: '查看 403 页', checked: 'all', disabled: true },
      { title: '系统管理', checked: 'all', disabled: true },
      { title: '用户', checked: 'all', disabled: true },
      { title: '查看用户', checked: 'all', disabled: true },
      { title: '管理用户', checked: 'all', disabled: true },
      { title: '审计日志', checked: 'all', disabled: true },
      { title: '查看审计日志', checked: 'all', disabled: true },
    ]);
    expect((screen.getByDisplayValue('管理员') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
    // Clicking a box or the switch changes nothing.
    fireEvent.click(document.querySelector('.arco-tree-node .arco-checkbox input')!);
    fireEvent.click(twoStepSwitch());
    expect(treeNodes().every((n) => n.checked === 'all' && n.disabled)).toBe(true);
    expect(twoStepSwitch().getAttribute('aria-checked')).toBe('true');
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('opens any role read-only without role:write, a partly held group half checked', async () => {
    renderEditor(custom, false);
    await waitFor(() => expect(treeNodes()).toHaveLength(8));
    expect(treeNodes().filter((n) => n.checked !== 'none')).toEqual([
      { title: '系统管理', checked: 'some', disabled: true },
      { title: '用户', checked: 'some', disabled: true },
      { title: '查看用户', checked: 'all', disabled: true },
    ]);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('edits a custom role: a group box checks the whole group, and the save sends the codes', async () => {
    const onClose = renderEditor(custom, true);
    await waitFor(() => expect(treeNodes()).toHaveLength(8));
    expect(screen.getByText('编辑角色')).toBeTruthy();
    expect(treeNodes().every((n) => !n.disabled)).toBe(true);

    const systemGroup = [...document.querySelectorAll('.arco-tree-node')].find((n) => n.textContent === '系统管理')!;
    await act(async () => fireEvent.click(systemGroup.querySelector('.arco-checkbox input')!));
    expect(treeNodes().filter((n) => n.checked === 'all').map((n) => n.title)).toEqual(['系统管理', '用户', '查看用户', '管理用户', '审计日志', '查看审计日志']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = sent.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/system/roles/5');
    expect({ ...put.body, permissions: [...put.body.permissions].sort() }).toEqual({ name: '审计员', description: '', permissions: ['audit:read', 'user:read', 'user:write'], requireMfa: false, dataScope: 'all', departmentIds: [], scopes: {} });
  });

  it('says a role saved as it opened changed nothing, rather than saved', async () => {
    const info = vi.spyOn(Message, 'info').mockImplementation(() => () => {});
    const onClose = renderEditor(custom, true);
    await waitFor(() => expect(treeNodes()).toHaveLength(8));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(info).toHaveBeenCalledWith('没有修改，保持原样');
    expect(Message.success).not.toHaveBeenCalled();
  });

  it('sends requireMfa with a new role', async () => {
    const onClose = renderEditor(null, true);
    await waitFor(() => expect(treeNodes()).toHaveLength(8));
    fireEvent.change(screen.getByPlaceholderText('如 reviewer'), { target: { value: 'ops' } });
    fireEvent.change(screen.getByPlaceholderText('请输入角色名称'), { target: { value: '运维' } });
    await act(async () => fireEvent.click(twoStepSwitch()));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/system/roles', body: { code: 'ops', name: '运维', permissions: [], requireMfa: true } });
  });

  it('checks a whole resource from its own box', async () => {
    renderEditor({ ...custom, permissions: [] }, true);
    await waitFor(() => expect(treeNodes()).toHaveLength(8));
    const users = [...document.querySelectorAll('.arco-tree-node')].find((n) => n.textContent === '用户')!;
    await act(async () => fireEvent.click(users.querySelector('.arco-checkbox input')!));
    expect(treeNodes().filter((n) => n.checked !== 'none')).toEqual([
      { title: '系统管理', checked: 'some', disabled: false },
      { title: '用户', checked: 'all', disabled: false },
      { title: '查看用户', checked: 'all', disabled: false },
      { title: '管理用户', checked: 'all', disabled: false },
    ]);
  });
});

describe('the data scope section', () => {
  const scopeRadio = (name: string) => screen.getByRole('radio', { name: new RegExp(name) }) as HTMLInputElement;
  const departmentBoxes = () =>
    [...document.querySelectorAll('[data-testid=role-scope-departments] .arco-tree-node')].map((n) => ({
      title: n.querySelector('.arco-tree-node-title-text')?.textContent,
      checked: n.querySelector('.arco-checkbox')!.classList.contains('arco-checkbox-checked'),
    }));

  it('nests the flat list under the parents', () => {
    expect(departmentNodes(departments)).toEqual([{ key: '1', title: '总部', children: [{ key: '7', title: '华东区', children: [{ key: '9', title: '上海分公司' }] }] }]);
  });

  it('offers the five scopes with a line each and the scoped resources, and sends a custom scope with its departments', async () => {
    useSession.setState({ permissions: ['role:read', 'role:write', 'department:read'] });
    const onClose = renderEditor(custom, true);
    await waitFor(() => expect(treeNodes().length).toBeGreaterThan(0));
    expect(scopeRadio('全部数据').checked).toBe(true);
    for (const line of ['所有记录', '所在部门及其下级部门的记录', '仅所在部门的记录', '所选部门及其下级部门的记录', '仅自己负责的记录']) expect(screen.getByText(line)).toBeTruthy();
    // the overrides list every scoped resource by its name in the role editor, each following the role
    // (the accounts first, then what the slices in this product declare: the demo's collections, a team's resources)
    const overrides = screen.getByTestId('role-scope-overrides');
    const names = [...overrides.querySelectorAll('tbody th')].map((th) => th.textContent);
    expect(names[0]).toBe('用户');
    expect(names).toEqual(scopedResources.map((r) => permissionResourceLabels[r as PermissionResource]?.['zh-CN']));
    expect(screen.queryByTestId('role-scope-departments')).toBeNull();

    // custom without a department: refused on the field, nothing sent
    await act(async () => fireEvent.click(scopeRadio('自定义')));
    await waitFor(() => expect(departmentBoxes()).toHaveLength(3));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    await waitFor(() => expect(screen.getByText('自定义数据权限须选择至少一个存在的部门')).toBeTruthy());
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);

    // a department checked alone (its children are reached anyway)
    const east = [...document.querySelectorAll('[data-testid=role-scope-departments] .arco-tree-node')].find((n) => n.textContent === '华东区')!;
    await act(async () => fireEvent.click(east.querySelector('.arco-checkbox input')!));
    expect(departmentBoxes()).toEqual([
      { title: '总部', checked: false },
      { title: '华东区', checked: true },
      { title: '上海分公司', checked: false },
    ]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((r) => r.method === 'PUT')!.body).toMatchObject({ dataScope: 'custom', departmentIds: [7], scopes: {} });
  });

  it('asks for the departments of a custom override as of a custom scope, and sends them with it', async () => {
    useSession.setState({ permissions: ['role:read', 'role:write', 'department:read'] });
    const onClose = renderEditor({ ...custom, dataScope: 'all', departmentIds: [9], scopes: { user: 'custom' } }, true);
    // the role's scope is all, an override custom: the departments are asked for, the stored one checked
    await waitFor(() => expect(departmentBoxes()).toContainEqual({ title: '上海分公司', checked: true }));
    expect(scopeRadio('全部数据').checked).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((r) => r.method === 'PUT')!.body).toMatchObject({ dataScope: 'all', departmentIds: [9], scopes: { user: 'custom' } });
  });

  it('shows a stored scope and its overrides, and in English', async () => {
    setLocale('en-US');
    useSession.setState({ permissions: ['role:read'] });
    renderEditor({ ...custom, dataScope: 'custom', departmentIds: [7, 9], scopes: { user: 'own' } }, false);
    await waitFor(() => expect(treeNodes().length).toBeGreaterThan(0));
    expect(scopeRadio('Custom').checked).toBe(true);
    expect(screen.getByText("Records of the holder's department and those below it")).toBeTruthy();
    // without department:read the tree is not fetched: it says how many are chosen
    expect(screen.getByText('No permission to view departments (2 chosen)')).toBeTruthy();
    expect(sent.some((r) => r.url === '/api/system/departments')).toBe(false);
    const overrides = screen.getByTestId('role-scope-overrides');
    expect(overrides.textContent).toContain('Own only');
    expect(overrides.textContent).toContain('As the role');
  });
});
