import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { resourceMessages } from '@atrium/contracts/resource-names';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Registry from '@atrium/contracts/slices';

/**
 * A resource with a life cycle as the kit shows it (docs/resources.md, "Life cycles"): orders drafted,
 * submitted (the amount locked), approved by the finance role (every field locked) or rejected by the
 * department's leader with a reason. The fake server answers as the kit's lifecycle calls do: each record
 * with the transitions the caller may fire now, its history newest first, a transition at a version.
 */
const fx = await vi.hoisted(async () => {
  const { defineResource } = await import('@atrium/contracts/resource');
  const l = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
  const order = defineResource({
    name: 'order',
    label: l('订单', 'Order'),
    pluralLabel: l('订单', 'Orders'),
    menu: { group: 'catalog', groupLabel: l('商品中心', 'Catalog'), order: 9 },
    fields: [
      { name: 'title', type: 'string', label: l('标题', 'Title'), required: true, filter: 'contains' },
      { name: 'amount', type: 'decimal', scale: 2, min: 0, label: l('金额', 'Amount') },
      { name: 'note', type: 'text', label: l('备注', 'Note') },
    ],
    lifecycle: {
      field: 'status',
      initial: 'draft',
      states: [
        { value: 'draft', label: l('草稿', 'Draft') },
        { value: 'submitted', label: l('待审批', 'Submitted'), locks: ['amount'] },
        { value: 'approved', label: l('已批准', 'Approved'), locks: 'all' },
        { value: 'rejected', label: l('已驳回', 'Rejected') },
      ],
      transitions: [
        { name: 'submit', from: ['draft', 'rejected'], to: 'submitted', label: l('提交', 'Submit'), requires: ['amount'] },
        { name: 'approve', from: ['submitted'], to: 'approved', label: l('批准', 'Approve'), approval: { by: 'role', role: 'finance' } },
        { name: 'reject', from: ['submitted'], to: 'rejected', label: l('驳回', 'Reject'), comment: 'required', approval: { by: 'department-leader' } },
      ],
      roles: { finance: { name: l('财务', 'Finance'), description: l('审批订单', 'Approves orders') } },
    },
  });
  return { order };
});

