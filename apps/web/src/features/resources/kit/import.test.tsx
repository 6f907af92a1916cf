import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { resourceMessages } from '@atrium/contracts/resource-names';
import type { ImportJob } from '@atrium/contracts/resource-import';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Registry from '@atrium/contracts/slices';

/** A resource as a team would declare it, the registry's here, so its permissions are in the catalogue. */
const fx = await vi.hoisted(async () => {
  const { defineResource } = await import('@atrium/contracts/resource');
  const l = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
  const product = defineResource({
    name: 'product',
    label: l('商品', 'Product'),
    pluralLabel: l('商品', 'Products'),
    menu: { group: 'catalog', groupLabel: l('商品中心', 'Catalog'), order: 9 },
    fields: [
      { name: 'title', type: 'string', label: l('名称', 'Title'), required: true, max: 80, filter: 'contains' },
      { name: 'sku', type: 'string', label: l('编码', 'SKU'), required: true, unique: true },
      { name: 'price', type: 'decimal', scale: 2, min: 0, label: l('价格', 'Price'), required: true },
    ],
  });
  return { product };
});

vi.mock('@atrium/contracts/slices', async (importOriginal) => {
  const registry = await importOriginal<typeof Registry>();
  const { resourceSlice } = await import('@atrium/contracts/resource-slice');
  const sliceDefs = [...registry.sliceDefs.filter((s) => !s.resource), resourceSlice(fx.product)];
  return { ...registry, slices: sliceDefs, sliceDefs, resources: [fx.product] };
});
vi.mock('../../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { envelope, signedInFetch } = await import('../../../test/signed-in-fetch');
const { dictionaries, setLocale } = await import('../../../lib/i18n');
const { useSession } = await import('../../../stores/session');
const { useSettings } = await import('../../../stores/settings');
const { ResourcePage } = await import('./resource-page');
const { toastError } = await import('../../../lib/feedback');

const { product } = fx;
const failure = (status: number, error: string, details?: unknown) => new Response(JSON.stringify({ status: 'error', code: status, message: '', data: { error, details }, traceId: 't' }), { status });
const ok = (data: unknown) => new Response(JSON.stringify(envelope(data)), { status: 200 });

/** The server's import as it moves: what each call of the test finds. */
let job: ImportJob | null;
/** The answers a GET of the import gives while it runs, one per ask, then the job as it is. */
let steps: Partial<ImportJob>[];
let sent: { method: string; path: string; body: unknown }[];
/** The server finds nothing to import in the file. */
let refuseUpload = false;

const uploaded = (): ImportJob => ({
  id: 5,
  fileName: 'stock.csv',
  format: 'csv',
  status: 'uploaded',
  columns: ['名称', 'SKU', '价格', '备注'],
  suggested: ['title', 'sku', 'price', null],
  unmatched: [3],
  preview: [['Desk lamp', 'LAMP-1', '19.90', 'x']],
  rows: 3,
  mapping: null,
  matchBy: null,
  progress: { done: 0, total: 3 },
  counts: { created: 0, updated: 0, unchanged: 0 },
  errorRows: 0,
  errors: [],
  errorsCapped: false,
  failure: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
});

/** XMLHttpRequest as the upload sends it, answered by the same fake server. */
class FakeXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  status = 0;
  statusText = '';
  responseText = '';
  timeout = 0;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  private method = '';
  open(method: string, url: string) {
    [this.method, this.url] = [method, url];
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  abort() {}
  send() {
    void answer(this.url, { method: this.method }).then(async (res) => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
      [this.status, this.responseText] = [res.status, await res.text()];
      this.onload?.();
    });
  }
}

/** The server's clock: each change of the import moves its `updatedAt`, as the server's does. */
let tick = 0;
const moved = (change: Partial<ImportJob>): ImportJob => ({ ...job!, ...change, updatedAt: new Date(Date.UTC(2026, 2, 1, 8, 0, ++tick)).toISOString() });

