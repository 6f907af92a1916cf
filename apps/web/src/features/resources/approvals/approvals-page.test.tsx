import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { resourceMessages } from '@atrium/contracts/resource-names';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Registry from '@atrium/contracts/slices';

/**
 * 待我审批 as an approver sees it: two resources with a life cycle (orders, approved by the finance role or
 * rejected by the department's leader with a reason; refunds, not scoped). The fake server answers
 * GET /api/approvals as the server does, and drops a record from it once a transition has moved it on.
 */
const fx = await vi.hoisted(async () => {
  const { defineResource } = await import('@atrium/contracts/resource');
  const l = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
  const states = [
    { value: 'draft', label: l('草稿', 'Draft') },
    { value: 'submitted', label: l('待审批', 'Submitted') },
    { value: 'approved', label: l('已批准', 'Approved'), locks: 'all' as const },
    { value: 'rejected', label: l('已驳回', 'Rejected') },
  ];
  const transitions = [
    { name: 'submit', from: ['draft', 'rejected'], to: 'submitted', label: l('提交', 'Submit') },
    { name: 'approve', from: ['submitted'], to: 'approved', label: l('批准', 'Approve'), approval: { by: 'role' as const, role: 'finance' } },
    { name: 'reject', from: ['submitted'], to: 'rejected', label: l('驳回', 'Reject'), comment: 'required' as const, approval: { by: 'role' as const, role: 'finance' } },
  ];
  const roles = { finance: { name: l('财务', 'Finance'), description: l('审批', 'Approves') } };
  const menu = { group: 'catalog', groupLabel: l('商品中心', 'Catalog'), order: 9 };
  const order = defineResource({ name: 'order', label: l('订单', 'Order'), pluralLabel: l('订单', 'Orders'), menu, fields: [{ name: 'title', type: 'string', label: l('标题', 'Title'), required: true }], lifecycle: { field: 'status', initial: 'draft', states, transitions, roles } });
  const refund = defineResource({ name: 'refund', label: l('退款', 'Refund'), pluralLabel: l('退款单', 'Refunds'), menu, scoped: false, fields: [{ name: 'reason', type: 'string', label: l('原因', 'Reason'), required: true }], lifecycle: { field: 'status', initial: 'draft', states, transitions: transitions.map((t) => ({ ...t })) } });
  return { order, refund };
});

vi.mock('@atrium/contracts/slices', async (importOriginal) => {
  const registry = await importOriginal<typeof Registry>();
  const { resourceSlice } = await import('@atrium/contracts/resource-slice');
  const sliceDefs = [...registry.sliceDefs.filter((s) => !s.resource), resourceSlice(fx.order), resourceSlice(fx.refund)];
  return { ...registry, slices: sliceDefs, sliceDefs, resources: [fx.order, fx.refund] };
});
vi.mock('../../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { envelope, signedInFetch } = await import('../../../test/signed-in-fetch');
const { dictionaries, setLocale } = await import('../../../lib/i18n');
const { formatDateTime } = await import('../../../lib/format');
const { approvalsCountQuery } = await import('../../../lib/approvals');
const { useSession } = await import('../../../stores/session');
const { useSettings } = await import('../../../stores/settings');
const { default: ApprovalsPage } = await import('./approvals-page');

type Awaiting = { resource: string; id: number; title: string; state: string; version: number; transitions: string[]; requestedBy: { id: number; name: string } | null; requestedAt: string; department: string | null };

let awaiting: Awaiting[];
/** A record's transitions so far, as its history answers them. */
let history: unknown[];
let sent: { method: string; path: string; query: URLSearchParams; body: any }[];

beforeAll(() => {
  for (const locale of ['zh-CN', 'en-US'] as const) Object.assign(dictionaries[locale]!, resourceMessages([fx.order, fx.refund], locale));
});

beforeEach(() => {
  setLocale('zh-CN');
  useSettings.setState({ device: 'desktop' });
  useSession.setState({ role: 'finance', permissions: ['order:read', 'order:approve', 'order:reject', 'refund:read', 'refund:approve', 'refund:reject'] });
  const entry = (resource: string, id: number, title: string, at: string, department: string | null): Awaiting => ({
    resource, id, title, state: 'submitted', version: 2, transitions: ['approve', 'reject'], requestedBy: { id: 12, name: '王芳' }, requestedAt: at, department,
  });
  history = [];
  awaiting = [entry('order', 2, 'Chair order', '2026-03-02T09:30:00.000Z', '华东区'), entry('refund', 5, 'Broken lamp', '2026-03-01T08:00:00.000Z', null)];
  sent = [];
  signedInFetch('approvals', async (url, init) => {
    const [path = '', qs = ''] = url.split('?');
    const method = init.method ?? 'GET';
    const query = new URLSearchParams(qs);
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, query, body });
    const ok = (data: unknown) => new Response(JSON.stringify(envelope(data)), { status: 200 });
    if (path === '/api/approvals') {
      const list = awaiting.filter((a) => !query.get('resource') || a.resource === query.get('resource'));
      return ok({ list, total: list.length, totalCapped: false, current: 1, pageSize: 10 });
    }
    if (path === '/api/approvals/count') return ok({ count: awaiting.length, capped: false });
    const [, plural, id, rest] = /^\/api\/(orders|refunds)\/(\d+)(\/.*)?$/.exec(path) ?? [];
    const record = awaiting.find((a) => `${a.resource}s` === plural && a.id === Number(id));
    if (rest === '/history') return ok({ list: history });
    const fired = /^\/transitions\/(\w+)$/.exec(rest ?? '')?.[1];
    if (record && fired && method === 'POST') {
      awaiting = awaiting.filter((a) => a !== record);
      return ok({ id: record.id, version: record.version + 1, status: fired === 'approve' ? 'approved' : 'rejected', transitions: [], labels: {} });
    }
    if (record) return ok({ id: record.id, version: record.version, title: record.title, reason: record.title, status: record.state, transitions: record.transitions, createdAt: record.requestedAt, updatedAt: record.requestedAt, createdBy: null, updatedBy: null, labels: {} });
    return new Response(JSON.stringify({ status: 'error', code: 404, message: '', data: { error: 'NOT_FOUND' }, traceId: 't' }), { status: 404 });
  });
  vi.spyOn(Message, 'success').mockImplementation(() => () => {});
});

