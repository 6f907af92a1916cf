import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { default: SystemDepartmentPage } = await import('./system-department-page');
const { envelope, signedInFetch } = await import('../../test/signed-in-fetch');
const { loadArcoLocale, setLocale } = await import('../../lib/i18n');
const { useSession } = await import('../../stores/session');

const dept = (id: number, parentId: number | null, name: string, depth: number, memberCount = 0) => ({
  id, parentId, name, code: id === 2 ? 'RD' : null, leaderId: id === 2 ? 7 : null, leaderName: id === 2 ? 'Alice' : null,
  order: 0, status: 'active', depth, memberCount, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z',
});

let departments: ReturnType<typeof dept>[];
/** The departments the caller may change (GET /api/system/department-reach). */
let reach: number[];
/** The active accounts the leader's picker is offered. */
const accounts = [{ id: 7, label: 'Alice (alice)' }, { id: 8, label: 'Bob Builder (bob)' }, { id: 9, label: 'Carol (carol)' }];
let requests: { method: string; path: string; body: unknown }[];

beforeAll(() => loadArcoLocale('en-US'), 30_000);

beforeEach(() => {
  setLocale('en-US');
  // Head office ─┬─ R&D ─┬─ Web
  //              │       └─ Platform ── Storage
  //              └─ Sales
  departments = [dept(1, null, 'Head office', 1, 1), dept(2, 1, 'R&D', 2, 3), dept(5, 1, 'Sales', 2), dept(3, 2, 'Web', 3), dept(4, 2, 'Platform', 3), dept(6, 4, 'Storage', 4, 2)];
  requests = [];
  reach = departments.map((d) => d.id);
  vi.spyOn(Message, 'success').mockImplementation(() => () => {});
  vi.spyOn(Message, 'error').mockImplementation(() => () => {});
  signedInFetch('departments', async (input, init) => {
    const method = init.method ?? 'GET';
    const path = input.split('?')[0]!;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, path, body });
    const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
    if (path === '/api/system/departments' && method === 'GET') return json(envelope({ list: departments }));
    if (path === '/api/system/department-reach') return json(envelope({ ids: reach }));
    if (path === '/api/system/user-options') {
      const query = new URLSearchParams(input.split('?')[1] ?? '');
      const keyword = (query.get('keyword') ?? '').toLowerCase();
      const id = query.get('id');
      return json(envelope(accounts.filter((a) => (id ? a.id === Number(id) : a.label.toLowerCase().includes(keyword)))));
    }
    if (path === '/api/system/departments' && method === 'POST') {
      const created = { ...dept(9, body.parentId, body.name, 3), code: body.code ?? null };
      departments = [...departments, created];
      return json(envelope(created));
    }
    const one = /^\/api\/system\/departments\/(\d+)$/.exec(path);
    // Web's members are gone, but records of a scoped resource still belong to it (their foreign key refuses)
    if (one && method === 'DELETE' && one[1] === '3')
      return json({ status: 'error', code: 409, message: '该部门下还有记录，不能删除', data: { error: 'IN_USE', details: { children: 0, members: 0, records: 'collections' } }, traceId: 't' }, 409);
    if (one && method === 'DELETE')
      return json({ status: 'error', code: 409, message: 'This department still has sub-departments, so it cannot be deleted', data: { error: 'IN_USE', details: { children: 2, members: 3 } }, traceId: 't' }, 409);
    if (one && method === 'PUT') {
      const id = Number(one[1]);
      // as the server: a save that changes a value moves updatedAt, one that changes none writes nothing
      const changes = (d: (typeof departments)[number]) => Object.entries(body as object).some(([k, v]) => JSON.stringify(d[k as keyof typeof d]) !== JSON.stringify(v));
      departments = departments.map((d) => (d.id === id ? { ...d, ...body, updatedAt: changes(d) ? new Date().toISOString() : d.updatedAt } : d));
      return json(envelope(departments.find((d) => d.id === id)));
    }
    return new Response('{}', { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  useSession.setState({ permissions: [] });
});

function renderPage(permissions: string[]) {
  useSession.setState({ role: 'admin', permissions });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/system/departments', element: <SystemDepartmentPage /> }], { initialEntries: ['/system/departments'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const row = (name: string) => screen.getAllByText(name, { selector: 'td *' })[0]!.closest('tr')!;
const names = () => [...document.querySelectorAll('.arco-table tbody tr')].map((tr) => tr.querySelector('td')?.textContent?.trim()).filter(Boolean);
const writes = () => requests.filter((r) => r.method !== 'GET');
/** The tree shown with its actions (they wait for the departments the caller may change). */
const actionsShown = () => waitFor(() => expect(within(row('Head office')).getByRole('button', { name: 'Edit' })).toBeTruthy());

describe('departments page', () => {
  it('shows the tree with its top two levels open, code, leader, members and status', async () => {
    renderPage(['department:read']);
    await waitFor(() => expect(row('R&D')).toBeTruthy());
    expect(names()).toEqual(['Head office', 'R&D', 'Web', 'Platform', 'Sales']);
    const rd = within(row('R&D'));
    expect(rd.getByText('RD')).toBeTruthy();
    expect(rd.getByText('Alice')).toBeTruthy();
    expect(rd.getByText('3')).toBeTruthy();
    expect(rd.getByTestId('department-status').textContent).toBe('Active');
    // A reader sees no write action.
    expect(screen.queryByRole('button', { name: 'New department' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('searches names, keeping the ancestors of each match in view, and goes back when cleared', async () => {
    renderPage(['department:read']);
    await waitFor(() => expect(row('R&D')).toBeTruthy());
    fireEvent.change(screen.getByPlaceholderText('Search department names'), { target: { value: 'stor' } });
    await waitFor(() => expect(names()).toEqual(['Head office', 'R&D', 'Platform', 'Storage']));
    fireEvent.change(screen.getByPlaceholderText('Search department names'), { target: { value: 'nothing' } });
    await waitFor(() => expect(screen.getByText('No department name matches')).toBeTruthy());
    fireEvent.change(screen.getByPlaceholderText('Search department names'), { target: { value: '' } });
    await waitFor(() => expect(names()).toEqual(['Head office', 'R&D', 'Web', 'Platform', 'Sales']));
  });

  it('offers the root only edit and a sub-department, the others disable and delete too', async () => {
    renderPage(['department:read', 'department:write']);
    await actionsShown();
    const root = within(row('Head office'));
    expect(root.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(root.getByRole('button', { name: 'Add sub-department' })).toBeTruthy();
    expect(root.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(root.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(row('R&D')).getByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(within(row('R&D')).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('offers changes only of the departments the caller may change: the others show none, nor are offered as a parent', async () => {
    // a delegate of R&D: R&D and everything below it
    reach = [2, 3, 4, 6];
    renderPage(['department:read', 'department:write']);
    await waitFor(() => expect(within(row('R&D')).getByRole('button', { name: 'Edit' })).toBeTruthy());
    for (const name of ['Head office', 'Sales']) {
      for (const action of ['Edit', 'Add sub-department', 'Disable', 'Delete']) expect(within(row(name)).queryByRole('button', { name: action }), `${name}: ${action}`).toBeNull();
      expect(row(name).lastElementChild!.textContent, name).toBe('-');
    }
    expect(screen.getByRole('button', { name: 'New department' })).toBeTruthy();
    fireEvent.click(within(row('Web')).getByRole('button', { name: 'Edit' }));
    const drawer = (await screen.findByText('Edit department')).closest('.arco-drawer') as HTMLElement;
    const parent = within(drawer).getByText('Parent department').closest('.arco-form-item') as HTMLElement;
    fireEvent.click(parent.querySelector('.arco-tree-select-view')!);
    const disabled = async () => [...document.querySelectorAll('.arco-tree-select-popup .arco-tree-node-disabled .arco-tree-node-title-text')].map((n) => n.textContent);
    await waitFor(async () => expect(await disabled()).toEqual(['Head office', 'Sales']));
  });

  it('offers no change and no new department to a writer who may change none', async () => {
    reach = [];
    renderPage(['department:read', 'department:write']);
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/system/department-reach')).toHaveLength(1));
    await waitFor(() => expect(row('R&D').lastElementChild!.textContent).toBe('-'));
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New department' })).toBeNull();
  });

  it('shows a refused delete with what blocks it, in the reader’s language', async () => {
    renderPage(['department:read', 'department:write']);
    await actionsShown();
    fireEvent.click(within(row('R&D')).getByRole('button', { name: 'Delete' }));
    expect(writes()).toEqual([]);
    const popup = (await screen.findByText('Delete the department "R&D"?')).closest('.arco-popconfirm') as HTMLElement;
    await act(async () => fireEvent.click(within(popup).getByRole('button', { name: 'OK' })));
    await waitFor(() => expect(Message.error).toHaveBeenCalled());
    expect(writes()).toEqual([{ method: 'DELETE', path: '/api/system/departments/2', body: undefined }]);
    expect(vi.mocked(Message.error).mock.calls[0]![0]).toMatchObject({ content: '"R&D" cannot be deleted: it still has sub-departments (2) and members (3). Move them first.' });
  });

  it('says records still belong to a department whose delete their foreign key refused, not that it has members', async () => {
    renderPage(['department:read', 'department:write']);
    await actionsShown();
    fireEvent.click(within(row('Web')).getByRole('button', { name: 'Delete' }));
    const popup = (await screen.findByText('Delete the department "Web"?')).closest('.arco-popconfirm') as HTMLElement;
    await act(async () => fireEvent.click(within(popup).getByRole('button', { name: 'OK' })));
    await waitFor(() => expect(Message.error).toHaveBeenCalled());
    expect(vi.mocked(Message.error).mock.calls[0]![0]).toMatchObject({ content: '"Web" cannot be deleted: records still belong to it. Move them to another department first.' });
  });

  it('disables a department with its whole form, keeping its place', async () => {
    renderPage(['department:read', 'department:write']);
    await actionsShown();
    fireEvent.click(within(row('Sales')).getByRole('button', { name: 'Disable' }));
    const popup = (await screen.findByText(/^Disable the department "Sales"\?/)).closest('.arco-popconfirm') as HTMLElement;
    await act(async () => fireEvent.click(within(popup).getByRole('button', { name: 'OK' })));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({ method: 'PUT', path: '/api/system/departments/5', body: { name: 'Sales', parentId: 1, code: null, order: 0, status: 'disabled' } });
    await waitFor(() => expect(within(row('Sales')).getByTestId('department-status').textContent).toBe('Disabled'));
    // its actions stand where an active department's do: nothing goes under it, so that one is off
    const actions = (name: string) => within(row(name)).getAllByRole('button').filter((b) => !b.hasAttribute('aria-expanded')).map((b) => b.textContent);
    expect(actions('Sales')).toEqual(['Edit', 'Add sub-department', 'Enable', 'Delete']);
    expect(actions('Web')).toEqual(['Edit', 'Add sub-department', 'Disable', 'Delete']);
    const addChild = within(row('Sales')).getByRole('button', { name: 'Add sub-department' });
    expect(addChild).toHaveProperty('disabled', true);
    fireEvent.click(addChild);
    expect(screen.queryByText('New department', { selector: '.arco-drawer *' })).toBeNull();
  });

  it('moves a department: the parent picker leaves out the department and those below it', async () => {
    renderPage(['department:read', 'department:write']);
    await actionsShown();
    fireEvent.click(within(row('Platform')).getByRole('button', { name: 'Edit' }));
    const drawer = (await screen.findByText('Edit department')).closest('.arco-drawer') as HTMLElement;
    const parent = within(drawer).getByText('Parent department').closest('.arco-form-item') as HTMLElement;
    expect(within(parent).getByText('R&D')).toBeTruthy();
    fireEvent.click(parent.querySelector('.arco-tree-select-view')!);
    const titles = async () => [...document.querySelectorAll('.arco-tree-select-popup .arco-tree-node-title-text')].map((n) => n.textContent);
    await waitFor(async () => expect(await titles()).toEqual(['Head office', 'R&D', 'Web', 'Sales']));
    fireEvent.click(screen.getByText('Sales', { selector: '.arco-tree-select-popup .arco-tree-node-title-text' }));
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({ method: 'PUT', path: '/api/system/departments/4', body: { name: 'Platform', parentId: 5, code: null, leaderId: null, order: 0, status: 'active' } });
    await waitFor(() => expect(Message.success).toHaveBeenCalledWith('Saved'));

    // saved again as it opened: nothing changed, and it says so
    const info = vi.spyOn(Message, 'info').mockImplementation(() => () => {});
    // (the tree asked again, the department where the save left it)
    await waitFor(() => expect(names()).toEqual(['Head office', 'R&D', 'Web', 'Sales', 'Platform']));
    fireEvent.click(within(row('Platform')).getByRole('button', { name: 'Edit' }));
    const again = (await screen.findByText('Edit department')).closest('.arco-drawer') as HTMLElement;
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(writes()).toHaveLength(2));
    await waitFor(() => expect(info).toHaveBeenCalledWith('Nothing changed: it stays as it was'));
    expect(Message.success).toHaveBeenCalledTimes(1);
  });

  it('creates a sub-department under the row it was asked from', async () => {
    renderPage(['department:read', 'department:write']);
    await actionsShown();
    fireEvent.click(within(row('R&D')).getByRole('button', { name: 'Add sub-department' }));
    const drawer = (await screen.findByText('New department', { selector: '.arco-drawer *' })).closest('.arco-drawer') as HTMLElement;
    fireEvent.change(within(drawer).getByPlaceholderText('Enter the department name'), { target: { value: 'Mobile' } });
    fireEvent.change(within(drawer).getByPlaceholderText('Optional, e.g. RD-01'), { target: { value: 'MOB' } });
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({ method: 'POST', path: '/api/system/departments', body: { name: 'Mobile', parentId: 2, code: 'MOB' } });
    expect(Message.success).toHaveBeenCalledWith('Created');
  });
  it('shows the leader by name without a call, picks another by name or username', async () => {
    renderPage(['department:read', 'department:write']);
    await actionsShown();
    fireEvent.click(within(row('R&D')).getByRole('button', { name: 'Edit' }));
    const drawer = (await screen.findByText('Edit department')).closest('.arco-drawer') as HTMLElement;
    const leader = within(drawer).getByText('Leader').closest('.arco-form-item') as HTMLElement;
    // The tree holds the name: nothing asked for it.
    expect(within(leader).getByText('Alice')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/system/user-options')).toEqual([]);
    // The box and its input carry the field's name.
    expect(leader.querySelector('.arco-select')!.getAttribute('aria-label')).toBe('Leader');
    fireEvent.click(leader.querySelector('.arco-select-view')!);
    fireEvent.change(leader.querySelector('input')!, { target: { value: 'bob' } });
    // Typed, the picker asks the server (after a pause) for what matches.
    // (Arco highlights the match in spans of their own, which the accessible name spaces apart.)
    // The first answer (the picker opened, nothing typed) offers everyone: only the search's has Bob without Carol.
    const bob = await waitFor(() => {
      expect(screen.queryByRole('option', { name: /Carol/ })).toBeNull();
      return screen.getByRole('option', { name: /^Bob\s*Builder/ });
    });
    expect(requests.filter((r) => r.path === '/api/system/user-options').length).toBeGreaterThan(0);
    fireEvent.click(bob);
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({ method: 'PUT', path: '/api/system/departments/2', body: { name: 'R&D', parentId: 1, code: 'RD', leaderId: 8, order: 0, status: 'active' } });
  });

  it('saves a cleared leader as none', async () => {
    renderPage(['department:read', 'department:write']);
    await actionsShown();
    fireEvent.click(within(row('R&D')).getByRole('button', { name: 'Edit' }));
    const drawer = (await screen.findByText('Edit department')).closest('.arco-drawer') as HTMLElement;
    const leader = within(drawer).getByText('Leader').closest('.arco-form-item') as HTMLElement;
    fireEvent.click(leader.querySelector('.arco-select-clear-icon')!);
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ leaderId: null });
  });
});