async function answer(url: string, init: RequestInit): Promise<Response> {
  const [path = ''] = url.split('?');
  const method = init.method ?? 'GET';
  const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
  sent.push({ method, path, body });
  if (path === '/api/products' && method === 'GET') return ok({ list: [], total: 0, totalCapped: false, current: 1, pageSize: 10, labels: {} });
  if (path === '/api/products/imports/latest') return ok(job);
  // the filters' department and owner pickers of a scoped resource
  if (path === '/api/scope/product/departments') return ok({ list: [{ id: 3, parentId: 1, name: '华东区', status: 'active' }], defaults: { department: 3, owner: { id: 20, label: 'Me (me)' } } });
  if (path === '/api/scope/product/owners') return ok([{ id: 20, label: 'Me (me)' }]);
  if (path === '/api/products/imports' && method === 'POST') return refuseUpload ? failure(400, 'VALIDATION_FAILED', [{ path: 'file', message: 'The file has a header but no rows' }]) : ok((job = uploaded()));
  if (path === '/api/products/imports/5' && method === 'GET') {
    const next = steps.shift();
    if (next) job = moved(next);
    return ok(job);
  }
  if (path === '/api/products/imports/5/check') {
    const mapping = (body as { mapping: (string | null)[] }).mapping;
    if (mapping[3] === undefined) return failure(400, 'VALIDATION_FAILED', [{ path: 'mapping[3]', message: '列“备注”没有对应的字段：请选择字段，或选择忽略' }]);
    return ok((job = moved({ status: 'checking', mapping, matchBy: (body as { matchBy: string | null }).matchBy })));
  }
  if (path === '/api/products/imports/5/commit') return ok((job = moved({ status: 'writing', progress: { done: 0, total: 3 } })));
  if (path === '/api/products/imports/5/cancel') return ok(job);
  if (path === '/api/products/imports/template') return new Response(new Uint8Array([80, 75, 3, 4]), { status: 200, headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
  return failure(404, 'NOT_FOUND');
}

beforeAll(() => {
  for (const locale of ['zh-CN', 'en-US'] as const) Object.assign(dictionaries[locale]!, resourceMessages([fx.product], locale));
});

/**
 * jsdom's FormData and File do not stream into Node's Response, which the upload serialises the form with
 * (to sign its bytes): the test's form and files are Node's own, as a browser's are its own.
 */
const NodeFormData = (await new Response('', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData()).constructor as typeof FormData;
const { File: NodeFile } = await import('node:buffer');

beforeEach(() => {
  setLocale('zh-CN');
  vi.stubGlobal('FormData', NodeFormData);
  useSession.setState({ role: 'admin', permissions: ['product:read', 'product:write', 'product:import'] });
  job = null;
  steps = [];
  refuseUpload = false;
  vi.mocked(toastError).mockClear();
  sent = [];
  signedInFetch('import', answer);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(Message, 'success').mockImplementation(() => () => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/catalog/products', element: <ResourcePage def={product} /> }], { initialEntries: ['/catalog/products'] });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const dialog = () => screen.getByRole('dialog');
async function chooseFile(name = 'stock.csv', type = 'text/csv') {
  const input = dialog().querySelector<HTMLInputElement>('input[type=file]')!;
  fireEvent.change(input, { target: { files: [new NodeFile(['名称,SKU,价格,备注\n'], name, { type })] } });
}
const mappingSelect = (column: string) => within(dialog()).getByRole('combobox', { name: `“${column}”对应的字段` });

describe('a resource\'s import', () => {
  it('shows 导入 only to a role holding <name>:import', async () => {
    useSession.setState({ role: 'viewer', permissions: ['product:read', 'product:write'] });
    renderPage();
    await waitFor(() => expect(screen.getByRole('button', { name: '新建' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
    expect(sent.some((r) => r.path.startsWith('/api/products/imports'))).toBe(false);
  });

  it('lists a file\'s columns in two on a phone: each with its first row\'s value under it, its field beside it', async () => {
    useSettings.setState({ device: 'mobile' });
    try {
      renderPage();
      fireEvent.click(await screen.findByRole('button', { name: '导入' }));
      await chooseFile();
      await waitFor(() => expect(mappingSelect('名称')).toBeTruthy());
      expect([...dialog().querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['文件中的列', '对应字段']);
      const first = mappingSelect('名称').closest('tr')!;
      expect(first.querySelector('td')!.textContent).toBe('名称Desk lamp');
      // nothing to scroll sideways for
      expect(dialog().querySelector('.arco-table-scroll-x')).toBeNull();
    } finally {
      useSettings.setState({ device: 'desktop' });
    }
  });

  it('reads a file, maps its columns by their headers, asks about the one it cannot place, checks, lists the problems', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '导入' }));
    expect(within(dialog()).getByText('导入商品')).toBeTruthy();
    await chooseFile();
    await waitFor(() => expect(within(dialog()).getByText('“stock.csv”共 3 行。请确认每一列对应的字段，不需要的列选择忽略。')).toBeTruthy());
    // the suggested fields are chosen; the column no field answers to waits for the person
    expect(mappingSelect('名称').textContent).toContain('名称');
    expect(mappingSelect('价格').textContent).toContain('价格');
    expect(mappingSelect('备注').textContent).toContain('请选择');
    fireEvent.click(within(dialog()).getByRole('button', { name: '检查数据' }));
    expect(await within(dialog()).findByText('请选择字段，或选择忽略此列')).toBeTruthy();
    expect(sent.some((r) => r.path.endsWith('/check'))).toBe(false);

    // ignored: the check goes with the mapping, null for that column
    fireEvent.click(mappingSelect('备注'));
    fireEvent.click(await screen.findByRole('option', { name: '忽略此列' }));
    steps = [{ status: 'checking', progress: { done: 1, total: 3 } }, {
      status: 'checked', progress: { done: 3, total: 3 }, errorRows: 1, counts: { created: 2, updated: 0, unchanged: 0 },
      errors: [{ row: 3, column: '价格', field: 'price', message: '须为数字，例如 12.50' }],
    }];
    fireEvent.click(within(dialog()).getByRole('button', { name: '检查数据' }));
    await waitFor(() => expect(sent.find((r) => r.path.endsWith('/check'))?.body).toEqual({ mapping: ['title', 'sku', 'price', null], matchBy: null }));
    expect(await within(dialog()).findByText('1 行有问题，未导入任何数据。请修改文件后重新导入。')).toBeTruthy();
    const problem = within(dialog()).getByText('须为数字，例如 12.50').closest('tr')!;
    expect([...problem.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['3', '价格', '须为数字，例如 12.50']);
    // nothing to write: no button for it, the report and the ways back instead
    expect(within(dialog()).queryByRole('button', { name: /^导入 / })).toBeNull();
    for (const name of ['下载问题清单', '重新选择文件', '修改对应字段']) expect(within(dialog()).getByRole('button', { name })).toBeTruthy();
  });

  it('writes a checked import, follows it to the end, says what it did and refreshes the list', async () => {
    job = { ...uploaded(), status: 'checked', mapping: ['title', 'sku', 'price', null], counts: { created: 2, updated: 1, unchanged: 0 } };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '导入' }));
    // opened again, the import waiting to be written is the dialog's
    expect(await within(dialog()).findByText('检查通过：将新建 2 条，更新 1 条。')).toBeTruthy();
    const listsBefore = sent.filter((r) => r.method === 'GET' && r.path === '/api/products').length;
    // the write found the matched row as its record was: said apart from the updated ones
    steps = [{ status: 'writing', progress: { done: 2, total: 3 } }, { status: 'done', progress: { done: 3, total: 3 }, counts: { created: 2, updated: 0, unchanged: 1 } }];
    fireEvent.click(within(dialog()).getByRole('button', { name: '导入 3 条' }));
    await waitFor(() => expect(Message.success).toHaveBeenCalledWith('导入完成：新建 2 条，更新 0 条，1 条与原记录相同，未改动'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((r) => r.method === 'POST' && r.path.endsWith('/commit'))).toHaveLength(1);
    await waitFor(() => expect(sent.filter((r) => r.method === 'GET' && r.path === '/api/products').length).toBeGreaterThan(listsBefore));
  });

  it('hands out the template of the columns it reads before a file is chosen', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '导入' }));
    fireEvent.click(await within(dialog()).findByText('下载导入模板'));
    await waitFor(() => expect(sent.filter((r) => r.path === '/api/products/imports/template')).toEqual([{ method: 'GET', path: '/api/products/imports/template', body: undefined }]));
    // the dialog stays, waiting for the file
    expect(within(dialog()).getByText('点击或拖动文件到这里')).toBeTruthy();
  });

  it('says which matched rows hold their records already, and offers no write when no row changes anything', async () => {
    job = { ...uploaded(), status: 'checked', mapping: ['title', 'sku', 'price', null], counts: { created: 1, updated: 0, unchanged: 2 } };
    const { unmount } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '导入' }));
    expect(await within(dialog()).findByText('检查通过：将新建 1 条，更新 0 条；2 条与原记录相同，不会改动。')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: '导入 1 条' })).toBeTruthy();
    unmount();

    job = { ...job, counts: { created: 0, updated: 0, unchanged: 3 } };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '导入' }));
    expect(await within(dialog()).findByText('文件中的 3 行都与原记录相同，没有要导入的修改。')).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: /^导入 / })).toBeNull();
    for (const name of ['重新选择文件', '修改对应字段']) expect(within(dialog()).getByRole('button', { name })).toBeTruthy();
  });

  it('checks a file and writes it in one sitting: the check\'s last answer never stands for the write\'s', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '导入' }));
    await chooseFile();
    fireEvent.click(await within(dialog()).findByRole('combobox', { name: '“备注”对应的字段' }));
    fireEvent.click(await screen.findByRole('option', { name: '忽略此列' }));
    steps = [{ status: 'checked', progress: { done: 3, total: 3 }, counts: { created: 3, updated: 0, unchanged: 0 } }];
    fireEvent.click(within(dialog()).getByRole('button', { name: '检查数据' }));
    expect(await within(dialog()).findByText('检查通过：将新建 3 条，更新 0 条。')).toBeTruthy();
    steps = [{ status: 'writing', progress: { done: 1, total: 3 } }, { status: 'done', progress: { done: 3, total: 3 } }];
    fireEvent.click(within(dialog()).getByRole('button', { name: '导入 3 条' }));
    await waitFor(() => expect(Message.success).toHaveBeenCalledWith('导入完成：新建 3 条，更新 0 条'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps a running import\'s progress on the page\'s button, follows it when opened again, and cancels it', async () => {
    job = { ...uploaded(), status: 'checking', mapping: ['title', 'sku', 'price', null], progress: { done: 45, total: 100 } };
    renderPage();
    const button = await screen.findByRole('button', { name: '导入中 45%' });
    steps = [{}, {}, {}];
    fireEvent.click(button);
    expect(await within(dialog()).findByText('已处理 45 / 100 行')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: '取消导入' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path.endsWith('/cancel'))).toBe(true));
    steps = [{ status: 'cancelled', failure: '导入已取消：未写入任何数据' }];
    expect(await within(dialog()).findByText('导入已取消：未写入任何数据')).toBeTruthy();
  });

  it('says why a file is not taken, before and after sending it, in the person\'s language', async () => {
    setLocale('en-US');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    await chooseFile('notes.txt', 'text/plain');
    expect(await within(dialog()).findByText('Choose a CSV or XLSX file')).toBeTruthy();
    expect(sent.some((r) => r.path === '/api/products/imports' && r.method === 'POST')).toBe(false);
    // sent, and refused by the server: its reason under the drop zone, the dialog still open for another file
    refuseUpload = true;
    await chooseFile('header-only.csv');
    expect(await within(dialog()).findByText('The file has a header but no rows')).toBeTruthy();
    expect(within(dialog()).getByText('Click or drag a file here')).toBeTruthy();
    expect(toastError).not.toHaveBeenCalled();
  });
});
