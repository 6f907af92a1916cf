import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { default: SystemUserPage } = await import('./system-user-page');
const { envelope, signedInFetch } = await import('../../test/signed-in-fetch');
const { loadArcoLocale, setLocale } = await import('../../lib/i18n');
const { useSession } = await import('../../stores/session');

const account = (id: number, username: string, mfaEnabled: boolean, source: 'local' | 'oidc' = 'local', rolesFromProvider = false) => ({
  id,
  username,
  name: username,
  email: null as string | null,
  phone: null as string | null,
  roles: ['user'],
  status: 'active',
  mustChangePassword: false,
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: '2025-03-01T08:00:00Z',
  mfaEnabled,
  source,
  rolesFromProvider,
  departmentId: 1,
  recoverable: true,
});

let accounts: ReturnType<typeof account>[];
const department = (id: number, parentId: number | null, name: string, depth: number, status = 'active') => ({
  id, parentId, name, code: null, leaderId: null, leaderName: null, order: 0, status, depth, memberCount: 0, createdAt: '', updatedAt: '',
});
const departments = [department(1, null, 'Head office', 1), department(2, 1, 'R&D', 2), department(3, 2, 'Web', 3), department(4, 1, 'Closed', 2, 'disabled')];
let calls: { method: string; path: string }[];
/** Every request with its query and body (the list's filters, an edit's body). */
let requests: { method: string; path: string; query: URLSearchParams; body: unknown }[];

beforeAll(() => loadArcoLocale('en-US'), 30_000);