// A closed dialog's focus follows its opener to the list's new rows for 2 s (components/focus-return.ts).
afterAll(() => new Promise((done) => setTimeout(done, 2100)));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The navbar's count, as another reader of the same query (layout/approvals-badge.tsx). */
function Count() {
  const count = useQuery(approvalsCountQuery()).data?.count;
  return <output aria-label="count">{count ?? ''}</output>;
}

function renderPage(entry = '/approvals') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/approvals', element: <><Count /><ApprovalsPage /></> }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const bodyRows = () => [...document.querySelectorAll<HTMLElement>('tbody .arco-table-tr')].filter((tr) => !tr.querySelector('.arco-empty'));
const rowOf = (title: string) => bodyRows().find((tr) => tr.textContent?.includes(title))!;
const cells = (tr: HTMLElement) => [...tr.querySelectorAll('.arco-table-td')].map((td) => td.textContent);
const lists = () => sent.filter((r) => r.path === '/api/approvals');
const counts = () => sent.filter((r) => r.path === '/api/approvals/count');
const shownCount = () => screen.getByRole('status', { name: 'count' }).textContent;
async function press(scope: HTMLElement, name: string | RegExp) {
  const button = within(scope).getByRole('button', { name });
  await waitFor(() => expect(button.classList.contains('arco-btn-loading')).toBe(false));
  fireEvent.click(button);
}

