import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { resourceMessages } from '@atrium/contracts/resource-names';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Registry from '@atrium/contracts/slices';

/**
 * Two resources as a team would declare them: products (every field type, a reference to suppliers and
 * one to another product) and suppliers. They are the registry's resource slices here, so their
 * permissions are in the catalogue and the reference pickers find the other resource, as for a generated
 * resource.
 */
const fx = await vi.hoisted(async () => {
  const { defineResource } = await import('@atrium/contracts/resource');
  const l = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
  const supplier = defineResource({
    name: 'supplier',
    label: l('供应商', 'Supplier'),
    pluralLabel: l('供应商', 'Suppliers'),
    menu: { group: 'catalog', groupLabel: l('商品中心', 'Catalog'), order: 9 },
    fields: [{ name: 'name', type: 'string', label: l('名称', 'Name'), required: true, filter: 'contains' }],
  });
  const product = defineResource({
    name: 'product',
    label: l('商品', 'Product'),
    pluralLabel: l('商品', 'Products'),
    menu: { group: 'catalog', groupLabel: l('商品中心', 'Catalog'), order: 9 },
    fields: [
      { name: 'title', type: 'string', label: l('名称', 'Title'), required: true, max: 80, filter: 'contains', sortable: true },
      { name: 'sku', type: 'string', label: l('编码', 'SKU'), required: true, unique: true, readOnly: true, pattern: '^[A-Z0-9-]{3,20}$', filter: 'prefix' },
      { name: 'price', type: 'decimal', scale: 2, min: 0, label: l('价格', 'Price'), required: true, filter: 'range', sortable: true },
      { name: 'stock', type: 'integer', min: 0, default: 0, label: l('库存', 'Stock'), sortable: true },
      { name: 'status', type: 'enum', label: l('状态', 'Status'), default: 'draft', filter: 'equals', values: [{ value: 'draft', label: l('草稿', 'Draft') }, { value: 'live', label: l('在售', 'Live') }] },
      { name: 'launchedOn', type: 'date', label: l('上市日期', 'Launch date'), filter: 'range' },
      { name: 'featured', type: 'boolean', default: false, label: l('推荐', 'Featured'), filter: 'equals' },
      { name: 'publishedAt', type: 'datetime', label: l('发布时间', 'Published at') },
      { name: 'description', type: 'text', max: 2000, label: l('描述', 'Description') },
      { name: 'supplier', type: 'reference', to: 'supplier', label: l('供应商', 'Supplier'), filter: 'equals' },
      { name: 'parent', type: 'reference', to: 'product', hidden: true, label: l('上级商品', 'Parent') },
    ],
  });
  return { product, supplier };
});