beforeEach(() => {
  setLocale('en-US');
  accounts = [account(1, 'alice', true), account(2, 'bob', false)];
  calls = [];
  requests = [];
  vi.spyOn(Message, 'success').mockImplementation(() => () => {});
  signedInFetch('users', async (input, init) => {
    const method = init.method ?? 'GET';
    const path = input.split('?')[0]!;
    calls.push({ method, path });
    requests.push({ method, path, query: new URLSearchParams(input.split('?')[1] ?? ''), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const edit = /^\/api\/system\/users\/(\d+)$/.exec(path);
    if (edit && method === 'PUT') {
      const id = Number(edit[1]);
      accounts = accounts.map((a) => (a.id === id ? { ...a, ...(JSON.parse(String(init.body)) as object) } : a));
      return new Response(JSON.stringify(envelope(accounts.find((a) => a.id === id))), { status: 200 });
    }
    if (path === '/api/system/users') return new Response(JSON.stringify(envelope({ list: accounts, total: accounts.length })), { status: 200 });
    // the accounts' department picker, as every scoped page's: those the caller's scope of the accounts reaches
    if (path === '/api/scope/user/departments') return new Response(JSON.stringify(envelope({ list: departments, defaults: { department: null, owner: { id: 1, label: 'admin' } } })), { status: 200 });
    if (path === '/api/system/users' && method === 'POST') {
      const created = { ...account(9, 'carl', false), departmentId: (JSON.parse(String(init.body)) as { departmentId: number }).departmentId };
      return new Response(JSON.stringify(envelope({ user: created, initialPassword: 'Pw-once-123' })), { status: 200 });
    }
    if (path === '/api/system/sessions') {
      const session = { id: 5, userId: 1, username: 'alice', role: 'user', device: 'a1b2c3d4', ip: '10.0.0.8', userAgent: 'Mozilla/5.0', createdAt: '2026-03-01T08:00:00Z', lastSeenAt: '2026-03-01T09:00:00Z', expiresAt: '2026-03-02T08:00:00Z', current: false };
      return new Response(JSON.stringify(envelope({ list: [session], total: 1 })), { status: 200 });
    }
    if (path === '/api/system/role-options') return new Response(JSON.stringify(envelope([{ code: 'user', name: 'User' }])), { status: 200 });
    const reset = /^\/api\/system\/users\/(\d+)\/two-step\/reset$/.exec(path);
    if (reset && method === 'POST') {
      const id = Number(reset[1]);
      accounts = accounts.map((a) => (a.id === id ? { ...a, mfaEnabled: false } : a));
      return new Response(JSON.stringify(envelope(accounts.find((a) => a.id === id))), { status: 200 });
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

function renderPage(permissions: string[], url = '/system/user') {
  useSession.setState({ role: 'admin', permissions });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/system/user', element: <SystemUserPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The table row of an account (the fixed actions column is part of the same row). */
const row = (username: string) => screen.getAllByText(username, { selector: 'td *' })[0]!.closest('tr')!;

describe('accounts: sessions', () => {
  it('names each session’s active role as the list names the account’s roles', async () => {
    renderPage(['user:read', 'session:read']);
    await waitFor(() => expect(row('alice')).toBeTruthy());
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Sessions' }));
    const drawer = (await screen.findByText('Sessions of "alice"')).closest('.arco-drawer') as HTMLElement;
    await waitFor(() => expect(within(drawer).getByText('10.0.0.8')).toBeTruthy());
    const cells = within(drawer).getByText('10.0.0.8').closest('tr')!.querySelectorAll('td');
    await waitFor(() => expect([...cells].map((c) => c.textContent)).toContain('User'));
    expect([...cells].map((c) => c.textContent)).not.toContain('user');
  });
});

describe('accounts: two-step verification', () => {
  it('tags the accounts that have it, and offers its reset only on those rows to a role holding user:write', async () => {
    renderPage(['user:read', 'user:write']);
    await waitFor(() => expect(row('alice')).toBeTruthy());
    expect(within(row('alice')).getByText('2-step')).toBeTruthy();
    expect(within(row('bob')).queryByText('2-step')).toBeNull();
    expect(within(row('alice')).getByRole('button', { name: 'Reset two-step verification' })).toBeTruthy();
    expect(within(row('bob')).queryByRole('button', { name: 'Reset two-step verification' })).toBeNull();
  });

  it('offers no reset without user:write', async () => {
    renderPage(['user:read']);
    await waitFor(() => expect(row('alice')).toBeTruthy());
    expect(within(row('alice')).getByText('2-step')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset two-step verification' })).toBeNull();
  });

  it('resets it after a confirmation, and the list follows', async () => {
    renderPage(['user:read', 'user:write']);
    await waitFor(() => expect(row('alice')).toBeTruthy());
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Reset two-step verification' }));
    // Nothing is sent before the confirmation.
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    const confirm = await screen.findByText('Reset the two-step verification of "alice"? It is turned off and all its sessions end.');
    const popup = confirm.closest('.arco-popconfirm') as HTMLElement;
    await act(async () => fireEvent.click(within(popup).getByRole('button', { name: 'OK' })));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/system/users/1/two-step/reset' }]));
    await waitFor(() => expect(within(row('alice')).queryByText('2-step')).toBeNull());
    expect(within(row('alice')).queryByRole('button', { name: 'Reset two-step verification' })).toBeNull();
    expect(Message.success).toHaveBeenCalledWith('Two-step verification reset');
  });
});

describe('accounts: one holding a role the caller could not give', () => {
  beforeEach(() => {
    accounts = [account(1, 'alice', true), { ...account(5, 'erin', true), phone: '13700000005', email: 'erin@example.com', recoverable: false }];
  });

  it('offers neither reset on its row, and keeps the other actions', async () => {
    renderPage(['user:read', 'user:write']);
    await waitFor(() => expect(row('erin')).toBeTruthy());
    expect(within(row('alice')).getByRole('button', { name: 'Reset password' })).toBeTruthy();
    expect(within(row('alice')).getByRole('button', { name: 'Reset two-step verification' })).toBeTruthy();
    expect(within(row('erin')).queryByRole('button', { name: 'Reset password' })).toBeNull();
    expect(within(row('erin')).queryByRole('button', { name: 'Reset two-step verification' })).toBeNull();
    expect(within(row('erin')).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(row('erin')).getByRole('button', { name: 'Disable' })).toBeTruthy();
  });

  it('shows its phone and e-mail fixed in the edit drawer, says why, and saves the rest with them unchanged', async () => {
    renderPage(['user:read', 'user:write']);
    await waitFor(() => expect(row('erin')).toBeTruthy());
    fireEvent.click(within(row('erin')).getByRole('button', { name: 'Edit' }));
    const drawer = (await screen.findByText('Edit user')).closest('.arco-drawer') as HTMLElement;
    expect((within(drawer).getByDisplayValue('13700000005') as HTMLInputElement).disabled).toBe(true);
    expect((within(drawer).getByDisplayValue('erin@example.com') as HTMLInputElement).disabled).toBe(true);
    expect(within(drawer).getByTestId('user-contacts-fixed').textContent).toBe('Its phone and e-mail stay as they are: it holds a role you could not give it');
    fireEvent.change(within(drawer).getByPlaceholderText('Enter the name'), { target: { value: 'Erin E.' } });
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ name: 'Erin E.', phone: '13700000005', email: 'erin@example.com' });
    await waitFor(() => expect(Message.success).toHaveBeenCalledWith('Saved'));

    // saved again as it opened: the server's answer holds what the form showed, and it says nothing changed
    const info = vi.spyOn(Message, 'info').mockImplementation(() => () => {});
    await waitFor(() => expect(row('erin')?.textContent).toContain('Erin E.'));
    fireEvent.click(within(row('erin')).getByRole('button', { name: 'Edit' }));
    const again = (await screen.findByText('Edit user')).closest('.arco-drawer') as HTMLElement;
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    await waitFor(() => expect(info).toHaveBeenCalledWith('Nothing changed: it stays as it was'));
    expect(Message.success).toHaveBeenCalledTimes(1);
  });

  it('leaves them editable on an account the caller may take over', async () => {
    renderPage(['user:read', 'user:write']);
    await waitFor(() => expect(row('alice')).toBeTruthy());
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Edit' }));
    const drawer = (await screen.findByText('Edit user')).closest('.arco-drawer') as HTMLElement;
    expect((within(drawer).getByPlaceholderText('Enter the e-mail address') as HTMLInputElement).disabled).toBe(false);
    expect(within(drawer).queryByTestId('user-contacts-fixed')).toBeNull();
  });
});

describe('accounts: where they come from', () => {
  beforeEach(() => {
    accounts = [account(1, 'alice', false), account(3, 'carol', false, 'oidc', true), account(4, 'dave', false, 'oidc', false)];
  });

  const listQueries = () => requests.filter((r) => r.method === 'GET' && r.path === '/api/system/users').map((r) => r.query);

  it("shows each account's source", async () => {
    renderPage(['user:read']);
    await waitFor(() => expect(row('carol')).toBeTruthy());
    expect(screen.getByRole('columnheader', { name: 'Source' })).toBeTruthy();
    expect(within(row('alice')).getByTestId('user-source-tag').textContent).toBe('Local');
    expect(within(row('carol')).getByTestId('user-source-tag').textContent).toBe('Company');
    expect(within(row('dave')).getByTestId('user-source-tag').textContent).toBe('Company');
  });

  it('offers no password reset for a company account', async () => {
    renderPage(['user:read', 'user:write']);
    await waitFor(() => expect(row('carol')).toBeTruthy());
    expect(within(row('alice')).getByRole('button', { name: 'Reset password' })).toBeTruthy();
    expect(within(row('carol')).queryByRole('button', { name: 'Reset password' })).toBeNull();
    expect(within(row('dave')).queryByRole('button', { name: 'Reset password' })).toBeNull();
    // The other actions stay.
    expect(within(row('carol')).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(row('carol')).getByRole('button', { name: 'Disable' })).toBeTruthy();
  });

  it('filters by source from the URL, and sends it as `source`', async () => {
    renderPage(['user:read'], '/system/user?source=oidc');
    await waitFor(() => expect(listQueries()).toHaveLength(1));
    expect(listQueries()[0]!.get('source')).toBe('oidc');
    const filters = screen.getByRole('form', { name: 'Filter users' });
    await waitFor(() => expect(within(filters).getByText('Company')).toBeTruthy());
  });

  it('applies a source picked in the filters with Search, and clears it with Reset', async () => {
    const router = renderPage(['user:read']);
    await waitFor(() => expect(listQueries()).toHaveLength(1));
    expect(listQueries()[0]!.has('source')).toBe(false);
    const filters = screen.getByRole('form', { name: 'Filter users' });
    const sourceItem = within(filters).getByText('Source').closest('.arco-form-item') as HTMLElement;
    fireEvent.click(sourceItem.querySelector('.arco-select-view')!);
    // All, local or company: the empty choice is the placeholder.
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Local', 'Company']);
    fireEvent.click(options[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?source=oidc'));
    await waitFor(() => expect(listQueries().at(-1)!.get('source')).toBe('oidc'));

    // (The list's read without the filter is the first one's, shared by the client within its window.)
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(within(sourceItem).queryByText('Company')).toBeNull());
  });

  it("shows the roles of an account whose groups decide them, read-only, and saves the rest without them", async () => {
    renderPage(['user:read', 'user:write']);
    await waitFor(() => expect(row('carol')).toBeTruthy());
    fireEvent.click(within(row('carol')).getByRole('button', { name: 'Edit' }));
    const drawer = (await screen.findByText('Edit user')).closest('.arco-drawer') as HTMLElement;
    const rolesItem = within(drawer).getByText('Roles').closest('.arco-form-item') as HTMLElement;
    expect(rolesItem.querySelector('.arco-select')!.className).toContain('arco-select-disabled');
    expect(within(rolesItem).getByTestId('user-roles-from-provider').textContent).toBe("Set by the company's groups at each sign-in");

    fireEvent.change(within(drawer).getByPlaceholderText('Enter the name'), { target: { value: 'Carol C.' } });
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/system/users/3');
    expect(put.body).toEqual({ name: 'Carol C.', email: null, phone: null });
  });

  it('keeps the roles editable for a company account whose roles are managed here, and for a local one', async () => {
    renderPage(['user:read', 'user:write']);
    await waitFor(() => expect(row('dave')).toBeTruthy());
    for (const username of ['dave', 'alice']) {
      fireEvent.click(within(row(username)).getByRole('button', { name: 'Edit' }));
      const drawer = (await screen.findByText('Edit user')).closest('.arco-drawer') as HTMLElement;
      const rolesItem = within(drawer).getByText('Roles').closest('.arco-form-item') as HTMLElement;
      expect(rolesItem.querySelector('.arco-select')!.className).not.toContain('arco-select-disabled');
      expect(within(rolesItem).queryByTestId('user-roles-from-provider')).toBeNull();
      await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel' })));
      await waitFor(() => expect(screen.queryByText('Edit user')).toBeNull());
    }
  });
});

describe('accounts: where they come from, in Chinese', () => {
  beforeAll(() => loadArcoLocale('zh-CN'), 30_000);

  it("names the sources 本地 and 企业账号, and the provider's hint", async () => {
    setLocale('zh-CN');
    accounts = [account(1, 'alice', false), account(3, 'carol', false, 'oidc', true)];
    renderPage(['user:read', 'user:write']);
    await waitFor(() => expect(row('carol')).toBeTruthy());
    expect(screen.getByRole('columnheader', { name: '来源' })).toBeTruthy();
    expect(within(row('alice')).getByTestId('user-source-tag').textContent).toBe('本地');
    expect(within(row('carol')).getByTestId('user-source-tag').textContent).toBe('企业账号');
    fireEvent.click(within(row('carol')).getByRole('button', { name: '编辑' }));
    expect((await screen.findByTestId('user-roles-from-provider')).textContent).toBe('由企业身份提供方的分组决定');
  });
});

describe('accounts: departments', () => {
  const listQueries = () => requests.filter((r) => r.method === 'GET' && r.path === '/api/system/users').map((r) => r.query);
  const read = ['user:read', 'user:write', 'department:read'];

  it("names each account's department, and filters by one (the server counts those below it)", async () => {
    accounts = [account(1, 'alice', false), { ...account(2, 'bob', false), departmentId: 3 }];
    const router = renderPage(read);
    await waitFor(() => expect(within(row('bob')).getByText('Web')).toBeTruthy());
    expect(within(row('alice')).getByText('Head office')).toBeTruthy();
    const filters = screen.getByRole('form', { name: 'Filter users' });
    fireEvent.click(within(filters).getByTestId('user-filter-department').querySelector('.arco-tree-select-view') ?? within(filters).getByTestId('user-filter-department'));
    fireEvent.click(await screen.findByText('R&D', { selector: '.arco-tree-select-popup .arco-tree-node-title-text' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?departmentId=2'));
    await waitFor(() => expect(listQueries().at(-1)!.get('departmentId')).toBe('2'));
  });

  it('requires a department for a new account, offers no disabled one, and sends the one chosen', async () => {
    renderPage(read);
    await waitFor(() => expect(row('alice')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    const drawer = (await screen.findByText('New user', { selector: '.arco-drawer *' })).closest('.arco-drawer') as HTMLElement;
    fireEvent.change(within(drawer).getByPlaceholderText('3–32 letters, digits or _ . -'), { target: { value: 'carl' } });
    fireEvent.change(within(drawer).getByPlaceholderText('Enter the name'), { target: { value: 'Carl' } });
    const rolesItem = within(drawer).getByText('Roles').closest('.arco-form-item') as HTMLElement;
    fireEvent.click(rolesItem.querySelector('.arco-select-view')!);
    fireEvent.click(await screen.findByText('User (user)', { selector: '.arco-select-popup *' }));
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Save' })));
    expect(await within(drawer).findByText('Choose the department', { selector: '.arco-form-message *, .arco-form-message' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    const picker = within(drawer).getByTestId('user-department');
    fireEvent.click(picker.querySelector('.arco-tree-select-view') ?? picker);
    const closed = await screen.findByText('Closed', { selector: '.arco-tree-select-popup .arco-tree-node-title-text' });
    expect(closed.closest('.arco-tree-node')!.className).toContain('arco-tree-node-disabled');
    fireEvent.click(screen.getByText('Web', { selector: '.arco-tree-select-popup .arco-tree-node-title-text' }));
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({ username: 'carl', departmentId: 3 });
  });

  it('keeps an edited account in its department unless another is chosen', async () => {
    renderPage(read);
    await waitFor(() => expect(row('bob')).toBeTruthy());
    fireEvent.click(within(row('bob')).getByRole('button', { name: 'Edit' }));
    const drawer = (await screen.findByText('Edit user')).closest('.arco-drawer') as HTMLElement;
    expect(within(within(drawer).getByTestId('user-department')).getByText('Head office')).toBeTruthy();
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).not.toHaveProperty('departmentId');
  });

  it('shows no department column, filter or field to a role without department:read, and never asks for the tree', async () => {
    renderPage(['user:read', 'user:write']);
    await waitFor(() => expect(row('alice')).toBeTruthy());
    expect(screen.queryByRole('columnheader', { name: 'Department' })).toBeNull();
    expect(screen.queryByTestId('user-filter-department')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    await screen.findByText('New user', { selector: '.arco-drawer *' });
    expect(screen.queryByTestId('user-department')).toBeNull();
    expect(requests.some((r) => r.path === '/api/scope/user/departments')).toBe(false);
  });
});