describe('待我审批', () => {
  it('is a page of the menu for every signed-in user, once a resource’s life cycle has an approval', async () => {
    const { approvalsRoute, filterRoutes, hasApprovals, routeTable } = await import('@atrium/contracts/routes');
    expect(hasApprovals).toBe(true);
    const page = filterRoutes(routeTable, []).find((node) => node.path === approvalsRoute.path);
    expect(page).toMatchObject({ name: 'Approvals', titleKey: 'menu.approvals', requiresAuth: true });
    expect(page?.permission).toBeUndefined();
  });

  it('lists what awaits the caller across resources, and filters by resource through the URL', async () => {
    const router = renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByText('待我审批', { selector: '.arco-card-header-title' })).toBeTruthy();
    expect([...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent)).toEqual(['类型', '标题', '状态', '申请人', '申请时间', '所属部门', '操作']);
    expect(cells(rowOf('Chair order')).slice(0, 6)).toEqual(['订单', 'Chair order', '待审批', '王芳', formatDateTime('2026-03-02T09:30:00.000Z'), '华东区']);
    expect(cells(rowOf('Broken lamp'))[0]).toBe('退款');
    expect(rowOf('Chair order').querySelector('.arco-tag-orange')).not.toBeNull();
    expect(within(rowOf('Chair order')).getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['详情', '批准', '驳回']);

    fireEvent.click(document.querySelector('[aria-label="类型"]')!.closest('.arco-select')!.querySelector('.arco-select-view')!);
    fireEvent.click(await waitFor(() => screen.getByRole('option', { name: '退款单' })));
    await waitFor(() => expect(router.state.location.search).toBe('?resource=refund'));
    await waitFor(() => expect(lists().at(-1)!.query.get('resource')).toBe('refund'));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    // a department only for a scoped resource's record
    expect(cells(rowOf('Broken lamp'))[5]).toBe('-');
  });

  it('approves in place: the row goes, and the list and the navbar’s count ask again', async () => {
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    await waitFor(() => expect(shownCount()).toBe('2'));
    const [listsBefore, countsBefore] = [lists().length, counts().length];
    await press(rowOf('Chair order'), /批\s*准/);
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/orders/2/transitions/approve', body: { version: 2 } });
    expect(Message.success).toHaveBeenCalledWith('批准成功');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(lists().length).toBeGreaterThan(listsBefore);
    expect(counts().length).toBeGreaterThan(countsBefore);
    await waitFor(() => expect(shownCount()).toBe('1'));
  });

  it('on a phone shows each row as what is asked beside its buttons: the title over its kind, state, asker and time', async () => {
    useSettings.setState({ device: 'mobile' });
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const [what, actions] = cells(rowOf('Chair order'));
    expect(what).toBe(`Chair order订单待审批王芳 · ${formatDateTime('2026-03-02T09:30:00.000Z')}`);
    expect(actions?.replace(/\s/g, '')).toBe('详情批准驳回');
    expect(cells(rowOf('Chair order'))).toHaveLength(2);
    await press(rowOf('Chair order'), /批\s*准/);
    await waitFor(() => expect(sent.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/orders/2/transitions/approve' }));
  });

  it('asks for the reason of a rejection in English, and sends it with the record’s version', async () => {
    setLocale('en-US');
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    // a row's one record by its resource's label: an Order, not "Orders"
    expect(cells(rowOf('Chair order'))[0]).toBe('Order');
    await press(rowOf('Broken lamp'), 'Reject');
    const dialog = await waitFor(() => screen.getByRole('dialog', { name: 'Reject: Broken lamp' }));
    await press(dialog, 'Reject');
    await waitFor(() => expect(dialog.querySelector('.arco-form-message')?.textContent).toBe('This field is required'));
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Not ours' } });
    await press(dialog, 'Reject');
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/refunds/5/transitions/reject', body: { version: 2, comment: 'Not ours' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await waitFor(() => expect(document.querySelectorAll('.arco-modal-wrapper')).toHaveLength(0));
  });

  it('says which of the account’s other roles approve here, in both languages, and nothing while acting as the only one', async () => {
    const user = (role: string) =>
      ({ accountId: '7', name: 'Wang', username: 'wang', avatar: '', role, roleName: role === 'finance' ? '财务' : '操作员', roles: ['clerk', 'finance'], roleNames: { clerk: '操作员', finance: '财务' }, permissions: [] }) as never;
    useSession.setState({ user: user('clerk'), role: 'clerk' });
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByTestId('approvals-other-roles').textContent).toBe('审批人为「财务」的记录，在你切换到该角色后列在这里（账户菜单 › 切换角色）；你当前的角色是「操作员」。');
    setLocale('en-US');
    await waitFor(() => expect(screen.getByTestId('approvals-other-roles').textContent).toBe('Approvals for 财务 are listed while you act as that role (account menu › Switch role); you are acting as 操作员.'));
    // acting as the approving role: nothing to say
    useSession.setState({ user: user('finance'), role: 'finance' });
    await waitFor(() => expect(screen.queryByTestId('approvals-other-roles')).toBeNull());
  });

  it('opens the record’s drawer from 详情, with its transitions', async () => {
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    fireEvent.click(within(rowOf('Chair order')).getByRole('button', { name: '详情' }));
    const view = await waitFor(() => screen.getByRole('dialog', { name: '订单详情' }));
    await waitFor(() => expect(view.textContent).toContain('Chair order'));
    expect(sent.some((r) => r.path === '/api/orders/2')).toBe(true);
    const footer = view.querySelector<HTMLElement>('.arco-drawer-footer')!;
    expect(within(footer).getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['关闭', '批准', '驳回']);
    await waitFor(() => expect(view.textContent).toContain('暂无流转记录'));
  });

  it('says who fired each transition in the reader\'s word order', async () => {
    history = [{ id: 1, transition: 'submit', from: 'draft', to: 'submitted', actor: { id: 7, name: 'Ada' }, comment: null, at: '2026-03-02T09:30:00.000Z' }];
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    fireEvent.click(within(rowOf('Chair order')).getByRole('button', { name: '详情' }));
    const view = await waitFor(() => screen.getByRole('dialog', { name: '订单详情' }));
    const head = () => view.querySelector('.arco-timeline-item [class*="historyHead"]')?.textContent;
    await waitFor(() => expect(head()).toBe('Ada提交'));
    // a transition's label is a verb: English puts it first
    setLocale('en-US');
    await waitFor(() => expect(head()).toBe('SubmitbyAda'));
  });
});