vi.mock('@atrium/contracts/slices', async (importOriginal) => {
  const registry = await importOriginal<typeof Registry>();
  const { resourceSlice } = await import('@atrium/contracts/resource-slice');
  const sliceDefs = [...registry.sliceDefs.filter((s) => !s.resource), resourceSlice(fx.product), resourceSlice(fx.supplier)];
  return { ...registry, slices: sliceDefs, sliceDefs, resources: [fx.product, fx.supplier] };
});
vi.mock('../../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { envelope, signedInFetch } = await import('../../../test/signed-in-fetch');
const { dictionaries, setLocale } = await import('../../../lib/i18n');
const { useSession } = await import('../../../stores/session');
const { useSettings } = await import('../../../stores/settings');
const { ResourcePage } = await import('./resource-page');
const { RecordPage } = await import('./record-page');

const { product } = fx;
const failure = (status: number, error: string, details?: unknown, message = '') => new Response(JSON.stringify({ status: 'error', code: status, message, data: { error, details }, traceId: 't' }), { status });

type Row = Record<string, unknown> & { id: number; version: number };
const stamp = { createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z', createdBy: null, updatedBy: null };
const lamp = (): Row => ({
  id: 1, version: 1, ...stamp,
  title: 'Desk lamp', sku: 'LAMP-1', price: '19.9', stock: 3, status: 'live', launchedOn: '2026-02-01', featured: true,
  publishedAt: '2026-02-01T04:05:06.000Z', description: 'Warm light', supplier: 7, parent: null, department: 3, owner: 12,
});

let rows: Row[];
let sent: { method: string; path: string; query: URLSearchParams; body: any }[];
/** The next answers of a call, by `METHOD path`, before the fake server's own. */
let scripted: Record<string, Response[]>;

beforeAll(() => {
  for (const locale of ['zh-CN', 'en-US'] as const) Object.assign(dictionaries[locale]!, resourceMessages([fx.product, fx.supplier], locale));
});

beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ role: 'admin', permissions: ['product:read', 'product:write', 'product:export', 'supplier:read'] });
  rows = [lamp()];
  sent = [];
  scripted = {};
  // The server kit as the console sees it: the envelope, `labels` for the references, versions.
  signedInFetch('resource', async (url, init) => {
    const [path = '', qs = ''] = url.split('?');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, query: new URLSearchParams(qs), body });
    const next = scripted[`${method} ${path}`]?.shift();
    if (next) return next;
    const labels = { supplier: { '7': 'Acme' }, parent: {}, department: { '3': '华东区', '4': '上海分部' }, owner: { '12': '王芳 (wangfang)' } };
    const ok = (data: unknown) => new Response(JSON.stringify(envelope(data)), { status: 200 });
    if (path === '/api/products' && method === 'GET') return ok({ list: rows, total: rows.length, totalCapped: false, current: 1, pageSize: 10, labels });
    if (path === '/api/suppliers/options') return ok([{ id: 7, label: 'Acme' }]);
    // a scoped resource's pickers: the departments the caller reaches (a region and its branch), and the owners
    if (path === '/api/scope/product/departments') {
      const list = [{ id: 3, parentId: 1, name: '华东区', status: 'active' }, { id: 4, parentId: 3, name: '上海分部', status: 'active' }];
      return ok({ list, defaults: { department: 4, owner: { id: 20, label: 'Me (me)' } } });
    }
    if (path === '/api/scope/product/owners') return ok([{ id: 12, label: '王芳 (wangfang)' }, { id: 20, label: 'Me (me)' }]);
    if (path === '/api/products/options') return ok(rows.map((r) => ({ id: r.id, label: r.title })));
    const trail = /^\/api\/products\/(\d+)\/trail$/.exec(path);
    if (trail) {
      if (!rows.some((r) => r.id === Number(trail[1]))) return failure(404, 'NOT_FOUND');
      return ok({ list: [
        { id: 9, action: 'product.bulk-update', at: '2026-03-02T08:00:00.000Z', actor: { id: 20, name: 'Me' }, summary: 'updated product "Desk lamp"', changes: [{ field: 'stock', before: 5, after: 3 }] },
        { id: 8, action: 'product.create', at: '2026-03-01T08:00:00.000Z', actor: { id: 12, name: '王芳' }, summary: 'created product "Desk lamp"', changes: [{ field: 'status', before: null, after: 'live' }] },
      ] });
    }
    if (path === '/api/products' && method === 'POST') {
      const row = { ...body, id: rows.length + 1, version: 1, ...stamp };
      rows.push(row);
      return ok({ ...row, labels });
    }
    const id = Number(/^\/api\/products\/(\d+)$/.exec(path)?.[1]);
    const row = rows.find((r) => r.id === id);
    if (!row) return failure(404, 'NOT_FOUND');
    if (method === 'GET') return ok({ ...row, labels });
    if (method === 'PUT') {
      if (body.version !== row.version) return failure(409, 'VERSION_CONFLICT', undefined, '该记录已被他人修改，请刷新后重试');
      // as the server does, a save of the values the record holds keeps its version
      const { version: _, ...values } = body as Record<string, unknown>;
      if (Object.entries(values).every(([k, v]) => JSON.stringify(row[k] ?? null) === JSON.stringify(v ?? null))) return ok({ ...row, labels });
      Object.assign(row, body, { version: row.version + 1 });
      return ok({ ...row, labels });
    }
    if (method === 'DELETE') {
      rows = rows.filter((r) => r !== row);
      return ok({ id });
    }
    return failure(404, 'NOT_FOUND');
  });
  vi.spyOn(Message, 'success').mockImplementation(() => () => {});
  vi.spyOn(Message, 'info').mockImplementation(() => () => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderPage(entry = '/catalog/products') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/catalog/products', element: <ResourcePage def={product} /> }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const lists = () => sent.filter((r) => r.method === 'GET' && r.path === '/api/products');
// the columns' headers (not the row-picking boxes' column)
const headers = () => [...document.querySelectorAll('.arco-table-th:not(.arco-table-operation)')].map((th) => th.textContent?.trim());
const firstRow = () => [...document.querySelectorAll('tbody .arco-table-tr')][0]!;
const drawer = () => document.querySelector<HTMLElement>('.arco-drawer')!;
const fieldItem = (scope: HTMLElement, label: string) => within(scope).getByText(label, { selector: 'label, label *' }).closest('.arco-form-item') as HTMLElement;
const inputOf = (scope: HTMLElement, label: string) => fieldItem(scope, label).querySelector('input, textarea') as HTMLInputElement;
const errorOf = (scope: HTMLElement, label: string) => fieldItem(scope, label).querySelector('.arco-form-message')?.textContent;
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
/** The filter form, unfolded first where it is folded behind 筛选 (a phone, as the tests' screen is by default). */
function filterForm() {
  const toggle = screen.queryByRole('button', { name: /^\s*筛\s*选/ });
  if (toggle?.getAttribute('aria-expanded') === 'false') fireEvent.click(toggle);
  return screen.getByRole('form', { name: '筛选条件' });
}
/** Clicks a button once it takes clicks (a save still settling shows as loading and ignores them). */
async function press(scope: HTMLElement, name: string | RegExp) {
  const button = within(scope).getByRole('button', { name });
  await waitFor(() => expect(button.classList.contains('arco-btn-loading')).toBe(false));
  fireEvent.click(button);
}

describe('the page of a resource', () => {
  it('draws the table from the definition, and asks for the view the URL holds', async () => {
    const router = renderPage('/catalog/products?status=live&sort=-price&price=1&price=50&bogus=1');
    await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
    expect(screen.getByText('商品', { selector: '.arco-card-header-title' })).toBeTruthy();
    // Neither the text field nor the hidden one is a column; the operator may add them.
    expect(headers()).toEqual(['名称', '编码', '价格', '库存', '状态', '上市日期', '推荐', '发布时间', '供应商', '所属部门', '负责人', '操作']);
    const cells = [...firstRow().querySelectorAll('.arco-table-td:not(.arco-table-operation)')].map((td) => td.textContent);
    expect(cells.slice(0, 7)).toEqual(['Desk lamp', 'LAMP-1', '19.90', '3', '在售', '2026-02-01', '是']);
    // a scoped record's department and owner by the names the list sent
    expect(cells.slice(8, 11)).toEqual(['Acme', '华东区', '王芳 (wangfang)']);
    const query = lists()[0]!.query;
    expect(query.get('status')).toBe('live');
    expect(query.get('sort')).toBe('-price');
    expect(query.getAll('price')).toEqual(['1', '50']);
    expect([query.get('current'), query.get('pageSize')]).toEqual(['1', '10']);
    // An unknown parameter is dropped from the URL, the rest kept.
    await waitFor(() => expect(router.state.location.search).toBe('?price=1&price=50&status=live&sort=-price'));
  });

  it('says "more than" when the server stopped counting, and stays on a page past the counted ones', async () => {
    const many = () => new Response(JSON.stringify(envelope({ list: rows, total: 1000, totalCapped: true, current: 200, pageSize: 10, labels: { supplier: {}, parent: {} } })), { status: 200 });
    scripted['GET /api/products'] = [many(), many()];
    // the total's text is a wide screen's (a phone's compact pager has no room for it)
    const device = useSettings.getState().device;
    useSettings.setState({ device: 'desktop' });
    try {
      const router = renderPage('/catalog/products?current=200');
      await waitFor(() => expect(document.querySelector('.arco-pagination-total-text')?.textContent).toBe('超过 1,000 条'));
      expect(router.state.location.search).toBe('?current=200');
      expect(lists().at(-1)!.query.get('current')).toBe('200');
    } finally {
      useSettings.setState({ device });
    }
  });

  it('shows 新建, 编辑, 删除 and 导出 only to a role holding their permissions', async () => {
    useSession.setState({ role: 'viewer', permissions: ['product:read'] });
    renderPage();
    await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
    for (const name of ['新建', '导出', '编辑', '删除']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(headers()).not.toContain('操作');

    act(() => useSession.setState({ permissions: ['product:read', 'product:export'] }));
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新建' })).toBeNull();

    act(() => useSession.setState({ permissions: ['product:read', 'product:write'] }));
    expect(screen.getByRole('button', { name: '新建' })).toBeTruthy();
    expect(within(firstRow() as HTMLElement).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(firstRow() as HTMLElement).getByRole('button', { name: '删除' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
  });

  it('exports the applied filters as a CSV file or an Excel workbook, as the person picks', async () => {
    renderPage('/catalog/products?status=live');
    await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
    const exports = () => sent.filter((r) => r.path === '/api/products/export');
    for (const [item, format] of [['CSV 文件', null], ['Excel 工作簿（.xlsx）', 'xlsx']] as const) {
      const before = exports().length;
      fireEvent.click(screen.getByRole('button', { name: '导出' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: item }));
      await waitFor(() => expect(exports().length).toBe(before + 1));
      expect([exports().at(-1)!.query.get('status'), exports().at(-1)!.query.get('format')]).toEqual(['live', format]);
    }
  });

  it('sorts by a sortable column through the URL, and back to the default order', async () => {
    const router = renderPage();
    await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
    expect(lists().at(-1)!.query.get('sort')).toBeNull();
    const priceHeader = () => [...document.querySelectorAll<HTMLElement>('.arco-table-cell-with-sorter')].find((th) => th.textContent?.includes('价格'))!;
    fireEvent.click(priceHeader());
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price'));
    await waitFor(() => expect(lists().at(-1)!.query.get('sort')).toBe('price'));
    fireEvent.click(priceHeader());
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-price'));
    // The keyboard sorts too, on the focusable header, which says its order.
    const priceTh = priceHeader().closest('th')!;
    expect(priceTh.getAttribute('aria-sort')).toBe('descending');
    fireEvent.keyDown(priceTh, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(priceTh.getAttribute('aria-sort')).toBe('none');
    // A column that is not sortable offers no sorting.
    const statusHeader = [...document.querySelectorAll<HTMLElement>('.arco-table-th-item')].find((th) => th.textContent?.includes('状态'))!;
    expect(statusHeader.querySelector('.arco-table-sorter')).toBeNull();
  });

  it('applies the filters on 查询 (an open end of a range sent empty), keeps the sort, and clears them on 重置', async () => {
    const router = renderPage('/catalog/products?sort=title');
    await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
    const panel = filterForm();
    type(inputOf(panel, '名称'), ' lamp ');
    type(within(panel).getByLabelText('价格 最小值'), '10');
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?title=lamp&price=10&price=&sort=title'));
    await waitFor(() => expect(lists().at(-1)!.query.getAll('price')).toEqual(['10', '']));
    // folded on a phone, the filters' button says how many apply
    expect(screen.getByRole('button', { name: /^\s*筛选（2）/ }).getAttribute('aria-expanded')).toBe('true');
    // The open end reads back as open.
    expect((within(panel).getByLabelText('价格 最大值') as HTMLInputElement).value).toBe('');
    expect((within(panel).getByLabelText('价格 最小值') as HTMLInputElement).value).toBe('10');
    fireEvent.click(screen.getByRole('button', { name: /重置/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title'));
    expect(inputOf(panel, '名称').value).toBe('');
  });

  it('filters by a reference picked from the other resource’s options, and names the applied one', async () => {
    const router = renderPage();
    await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
    const panel = filterForm();
    fireEvent.click(fieldItem(panel, '供应商').querySelector('.arco-select-view')!);
    const option = await waitFor(() => screen.getByRole('option', { name: 'Acme' }));
    expect(sent.some((r) => r.path === '/api/suppliers/options')).toBe(true);
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?supplier=7'));
    await waitFor(() => expect(lists().at(-1)!.query.get('supplier')).toBe('7'));
    cleanup();

    // Opened from a link: the picker asks for the label of the id the URL holds.
    sent = [];
    renderPage('/catalog/products?supplier=7');
    const again = filterForm();
    await waitFor(() => expect(fieldItem(again, '供应商').querySelector('.arco-select-view-value')?.textContent).toBe('Acme'));
    expect(sent.find((r) => r.path === '/api/suppliers/options')!.query.get('id')).toBe('7');
  });

  it('shows a column the definition hides once the operator asks for it, and keeps the density chosen', async () => {
    renderPage();
    await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const description = await waitFor(() => screen.getByRole('checkbox', { name: '描述' }));
    expect((description as HTMLInputElement).checked).toBe(false);
    fireEvent.click(description);
    await waitFor(() => expect(headers()).toContain('描述'));
    expect(firstRow().textContent).toContain('Warm light');
    fireEvent.click(screen.getByRole('button', { name: '密度' }));
    fireEvent.click(await waitFor(() => screen.getByRole('menuitem', { name: '迷你' })));
    await waitFor(() => expect(document.querySelector('.arco-table-size-mini')).not.toBeNull());
    // Kept for the next visit, in this browser.
    cleanup();
    renderPage();
    await waitFor(() => expect(headers()).toContain('描述'));
    expect(document.querySelector('.arco-table-size-mini')).not.toBeNull();
  });

  it('checks the form with the contract, and shows the server’s refusals on their fields', async () => {
    renderPage();
    await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
    fireEvent.click(screen.getByRole('button', { name: '新建' }));
    await waitFor(() => expect(drawer().textContent).toContain('新建商品'));
    const form = drawer();
    await press(form, /保\s*存/);
    await waitFor(() => expect(errorOf(form, '名称')).toBe('此项为必填项'));
    expect(errorOf(form, '价格')).toBe('此项为必填项');
    type(inputOf(form, '名称'), 'Floor lamp');
    type(inputOf(form, '编码'), 'ab');
    type(inputOf(form, '价格'), '-1');
    await press(form, /保\s*存/);
    await waitFor(() => expect(errorOf(form, '编码')).toBe('须为 3–20 个字符，可用 A–Z, 0–9, -'));
    expect(errorOf(form, '价格')).toBe('不能小于 0');
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    type(inputOf(form, '编码'), 'LAMP-1');
    type(inputOf(form, '价格'), '12.5');
    scripted['POST /api/products'] = [failure(409, 'UNIQUE_VIOLATION', [{ path: 'sku', message: '已有相同取值的记录' }], '已有相同取值的记录')];
    await press(form, /保\s*存/);
    await waitFor(() => expect(errorOf(form, '编码')).toBe('已有相同取值的记录'));
    // Every field goes, an empty one as null; the defaults as the definition gives them, and a scoped
    // record's as the pickers' call gave them (the caller's department and the caller), shown by name.
    expect(sent.find((r) => r.method === 'POST')!.body).toEqual({
      title: 'Floor lamp', sku: 'LAMP-1', price: '12.5', stock: 0, status: 'draft', launchedOn: null, featured: false,
      publishedAt: null, description: null, supplier: null, parent: null, department: 4, owner: 20,
    });
    expect(within(form).getByLabelText('所属部门', { selector: 'input' }).closest('.arco-tree-select')?.textContent).toContain('上海分部');
    expect(within(form).getByLabelText('负责人', { selector: 'input' }).closest('.arco-select')?.textContent).toContain('Me (me)');

    scripted['POST /api/products'] = [failure(400, 'VALIDATION_FAILED', [{ path: 'title', message: '名称已被停用' }], '提交的数据不正确')];
    type(inputOf(form, '编码'), 'LAMP-2');
    await press(form, /保\s*存/);
    await waitFor(() => expect(errorOf(form, '名称')).toBe('名称已被停用'));

    await press(form, /保\s*存/);
    await waitFor(() => expect(rows).toHaveLength(2));
    expect(Message.success).toHaveBeenCalledWith('创建成功');
    await waitFor(() => expect(document.body.textContent).toContain('LAMP-2'));
  });

  it('tells of a VERSION_CONFLICT, reloads the record on request, and saves at its new version', async () => {
    setLocale('en-US');
    renderPage();
    await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
    fireEvent.click(within(firstRow() as HTMLElement).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(drawer().textContent).toContain('Edit Product'));
    const form = drawer();
    expect(inputOf(form, 'Title').value).toBe('Desk lamp');
    // Set on create only.
    expect(inputOf(form, 'SKU').disabled).toBe(true);
    // Someone else saves first.
    Object.assign(rows[0]!, { title: 'Desk lamp (new)', version: 2 });
    type(inputOf(form, 'Title'), 'My lamp');
    await press(form, 'Save');
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toContain('Someone else saved this record first'));
    expect(inputOf(form, 'Title').value).toBe('My lamp');
    const put = sent.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/products/1');
    expect(put.body.version).toBe(1);
    expect(put.body).not.toHaveProperty('sku');
    expect(put.body.publishedAt).toBe('2026-02-01T04:05:06.000Z');

    fireEvent.click(within(form).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(inputOf(form, 'Title').value).toBe('Desk lamp (new)'));
    expect(within(form).queryByRole('alert')).toBeNull();
    type(inputOf(form, 'Title'), 'My lamp');
    await press(form, 'Save');
    await waitFor(() => expect(rows[0]!.title).toBe('My lamp'));
    expect(sent.filter((r) => r.method === 'PUT').at(-1)!.body.version).toBe(2);
    expect(rows[0]!.version).toBe(3);
  });

  it('says a save that changed nothing kept the record as it was, and closes the form', async () => {
    renderPage();
    await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
    fireEvent.click(within(firstRow() as HTMLElement).getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(drawer().textContent).toContain('编辑商品'));
    await press(drawer(), '保存');
    await waitFor(() => expect(Message.info).toHaveBeenCalledWith('没有修改，记录保持原样'));
    expect(Message.success).not.toHaveBeenCalled();
    expect(sent.find((r) => r.method === 'PUT')!.body.version).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes a row at its version once confirmed', async () => {
    rows[0]!.version = 4;
    renderPage();
    await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
    fireEvent.click(within(firstRow() as HTMLElement).getByRole('button', { name: '删除' }));
    const confirm = await waitFor(() => document.querySelector<HTMLElement>('.arco-popconfirm')!);
    expect(confirm.textContent).toContain('确定删除“Desk lamp”吗？');
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    const del = sent.find((r) => r.method === 'DELETE')!;
    expect([del.path, del.query.get('version')]).toEqual(['/api/products/1', '4']);
    await waitFor(() => expect(document.querySelector('tbody')?.textContent).not.toContain('Desk lamp'));
  });

  describe('a record\'s own page', () => {
    function renderRecord(entry: string) {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const router = createMemoryRouter(
        [
          { path: '/catalog/products/:id', element: <RecordPage def={product} /> },
          { path: '/catalog/products', element: <ResourcePage def={product} /> },
        ],
        { initialEntries: [entry] },
      );
      render(
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      return router;
    }

    it('shows every field, references as links to their records, and who changed what, newest first', async () => {
      renderRecord('/catalog/products/1');
      await waitFor(() => expect(screen.getByText('基本信息')).toBeTruthy());
      const fields = screen.getByRole('region', { name: '基本信息' });
      expect(fields.textContent).toContain('Desk lamp');
      expect(fields.textContent).toContain('19.90');
      expect(within(fields).getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe('/catalog/suppliers/7');
      expect(fields.textContent).toContain('华东区');
      const trail = await waitFor(() => {
        const region = screen.getByRole('region', { name: '操作记录' });
        expect(region.textContent).toContain('批量修改');
        return region;
      });
      const items = [...trail.querySelectorAll('.arco-timeline-item')].map((item) => item.textContent);
      expect(items[0]).toContain('Me');
      expect(items[0]).toContain('库存 5 → 3');
      expect(items[1]).toContain('创建');
      // a new record's values, each as it was set: nothing stood before them
      expect(items[1]).toContain('状态 在售');
      expect(items[1]).not.toContain('→');
      expect(screen.getByRole('button', { name: '编辑' })).toBeTruthy();
    });

    it('names a referred record beyond the reader\'s reach by its id, with no link to a page it cannot open', async () => {
      // the server sends no label for it (decision 057)
      scripted['GET /api/products/1'] = [new Response(JSON.stringify(envelope({ ...lamp(), labels: { supplier: {}, parent: {}, department: { '3': '华东区' }, owner: {} } })), { status: 200 })];
      renderRecord('/catalog/products/1');
      const fields = await waitFor(() => screen.getByRole('region', { name: '基本信息' }));
      expect(fields.textContent).toContain('#7');
      expect(within(fields).queryAllByRole('link')).toEqual([]);
    });

    it('is the 404 page for an id that names no record or one out of scope, and for one that is no id, without a toast', async () => {
      const error = vi.spyOn(Message, 'error').mockImplementation(() => () => {});
      renderRecord('/catalog/products/99');
      await waitFor(() => expect(screen.getByText('记录不存在，或不在你的数据权限范围内')).toBeTruthy());
      expect(sent.some((r) => r.path === '/api/products/99')).toBe(true);
      expect(sent.some((r) => r.path === '/api/products/99/trail')).toBe(false);
      cleanup();
      sent = [];
      renderRecord('/catalog/products/lamp');
      await waitFor(() => expect(screen.getByText('记录不存在，或不在你的数据权限范围内')).toBeTruthy());
      expect(sent.filter((r) => r.path.startsWith('/api/products/'))).toEqual([]);
      expect(error).not.toHaveBeenCalled();
    });

    it('is opened from the list by a record\'s title', async () => {
      const router = renderRecord('/catalog/products');
      const link = await waitFor(() => within(firstRow() as HTMLElement).getByRole('link', { name: 'Desk lamp' }));
      fireEvent.click(link);
      await waitFor(() => expect(router.state.location.pathname).toBe('/catalog/products/1'));
      await waitFor(() => expect(screen.getByText('基本信息')).toBeTruthy());
    });
  });

  describe('bulk actions', () => {
    const lamp2 = (): Row => ({ ...lamp(), id: 2, title: 'Floor lamp', sku: 'LAMP-2' });
    /** Ticks a row's box (named by its title: paged-table.tsx gives it the name its label carries). */
    const tick = async (title: string) => fireEvent.click(await waitFor(() => screen.getByRole('checkbox', { name: `选择“${title}”` })));
    const bar = () => screen.getByTestId('bulk-bar');
    const posted = (path: string) => sent.filter((r) => r.method === 'POST' && r.path === path);
    const dialogNamed = (name: string) => screen.getByRole('dialog', { name });

    it('picks rows by their named boxes and deletes them at their versions; a stale one is named and nothing goes', async () => {
      rows = [lamp(), lamp2()];
      rows[1]!.version = 3;
      const error = vi.spyOn(Message, 'error').mockImplementation(() => () => {});
      scripted['POST /api/products/bulk-delete'] = [failure(409, 'FIELD_LOCKED', { fields: 'all', ids: [2] }), failure(409, 'VERSION_CONFLICT', { records: [{ id: 2, version: 4 }] })];
      renderPage();
      await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
      expect(screen.queryByTestId('bulk-bar')).toBeNull();
      expect(screen.getByRole('checkbox', { name: '选择本页全部' })).toBeTruthy();
      await tick('Desk lamp');
      await tick('Floor lamp');
      await waitFor(() => expect(bar().textContent).toContain('已选择 2 条'));
      fireEvent.click(within(bar()).getByRole('button', { name: '批量删除' }));
      await waitFor(() => expect(dialogNamed('批量删除').textContent).toContain('确定删除这 2 条记录吗？'));
      fireEvent.click(within(dialogNamed('批量删除')).getByRole('button', { name: '删除' }));
      // a state that locks a record: its deletion refused as a deletion
      await waitFor(() => expect(error).toHaveBeenCalledWith('“Floor lamp” 当前的状态下不能删除，未删除任何记录'));
      fireEvent.click(within(bar()).getByRole('button', { name: '批量删除' }));
      await waitFor(() => expect(dialogNamed('批量删除')).toBeTruthy());
      fireEvent.click(within(dialogNamed('批量删除')).getByRole('button', { name: '删除' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith('“Floor lamp” 已被他人修改，未做任何修改；请刷新后重新选择'));
      expect(posted('/api/products/bulk-delete').map((r) => r.body)).toEqual([1, 2].map(() => ({ records: [{ id: 1, version: 1 }, { id: 2, version: 3 }] })));
      // the selection stays for another try, the list is asked again
      expect(bar().textContent).toContain('已选择 2 条');
      scripted['POST /api/products/bulk-delete'] = [new Response(JSON.stringify(envelope({ count: 2 })), { status: 200 })];
      fireEvent.click(within(bar()).getByRole('button', { name: '批量删除' }));
      await waitFor(() => expect(dialogNamed('批量删除')).toBeTruthy());
      fireEvent.click(within(dialogNamed('批量删除')).getByRole('button', { name: '删除' }));
      await waitFor(() => expect(Message.success).toHaveBeenCalledWith('已删除 2 条记录'));
      await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
    });

    it('takes every row the filters match once their count is asked, sets a field on them, and asks again when the count moved', async () => {
      const many = () => new Response(JSON.stringify(envelope({ list: rows, total: 25, totalCapped: false, current: 1, pageSize: 10, labels: { supplier: {}, parent: {} } })), { status: 200 });
      scripted['GET /api/products'] = [many(), many(), many()];
      const error = vi.spyOn(Message, 'error').mockImplementation(() => () => {});
      const ok = (data: unknown) => new Response(JSON.stringify(envelope(data)), { status: 200 });
      scripted['GET /api/products/count'] = [ok({ count: 25, capped: false })];
      scripted['POST /api/products/bulk-update'] = [failure(409, 'COUNT_CHANGED', { count: 26 }), ok({ count: 20, unchanged: 6 })];
      renderPage('/catalog/products?status=live');
      await tick('Desk lamp');
      fireEvent.click(within(bar()).getByText('选择符合条件的全部记录'));
      await waitFor(() => expect(bar().textContent).toContain('已选择符合条件的全部 25 条'));
      expect(sent.find((r) => r.path === '/api/products/count')!.query.get('status')).toBe('live');
      fireEvent.click(within(bar()).getByRole('button', { name: '批量修改' }));
      const dialog = await waitFor(() => dialogNamed('批量修改 25 条记录'));
      // the fields a bulk edit may set: not the read-only code, which is also unique
      fireEvent.click(fieldItem(dialog, '要修改的字段').querySelector('.arco-select-view')!);
      const offered = await waitFor(() => screen.getAllByRole('option').map((o) => o.textContent));
      expect(offered).toEqual(['名称', '价格', '库存', '状态', '上市日期', '推荐', '发布时间', '描述', '供应商', '上级商品', '所属部门', '负责人']);
      fireEvent.click(screen.getByRole('option', { name: '库存' }));
      type(await waitFor(() => inputOf(dialog, '库存改为')), '12');
      await press(dialog, '保存');
      await waitFor(() => expect(error).toHaveBeenCalledWith('符合条件的记录现在有 26 条，与确认时不同，未做任何修改；请确认后重试'));
      // the dialog stays, with the new count to confirm
      await waitFor(() => expect(dialogNamed('批量修改 26 条记录')).toBeTruthy());
      await press(dialogNamed('批量修改 26 条记录'), '保存');
      // the records that held 12 already were left as they were, and are said apart
      await waitFor(() => expect(Message.success).toHaveBeenCalledWith('已修改 20 条记录，6 条原本就是这个值，未改动'));
      expect(posted('/api/products/bulk-update').map((r) => r.body)).toEqual([
        { field: 'stock', value: 12, matching: { filters: { status: 'live' }, count: 25 } },
        { field: 'stock', value: 12, matching: { filters: { status: 'live' }, count: 26 } },
      ]);
    });

    it('shows a value the field refuses on its input, and sends nothing', async () => {
      renderPage();
      await tick('Desk lamp');
      fireEvent.click(within(bar()).getByRole('button', { name: '批量修改' }));
      const dialog = await waitFor(() => dialogNamed('批量修改 1 条记录'));
      fireEvent.click(fieldItem(dialog, '要修改的字段').querySelector('.arco-select-view')!);
      fireEvent.click(await waitFor(() => screen.getByRole('option', { name: '价格' })));
      type(await waitFor(() => inputOf(dialog, '价格改为')), '1.234');
      await press(dialog, '保存');
      await waitFor(() => expect(errorOf(dialog, '价格改为')).toBe('最多 2 位小数'));
      expect(posted('/api/products/bulk-update')).toEqual([]);

      // a value the record holds already: nothing changed, and it says so rather than 已修改 0 条
      const info = vi.spyOn(Message, 'info').mockImplementation(() => () => {});
      scripted['POST /api/products/bulk-update'] = [new Response(JSON.stringify(envelope({ count: 0, unchanged: 1 })), { status: 200 })];
      const listed = lists().length;
      type(inputOf(dialog, '价格改为'), '12.50');
      await press(dialog, '保存');
      await waitFor(() => expect(info).toHaveBeenCalledWith('所选的 1 条记录原本就是这个值，没有修改'));
      expect(Message.success).not.toHaveBeenCalled();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // the list asked again, here: a read sent after the test would take the next test's answers
      await waitFor(() => expect(lists().length).toBeGreaterThan(listed));
    });
  });

  it('says when the list could not be loaded, and loads it again on request', async () => {
    scripted['GET /api/products'] = [failure(500, 'INTERNAL')];
    renderPage();
    await waitFor(() => expect(screen.getByText('数据加载失败')).toBeTruthy());
    // Past the client's 900 ms sharing of identical reads, as a person's click would be.
    await new Promise((done) => setTimeout(done, 1000));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(firstRow().textContent).toContain('Desk lamp'));
  });
});