vi.mock('@atrium/contracts/slices', async (importOriginal) => {
  const registry = await importOriginal<typeof Registry>();
  const { resourceSlice } = await import('@atrium/contracts/resource-slice');
  const sliceDefs = [...registry.sliceDefs.filter((s) => !s.resource), resourceSlice(fx.order)];
  return { ...registry, slices: sliceDefs, sliceDefs, resources: [fx.order] };
});
vi.mock('../../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { envelope, signedInFetch } = await import('../../../test/signed-in-fetch');
const { dictionaries, setLocale } = await import('../../../lib/i18n');
const { toastError } = await import('../../../lib/feedback');
const { formatDateTime } = await import('../../../lib/format');
const { useSession } = await import('../../../stores/session');
const { ResourcePage } = await import('./resource-page');
const { RecordPage } = await import('./record-page');

const { order } = fx;
const failure = (status: number, error: string, details?: unknown, message = '') => new Response(JSON.stringify({ status: 'error', code: status, message, data: { error, details }, traceId: 't' }), { status });

type Row = Record<string, unknown> & { id: number; version: number; status: string; transitions: string[] };
type Entry = { id: number; transition: string; from: string; to: string; actor: { id: number; name: string } | null; comment: string | null; at: string };
const stamp = { createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z', createdBy: null, updatedBy: null, department: 3, owner: 12 };
/** Who may fire what in each state (the server's answer for this caller: the requester and an approver at once). */
const allowed: Record<string, string[]> = { draft: ['submit'], submitted: ['approve', 'reject'], approved: [], rejected: ['submit'] };
const transitionTo: Record<string, string> = { submit: 'submitted', approve: 'approved', reject: 'rejected' };

let rows: Row[];
let history: Record<number, Entry[]>;
let sent: { method: string; path: string; body: any }[];
/** The next answers of a call, by `METHOD path`, before the fake server's own. */
let scripted: Record<string, Response[]>;

beforeAll(() => {
  for (const locale of ['zh-CN', 'en-US'] as const) Object.assign(dictionaries[locale]!, resourceMessages([order], locale));
});

beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ role: 'admin', permissions: ['order:read', 'order:write', 'order:export', 'order:submit', 'order:approve', 'order:reject'] });
  const row = (id: number, title: string, status: string, amount: string | null): Row => ({ id, version: 1, ...stamp, title, amount, note: null, status, transitions: allowed[status]! });
  rows = [row(1, 'Desk order', 'draft', '12.50'), row(2, 'Chair order', 'submitted', '80.00'), row(3, 'Lamp order', 'approved', '5.00')];
  history = { 2: [{ id: 7, transition: 'submit', from: 'draft', to: 'submitted', actor: { id: 12, name: '王芳' }, comment: null, at: '2026-03-02T09:30:00.000Z' }] };
  sent = [];
  scripted = {};
  signedInFetch('lifecycle', async (url, init) => {
    const [path = ''] = url.split('?');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    const next = scripted[`${method} ${path}`]?.shift();
    if (next) return next;
    const labels = { supplier: {}, department: { '3': '华东区' }, owner: { '12': '王芳 (wangfang)' } };
    const ok = (data: unknown) => new Response(JSON.stringify(envelope(data)), { status: 200 });
    if (path === '/api/orders' && method === 'GET') return ok({ list: rows, total: rows.length, totalCapped: false, current: 1, pageSize: 10, labels });
    if (path === '/api/scope/order/departments') return ok({ list: [{ id: 3, parentId: 1, name: '华东区', status: 'active' }], defaults: { department: 3, owner: { id: 12, label: '王芳 (wangfang)' } } });
    if (path === '/api/scope/order/owners') return ok([{ id: 12, label: '王芳 (wangfang)' }]);
    const [, idText, rest] = /^\/api\/orders\/(\d+)(\/.*)?$/.exec(path) ?? [];
    const record = rows.find((r) => r.id === Number(idText));
    if (!record) return failure(404, 'NOT_FOUND');
    if (rest === '/history') return ok({ list: history[record.id] ?? [] });
    const fired = /^\/transitions\/(\w+)$/.exec(rest ?? '')?.[1];
    if (fired && method === 'POST') {
      if (body.version !== record.version) return failure(409, 'VERSION_CONFLICT', undefined, '该记录已被他人修改，请刷新后重试');
      const to = transitionTo[fired]!;
      (history[record.id] ??= []).unshift({ id: 100 + sent.length, transition: fired, from: record.status, to, actor: { id: 20, name: 'Me' }, comment: body.comment ?? null, at: '2026-03-03T10:00:00.000Z' });
      Object.assign(record, { status: to, version: record.version + 1, transitions: allowed[to] });
      return ok({ ...record, labels });
    }
    if (method === 'GET') return ok({ ...record, labels });
    if (method === 'PUT') {
      if (body.version !== record.version) return failure(409, 'VERSION_CONFLICT', undefined, '该记录已被他人修改，请刷新后重试');
      Object.assign(record, body, { version: record.version + 1 });
      return ok({ ...record, labels });
    }
    return failure(404, 'NOT_FOUND');
  });
  vi.spyOn(Message, 'success').mockImplementation(() => () => {});
  vi.spyOn(Message, 'error').mockImplementation(() => () => {});
});

// A closed dialog's focus follows its opener to the list's new rows for 2 s (components/focus-return.ts):
// the file's document stays until then.
afterAll(() => new Promise((done) => setTimeout(done, 2100)));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toastError).mockClear();
  localStorage.clear();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/catalog/orders', element: <ResourcePage def={order} /> }], { initialEntries: ['/catalog/orders'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const bodyRows = () => [...document.querySelectorAll<HTMLElement>('tbody .arco-table-tr')];
const rowOf = (title: string) => bodyRows().find((tr) => tr.textContent?.includes(title))!;
// the columns' headers (not the row-picking boxes' column)
const headers = () => [...document.querySelectorAll('.arco-table-th:not(.arco-table-operation)')].map((th) => th.textContent?.trim());
const drawer = () => screen.getByRole('dialog', { name: /详情|details/ });
/** Modal dialogs on screen (a closed one unmounts once it has zoomed out). */
const openModals = () => document.querySelectorAll('.arco-modal-wrapper').length;
const posts = () => sent.filter((r) => r.method === 'POST');
const lists = () => sent.filter((r) => r.method === 'GET' && r.path === '/api/orders');
/** Clicks a button once it takes clicks (one still settling shows as loading and ignores them). */
async function press(scope: HTMLElement, name: string | RegExp) {
  const button = within(scope).getByRole('button', { name });
  await waitFor(() => expect(button.classList.contains('arco-btn-loading')).toBe(false));
  fireEvent.click(button);
}
/** The row's menu of transitions, opened, and one of them chosen. */
async function fromRowMenu(title: string, more: string, action: string) {
  fireEvent.click(within(rowOf(title)).getByRole('button', { name: more }));
  fireEvent.click(await waitFor(() => screen.getByRole('menuitem', { name: action })));
}

