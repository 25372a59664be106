// @vitest-environment jsdom
import type { ListResult } from '@mostrador/contract';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../api/token';
import { renderInApp, testUser } from '../../test/render';
import { ResourceTable } from '../resource-table';
import type { ResourceColumn } from '../resource-table/types';
import { downloadExport } from './download-export';
import type { ExportProgress } from './export-request';

interface Row {
  id: number;
  image: number | null;
  name: string;
  percentage: number;
  status: string;
}

const columns: ResourceColumn<Row>[] = [
  { key: 'id', title: 'taxes.fields.id', sortable: true },
  { key: 'image', title: 'products.fields.image', exported: false },
  { key: 'name', title: 'taxes.fields.name', sortable: true },
  {
    key: 'status',
    title: 'orders.list.fields.status',
    exportValues: { paid: 'Paid', draft: 'Draft' },
  },
  { key: 'percentage', title: 'taxes.fields.percentage', sortable: true },
];

const answer: ListResult<Row> = {
  items: [{ id: 1, image: null, name: 'IVA 21%', percentage: 21, status: 'paid' }],
  total: 1,
  page: 1,
  limit: 50,
};

function useRows() {
  return useQuery({ queryKey: ['rows'], queryFn: async () => answer });
}

const encoder = new TextEncoder();

/** A Blob's text (jsdom's Blob has no `text()`). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** A streamed answer: `chunks` one by one, with the export's headers. */
function streamed(chunks: string[], headers: Record<string, string>, status = 200) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers });
}

interface Call {
  url: string;
  init: RequestInit;
}

function stubFetchWith(answerFor: () => Response): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return answerFor();
  }) as typeof fetch;
  return calls;
}

