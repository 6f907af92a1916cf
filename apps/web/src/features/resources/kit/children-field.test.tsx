import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { resourceMessages } from '@atrium/contracts/resource-names';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Registry from '@atrium/contracts/slices';

/**
 * An order with lines (a `children` field) as a team would declare it, and the products its lines pick:
 * the lines edited in the order's form (added, changed, removed), checked per row before anything is sent,
 * the server's problems put on their row's input (`lines[1].quantity`), and the lines on the order's page.
 */
const fx = await vi.hoisted(async () => {
  const { defineResource } = await import('@atrium/contracts/resource');
  const l = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
  const product = defineResource({
    name: 'product',
    label: l('商品', 'Product'),
    pluralLabel: l('商品', 'Products'),
    scoped: false,
    menu: { group: 'catalog', groupLabel: l('商品中心', 'Catalog'), order: 9 },
    fields: [{ name: 'title', type: 'string', label: l('名称', 'Title'), required: true }],
  });
  const order = defineResource({
    name: 'order',
    label: l('订单', 'Order'),
    pluralLabel: l('订单', 'Orders'),
    scoped: false,
    menu: { group: 'catalog', order: 9 },
    fields: [
      { name: 'title', type: 'string', label: l('标题', 'Title'), required: true },
      {
        name: 'lines', type: 'children', resource: 'orderLine', label: l('订单明细', 'Lines'), onDelete: 'cascade', max: 3,
        fields: [
          { name: 'product', type: 'reference', to: 'product', label: l('商品', 'Product'), required: true },
          { name: 'quantity', type: 'integer', label: l('数量', 'Quantity'), required: true, min: 1, max: 999, default: 1 },
          { name: 'unitPrice', type: 'decimal', scale: 2, min: 0, label: l('单价', 'Unit price') },
        ],
      },
    ],
  });
  return { product, order };
});