describe('a resource with a life cycle', () => {
  it('shows the state as a tag of its own colour, sorts and filters by it, and never asks for it in the form', async () => {
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(headers()).toEqual(['标题', '金额', '状态', '所属部门', '负责人', '操作']);
    const tags = bodyRows().map((tr) => tr.querySelector('.arco-tag'));
    expect(tags.map((tag) => tag?.textContent)).toEqual(['草稿', '待审批', '已批准']);
    // the first state grey, the waiting one orange, the others by their place: the same on every page
    expect(tags.map((tag) => [...tag!.classList].find((c) => /^arco-tag-(?!size|checked)/.test(c)))).toEqual(['arco-tag-gray', 'arco-tag-orange', 'arco-tag-green']);
    const stateHeader = [...document.querySelectorAll<HTMLElement>('.arco-table-th')].find((th) => th.textContent?.includes('状态'))!;
    expect(stateHeader.querySelector('.arco-table-sorter')).not.toBeNull();
    // a filter like any enum's, its choices the states
    const toggle = screen.queryByRole('button', { name: /^\s*筛\s*选/ });
    if (toggle?.getAttribute('aria-expanded') === 'false') fireEvent.click(toggle);
    const filters = screen.getByRole('form', { name: '筛选条件' });
    fireEvent.click(within(filters).getByText('状态', { selector: 'label, label *' }).closest('.arco-form-item')!.querySelector('.arco-select-view')!);
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['草稿', '待审批', '已批准', '已驳回']));

    fireEvent.click(screen.getByRole('button', { name: '新建' }));
    const form = await waitFor(() => screen.getByRole('dialog', { name: '新建订单' }));
    expect(within(form).queryByText('状态', { selector: 'label, label *' })).toBeNull();
    expect(within(form).getByText('金额', { selector: 'label, label *' })).toBeTruthy();
  });

  it('offers no edit or delete on a record its state locks whole, and keeps the fields a state locks as they are', async () => {
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const approved = within(rowOf('Lamp order'));
    expect(approved.getByRole('button', { name: '详情' })).toBeTruthy();
    for (const name of ['编辑', '删除', /更多/]) expect(approved.queryByRole('button', { name })).toBeNull();
    expect(within(rowOf('Desk order')).getByRole('button', { name: '编辑' })).toBeTruthy();

    // submitted: the amount is locked, shown but not changed, and sent as the record has it
    fireEvent.click(within(rowOf('Chair order')).getByRole('button', { name: '编辑' }));
    const form = await waitFor(() => screen.getByRole('dialog', { name: '编辑订单' }));
    const amount = within(form).getByText('金额', { selector: 'label, label *' }).closest('.arco-form-item') as HTMLElement;
    expect(amount.querySelector('input')!.disabled).toBe(true);
    expect(amount.textContent).toContain('记录当前的状态下不能修改');
    fireEvent.change(within(form).getByText('标题', { selector: 'label, label *' }).closest('.arco-form-item')!.querySelector('input')!, { target: { value: 'Chair order (2)' } });
    await press(form, /保\s*存/);
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    const put = sent.find((r) => r.method === 'PUT')!.body;
    expect(put).toMatchObject({ title: 'Chair order (2)', amount: '80.00', version: 1 });
    expect(put).not.toHaveProperty('status');
  });

  it('says once that a record approved while its form was open can no longer be changed, and offers no save', async () => {
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    fireEvent.click(within(rowOf('Desk order')).getByRole('button', { name: '编辑' }));
    const form = await waitFor(() => screen.getByRole('dialog', { name: '编辑订单' }));
    // meanwhile it is submitted and approved
    Object.assign(rows[0]!, { status: 'approved', version: 3, transitions: [] });
    fireEvent.change(within(form).getByText('标题', { selector: 'label, label *' }).closest('.arco-form-item')!.querySelector('input')!, { target: { value: 'Desk order (2)' } });
    await press(form, /保\s*存/);
    const reload = await waitFor(() => within(form).getByRole('button', { name: /重新加载/ }));
    fireEvent.click(reload);
    await waitFor(() => expect(form.textContent).toContain('这条记录已是“已批准”，不能再修改'));
    expect(form.textContent).not.toContain('记录当前的状态下不能修改');
    expect((within(form).getByRole('button', { name: /保\s*存/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('offers no edit on the own page of a record its state locks whole, as its row in the list', async () => {

    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const page = (id: number) => {
      const router = createMemoryRouter([{ path: '/catalog/orders/:id', element: <RecordPage def={order} /> }], { initialEntries: [`/catalog/orders/${id}`] });
      return render(
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
    };
    const draft = page(1);
    await waitFor(() => expect(within(draft.container).getByRole('button', { name: '提交' })).toBeTruthy());
    expect(within(draft.container).getByRole('button', { name: '编辑' })).toBeTruthy();
    draft.unmount();
    const approved = page(3);
    await waitFor(() => expect(approved.container.textContent).toContain('已批准'));
    expect(within(approved.container).queryByRole('button', { name: '编辑' })).toBeNull();
    // nothing to do with it here: no empty bar of actions above its fields
    expect(approved.container.querySelector('.arco-card-body')!.firstElementChild!.tagName).toBe('SECTION');
  });

  it('shows a record’s state, history and transitions in its drawer, and fires one from there', async () => {
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    fireEvent.click(within(rowOf('Chair order')).getByRole('button', { name: '详情' }));
    const view = await waitFor(() => drawer());
    expect(within(view).getByText('订单详情')).toBeTruthy();
    expect(view.querySelector('.arco-descriptions .arco-tag')?.textContent).toBe('待审批');
    // the history: who, which transition, from and to by their labels, when in local time
    const item = await waitFor(() => {
      const found = view.querySelector<HTMLElement>('.arco-timeline-item');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(item.textContent).toContain('王芳');
    expect(item.textContent).toContain('提交');
    expect([...item.querySelectorAll('.arco-tag')].map((tag) => tag.textContent)).toEqual(['草稿', '待审批']);
    expect(item.querySelector('time')?.textContent).toBe(formatDateTime('2026-03-02T09:30:00.000Z'));
    // one button per transition the caller may fire now
    const footer = view.querySelector<HTMLElement>('.arco-drawer-footer')!;
    expect(within(footer).getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['关闭', '批准', '驳回']);

    await press(footer, /批\s*准/);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ path: '/api/orders/2/transitions/approve', body: { version: 1 } });
    expect(Message.success).toHaveBeenCalledWith('批准成功');
    // the drawer follows: the new state, the new history row on top, no transition left to fire
    await waitFor(() => expect(view.querySelector('.arco-descriptions .arco-tag')?.textContent).toBe('已批准'));
    await waitFor(() => expect(view.querySelectorAll('.arco-timeline-item')).toHaveLength(2));
    expect(view.querySelector('.arco-timeline-item')!.textContent).toContain('Me');
    expect(within(footer).getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['关闭']);
    // and so does the list: the row is approved, locked whole
    await waitFor(() => expect(rowOf('Chair order').querySelector('.arco-tag')?.textContent).toBe('已批准'));
    expect(within(rowOf('Chair order')).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(openModals()).toBe(0);
  });

  it('asks for a required comment in a dialog, in the user’s language, from the row’s menu', async () => {
    setLocale('en-US');
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await fromRowMenu('Chair order', 'More', 'Reject');
    const dialog = await waitFor(() => screen.getByRole('dialog', { name: 'Reject: Chair order' }));
    // empty: refused on the field, nothing sent
    await press(dialog, 'Reject');
    await waitFor(() => expect(dialog.querySelector('.arco-form-message')?.textContent).toBe('This field is required'));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '   ' } });
    await press(dialog, 'Reject');
    await waitFor(() => expect(dialog.querySelector('.arco-form-message')?.textContent).toBe('This field is required'));
    expect(posts()).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: ' Too dear ' } });
    await press(dialog, 'Reject');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ path: '/api/orders/2/transitions/reject', body: { version: 1, comment: 'Too dear' } });
    expect(Message.success).toHaveBeenCalledWith('Done: Reject');
    await waitFor(() => expect(rowOf('Chair order').querySelector('.arco-tag')?.textContent).toBe('Rejected'));
    await waitFor(() => expect(openModals()).toBe(0));
  });

  it('says why a transition was refused, refreshes the list, and leaves no dialog open', async () => {
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));

    // the fields the transition needs: named in the user's language
    scripted['POST /api/orders/1/transitions/submit'] = [failure(400, 'VALIDATION_FAILED', [{ path: 'amount', message: '执行此操作前须填写' }], '提交的数据不正确')];
    await fromRowMenu('Desk order', '更多', '提交');
    await waitFor(() => expect(Message.error).toHaveBeenCalledWith({ id: 'transition', content: '金额：执行此操作前须填写' }));
    expect(toastError).not.toHaveBeenCalled();

    // the state moved on meanwhile: the server's message, and the list as it now is
    const before = lists().length;
    scripted['POST /api/orders/2/transitions/reject'] = [failure(409, 'TRANSITION_NOT_ALLOWED', { state: 'approved', allowed: [] }, '记录当前的状态不能执行此操作')];
    await fromRowMenu('Chair order', '更多', '驳回');
    const dialog = await waitFor(() => screen.getByRole('dialog', { name: '驳回：Chair order' }));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '太贵' } });
    await press(dialog, /驳\s*回/);
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    expect(vi.mocked(toastError).mock.calls[0]![0]()).toBe('记录当前的状态不能执行此操作');
    await waitFor(() => expect(lists().length).toBeGreaterThan(before));
    await waitFor(() => expect(openModals()).toBe(0));
  });
});