describe('downloadExport', () => {
  beforeEach(() => window.localStorage.clear());

  it('posts the body with the bearer token and reads the stream, telling each chunk', async () => {
    setToken('secret');
    const calls = stubFetchWith(() =>
      streamed(['Nombre;Importe\r\n', 'Ana;12,50\r\nLuis;', '3,00\r\n'], {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="pedidos.csv"',
        'x-export-rows': '2',
      }),
    );
    const seen: ExportProgress[] = [];
    const file = await downloadExport(
      'orders',
      { format: 'csv', columns: [{ key: 'name', label: 'Nombre' }] },
      { onProgress: (progress) => seen.push(progress) },
    );
    expect(calls[0]?.url).toBe('/v1/admin/exports/orders');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.headers).toMatchObject({ Authorization: 'Bearer secret' });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      format: 'csv',
      columns: [{ key: 'name', label: 'Nombre' }],
    });
    expect(seen.map((p) => [p.lines, p.done])).toEqual([
      [0, false],
      [1, false],
      [2, false],
      [3, false],
      [3, true],
    ]);
    expect(seen.every((p) => p.rows === 2)).toBe(true);
    expect(file.fileName).toBe('pedidos.csv');
    expect(file.rows).toBe(2);
    expect(await textOf(file.blob)).toBe('Nombre;Importe\r\nAna;12,50\r\nLuis;3,00\r\n');
  });

  it('turns a refusal into the API’s error', async () => {
    stubFetchWith(
      () =>
        new Response(JSON.stringify({ error: { code: 1000103, message: 'Forbidden' } }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(
      downloadExport('licenses', { format: 'xlsx', columns: [{ key: 'name', label: 'Name' }] }),
    ).rejects.toMatchObject({ status: 403, code: 1000103 });
  });

  it('stops when cancelled midway', async () => {
    const controller = new AbortController();
    globalThis.fetch = (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(encoder.encode('a\n'));
          init.signal?.addEventListener('abort', () =>
            stream.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { headers: { 'x-export-rows': '1000' } });
    }) as typeof fetch;
    const pending = downloadExport(
      'customers',
      { format: 'csv', columns: [{ key: 'id', label: 'ID' }] },
      {
        signal: controller.signal,
        onProgress: (progress) => {
          if (progress.lines === 1) controller.abort();
        },
      },
    );
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('ResourceTable’s export', () => {
  let clicked: { href: string; download: string }[] = [];

  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  function renderList(route: string, uiConfig = {}) {
    return renderInApp(
      <ResourceTable<Row>
        pageKey="rows"
        title="taxes.title"
        countKey="taxes.count"
        columns={columns}
        useList={useRows}
        defaultSort={{ field: 'name', order: 'asc' }}
        exportList="taxes"
        fixedFilters={{ supplierId: { eq: 4 } }}
      />,
      { path: '/taxes', route, user: testUser({ uiConfig }) },
    );
  }

  it('is not offered without an export list', async () => {
    renderInApp(
      <ResourceTable<Row>
        pageKey="rows"
        title="taxes.title"
        countKey="taxes.count"
        columns={columns}
        useList={useRows}
      />,
      { path: '/taxes' },
    );
    await screen.findByText('IVA 21%');
    expect(screen.queryByTestId('export-button')).toBeNull();
  });

  it('exports the shown columns in order, titled as shown, with the list’s search, filters and sort', async () => {
    const calls = stubFetchWith(() =>
      streamed(['Name;Status;Percentage\r\n', 'IVA 21%;Paid;21\r\n'], {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="taxes-2026.csv"',
        'x-export-rows': '1',
      }),
    );
    const filters = encodeURIComponent('{"name":{"like":"IVA"}}');
    renderList(`/taxes?q=iva&sort=percentage&order=desc&filters=${filters}`, {
      // Saved: the image shown, the id hidden (the chooser saves in the columns' order).
      lists: { rows: { columns: ['image', 'name', 'status', 'percentage'] } },
    });
    await screen.findByText('IVA 21%');
    fireEvent.click(screen.getByTestId('export-button'));
    fireEvent.click(await screen.findByText('CSV'));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('taxes-2026.csv');
    expect(await screen.findByText('Exported: taxes-2026.csv')).toBeTruthy();
    expect(calls[0]?.url).toBe('/v1/admin/exports/taxes');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      format: 'csv',
      columns: [
        { key: 'name', label: 'Name' },
        { key: 'status', label: 'Status', values: { paid: 'Paid', draft: 'Draft' } },
        { key: 'percentage', label: 'Percentage' },
      ],
      query: 'iva',
      filters: { name: { like: 'IVA' }, supplierId: { eq: 4 } },
      orders: { percentage: 'desc' },
    });
  });

  it('shows the progress while the file comes, and Cancel stops it', async () => {
    let signal: AbortSignal | undefined;
    globalThis.fetch = (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      signal = init.signal ?? undefined;
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(encoder.encode('PK\u0003\u0004'.padEnd(3400, 'x')));
          init.signal?.addEventListener('abort', () =>
            stream.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { headers: { 'x-export-rows': '120000' } });
    }) as typeof fetch;
    renderList('/taxes');
    await screen.findByText('IVA 21%');
    fireEvent.click(screen.getByTestId('export-button'));
    fireEvent.click(await screen.findByText('Excel (XLSX)'));

    expect(await screen.findByText('Exporting to Excel')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('export-progress-text').textContent).toBe('3,3 KB received'),
    );
    fireEvent.click(screen.getByTestId('export-cancel'));
    expect(await screen.findByText('Export cancelled')).toBeTruthy();
    expect(signal?.aborted).toBe(true);
    expect(clicked).toHaveLength(0);
  });

  it('says what the API refused', async () => {
    stubFetchWith(
      () =>
        new Response(JSON.stringify({ error: { code: 1000103, message: 'Forbidden' } }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderList('/taxes');
    await screen.findByText('IVA 21%');
    fireEvent.click(screen.getByTestId('export-button'));
    fireEvent.click(await screen.findByText('CSV'));
    const { default: en } = await import('../../i18n/locales/en.json');
    expect(await screen.findByText((en.errors as Record<string, string>)['1000103'] ?? '')).toBeTruthy();
    expect(clicked).toHaveLength(0);
  });
});