vi.mock('@atrium/contracts/slices', async (importOriginal) => {
  const registry = await importOriginal<typeof Registry>();
  const { resourceSlice } = await import('@atrium/contracts/resource-slice');
  const sliceDefs = [...registry.sliceDefs.filter((s) => !s.resource), resourceSlice(fx.product), resourceSlice(fx.order)];
  return { ...registry, slices: sliceDefs, sliceDefs, resources: [fx.product, fx.order] };
});
vi.mock('../../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { envelope, signedInFetch } = await import('../../../test/signed-in-fetch');
const { dictionaries, setLocale } = await import('../../../lib/i18n');
const { useSession } = await import('../../../stores/session');
const { ResourcePage } = await import('./resource-page');
const { RecordPage } = await import('./record-page');
const { RecordDrawer } = await import('./record-drawer');

const { order } = fx;
const stamp = { createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z', createdBy: null, updatedBy: null };
const failure = (status: number, error: string, details?: unknown) => new Response(JSON.stringify({ status: 'error', code: status, message: '', data: { error, details }, traceId: 't' }), { status });
type Row = Record<string, unknown> & { id: number; version: number };
let rows: Row[];
let sent: { method: string; path: string; body: any }[];
let scripted: Record<string, Response[]>;
const labels = { 'lines.product': { '5': 'Desk lamp', '6': 'Floor lamp' } };

beforeAll(() => {
  for (const locale of ['zh-CN', 'en-US'] as const) Object.assign(dictionaries[locale]!, resourceMessages([fx.product, fx.order], locale));
});

beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ role: 'admin', permissions: ['order:read', 'order:write', 'product:read'] });
  rows = [{ id: 1, version: 2, ...stamp, title: 'March order', lines: [{ id: 11, product: 5, quantity: 2, unitPrice: '19.90' }, { id: 12, product: 6, quantity: 1, unitPrice: null }] }];
  sent = [];
  scripted = {};
  signedInFetch('children', async (url, init) => {
    const [path = ''] = url.split('?');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    const next = scripted[`${method} ${path}`]?.shift();
    if (next) return next;
    const ok = (data: unknown) => new Response(JSON.stringify(envelope(data)), { status: 200 });
    if (path === '/api/orders' && method === 'GET') return ok({ list: rows.map(({ lines: _, ...r }) => r), total: rows.length, totalCapped: false, current: 1, pageSize: 10, labels: {} });
    if (path === '/api/products/options') return ok([{ id: 5, label: 'Desk lamp' }, { id: 6, label: 'Floor lamp' }]);
    if (/^\/api\/orders\/\d+\/trail$/.test(path)) return ok({ list: [{ id: 3, action: 'order.update', at: '2026-03-02T08:00:00.000Z', actor: { id: 1, name: 'Admin' }, summary: '', changes: [{ field: 'lines', before: [{}], after: [{}, {}] }] }] });
    if (path === '/api/orders' && method === 'POST') {
      const row = { ...body, id: 2, version: 1, ...stamp, lines: body.lines.map((l: object, i: number) => ({ ...l, id: 20 + i })) };
      rows.push(row);
      return ok({ ...row, labels });
    }
    const row = rows.find((r) => r.id === Number(/^\/api\/orders\/(\d+)$/.exec(path)?.[1]));
    if (!row) return failure(404, 'NOT_FOUND');
    if (method === 'GET') return ok({ ...row, labels });
    if (method === 'PUT') {
      Object.assign(row, body, { version: row.version + 1 });
      return ok({ ...row, labels });
    }
    return failure(404, 'NOT_FOUND');
  });
  vi.spyOn(Message, 'success').mockImplementation(() => () => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderAt(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/catalog/orders', element: <ResourcePage def={order} /> },
      { path: '/catalog/orders/:id', element: <RecordPage def={order} /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const drawer = () => document.querySelector<HTMLElement>('.arco-drawer')!;
const lines = () => within(drawer()).getByRole('group', { name: '订单明细' });
/** A row's input by its name (a select names its box and its search input alike: the first is the box). */
const cell = (n: number, field: string) => within(lines()).getAllByLabelText(`第 ${n} 行${field}`)[0] as HTMLInputElement;
const cellError = (n: number, field: string) => cell(n, field).closest('td')?.querySelector('[role=alert]')?.textContent;
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
async function save() {
  const button = within(drawer()).getByRole('button', { name: /保\s*存/ });
  await waitFor(() => expect(button.classList.contains('arco-btn-loading')).toBe(false));
  fireEvent.click(button);
}

describe('an order\'s lines in its form', () => {
  it('edits the lines in a table: keeps, changes, removes and adds rows, and saves them with the order at its version', async () => {
    renderAt('/catalog/orders');
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(cell(2, '数量').value).toBe('1'));
    expect(cell(1, '单价').value).toBe('19.90');
    type(cell(1, '数量'), '5');
    fireEvent.blur(cell(1, '数量'));
    fireEvent.click(within(lines()).getByRole('button', { name: '删除第 2 行' }));
    fireEvent.click(within(lines()).getByRole('button', { name: /添加一行/ }));
    // a new row starts with the field's default; its product is required, checked before anything is sent
    expect(cell(2, '数量').value).toBe('1');
    await save();
    await waitFor(() => expect(cellError(2, '商品')).toBe('此项为必填项'));
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
    // picked, it saves: the kept row with its id, the new one without, in the table's order, under the version read
    fireEvent.click(cell(2, '商品').closest('td')!.querySelector('.arco-select-view')!);
    fireEvent.click(await waitFor(() => screen.getByRole('option', { name: 'Floor lamp' })));
    await save();
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'PUT')!.body).toEqual({ title: 'March order', version: 2, lines: [{ id: 11, product: 5, quantity: 5, unitPrice: '19.90' }, { product: 6, quantity: 1, unitPrice: null }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts the server\'s problem on its row\'s input (`lines[1].quantity`), in the caller\'s language', async () => {
    scripted['PUT /api/orders/1'] = [failure(400, 'VALIDATION_FAILED', [{ path: 'lines[1].quantity', message: '不能大于 10（库存不足）' }])];
    renderAt('/catalog/orders');
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(cell(2, '数量').value).toBe('1'));
    await save();
    await waitFor(() => expect(cellError(2, '数量')).toBe('不能大于 10（库存不足）'));
    expect(cellError(1, '数量')).toBeUndefined();
  });

  it('checks each input as it changes, says how many rows need fixing, and keeps a problem with its row when one above goes', async () => {
    renderAt('/catalog/orders');
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(cell(2, '数量').value).toBe('1'));
    fireEvent.click(within(lines()).getByRole('button', { name: /添加一行/ }));
    type(cell(2, '单价'), 'abc');
    await waitFor(() => expect(cellError(2, '单价')).toBeTruthy());
    expect(cell(2, '单价').getAttribute('aria-invalid')).toBe('true');
    await save();
    // the new third row has no product; the second a price that is no number
    await waitFor(() => expect(cellError(3, '商品')).toBe('此项为必填项'));
    expect(within(drawer()).getByText('有 2 行填写有误，请按提示修改')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
    // the first row goes: the problems move up with their rows
    fireEvent.click(within(lines()).getByRole('button', { name: '删除第 1 行' }));
    await waitFor(() => expect(cellError(2, '商品')).toBe('此项为必填项'));
    expect(cellError(1, '单价')).toBeTruthy();
    // a valid value clears its own problem
    type(cell(1, '单价'), '12.50');
    await waitFor(() => expect(cellError(1, '单价')).toBeUndefined());
    expect(cellError(2, '商品')).toBe('此项为必填项');
    // the last one fixed: the count under the table goes with it
    fireEvent.click(cell(2, '商品').closest('td')!.querySelector('.arco-select-view')!);
    fireEvent.click(await waitFor(() => screen.getByRole('option', { name: 'Desk lamp' })));
    await waitFor(() => expect(cellError(2, '商品')).toBeUndefined());
    await waitFor(() => expect(within(drawer()).queryByText('有 2 行填写有误，请按提示修改')).toBeNull());
  });

  it('closes the form, saying so, when the record went before its rows were read', async () => {
    const said = vi.spyOn(Message, 'error').mockImplementation(() => () => {});
    scripted['GET /api/orders/1'] = [failure(404, 'NOT_FOUND')];
    renderAt('/catalog/orders');
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(said).toHaveBeenCalledWith('记录不存在，或不在你的数据权限范围内'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('stops at the field\'s limit of rows, and says so on the button', async () => {
    renderAt('/catalog/orders');
    fireEvent.click(await screen.findByRole('button', { name: /新\s*建/ }));
    await waitFor(() => expect(lines()).toBeTruthy());
    expect(within(lines()).getByText('暂无明细')).toBeTruthy();
    for (let i = 0; i < 3; i++) fireEvent.click(within(lines()).getByRole('button', { name: /添加一行/ }));
    const full = within(lines()).getByRole('button', { name: /最多 3 行/ });
    expect(full.hasAttribute('disabled')).toBe(true);
  });
});

describe('an order\'s lines on its page', () => {
  it('shows each line with its product as a link to the product\'s page, and the trail counts the rows', async () => {
    setLocale('en-US');
    renderAt('/catalog/orders/1');
    const section = await screen.findByRole('region', { name: 'Lines' });
    const table = within(section).getByRole('table');
    const cells = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).toEqual([['1', 'Desk lamp', '2', '19.90'], ['2', 'Floor lamp', '1', '-']]);
    expect(within(table).getByRole('link', { name: 'Desk lamp' }).getAttribute('href')).toBe('/catalog/products/5');
    expect(await screen.findByText(/1 row → 2 rows/)).toBeTruthy();
  });
});

describe('an order\'s lines in its drawer', () => {
  it('shows them under its fields, as an approver on 待我审批 reads what is asked of them', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // the list's row first (no lines), then the record's own answer with them
    const { lines: _, ...listed } = rows[0]!;
    const router = createMemoryRouter([{ path: '/approvals', element: <RecordDrawer def={order} target={{ id: 1, record: { ...stamp, ...listed } }} onClose={() => undefined} /> }], { initialEntries: ['/approvals'] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const section = await screen.findByRole('region', { name: '订单明细' });
    await waitFor(() => expect(section.querySelectorAll('tbody tr')).toHaveLength(2));
    const cells = [...section.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).toEqual([['1', 'Desk lamp', '2', '19.90'], ['2', 'Floor lamp', '1', '-']]);
  });
});
