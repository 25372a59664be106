// @vitest-environment jsdom
import type { ListResult } from '@mostrador/contract';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListParams } from '../../api/list-params';
import { stubFetch } from '../../test/fetch';
import { renderInApp, setViewportWidth, testUser } from '../../test/render';
import { ResourceTable } from './resource-table';
import type { ResourceColumn, ResourceTableProps } from './types';

interface Row {
  id: number;
  name: string;
  note: string;
}

const columns: ResourceColumn<Row>[] = [
  { key: 'id', title: 'taxes.fields.id', sortable: true },
  { key: 'name', title: 'taxes.fields.name', sortable: true },
  { key: 'note', title: 'taxes.fields.percentage', defaultHidden: true },
];

let seen: ListParams[] = [];
let answer: ListResult<Row> = { items: [], total: 0, page: 1, limit: 50 };

function useRows(params: ListParams) {
  return useQuery({
    queryKey: ['rows', params],
    queryFn: async () => {
      seen.push(params);
      return answer;
    },
  });
}

function renderTable(route = '/taxes', uiConfig = {}, more: Partial<ResourceTableProps<Row>> = {}) {
  return renderInApp(
    <ResourceTable<Row>
      {...more}
      pageKey="rows"
      title="taxes.title"
      countKey="taxes.count"
      columns={columns}
      useList={useRows}
      defaultSort={{ field: 'name', order: 'asc' }}
      primaryAction={{ label: 'New tax', onClick: () => {} }}
    />,
    { path: '/taxes', route, user: testUser({ uiConfig }) },
  );
}

describe('ResourceTable', () => {
  beforeEach(() => {
    seen = [];
    answer = {
      items: [
        { id: 1, name: 'IVA 21%', note: 'general' },
        { id: 2, name: 'IVA 10%', note: 'reduced' },
        { id: 3, name: 'IVA 4%', note: 'super-reduced' },
      ],
      total: 3,
      page: 1,
      limit: 50,
    };
  });

  it('shows the count, hides id and default-hidden columns, and asks with the default sort', async () => {
    renderTable();
    expect(await screen.findByText('3 taxes')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Name');
    expect(headers).not.toContain('ID');
    expect(headers).not.toContain('Percentage');
    expect(seen[0]).toEqual({
      page: 1,
      limit: 50,
      query: undefined,
      orders: { name: 'asc' },
      filters: undefined,
    });
  });

  it('reads page, sort, search and filters from the URL', async () => {
    const filters = encodeURIComponent('{"name":{"like":"IVA"}}');
    renderTable(`/taxes?page=2&sort=id&order=desc&q=iva&filters=${filters}`);
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(seen[0]).toEqual({
      page: 2,
      limit: 50,
      query: 'iva',
      orders: { id: 'desc' },
      filters: { name: { like: 'IVA' } },
    });
  });

  it('restores saved columns, page size and sort', async () => {
    renderTable('/taxes', {
      lists: { rows: { columns: ['id', 'note'], pageSize: 20, sortField: 'id', sortOrder: 'desc' } },
    });
    await screen.findByText('3 taxes');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['ID', 'Percentage']));
    expect(headers).not.toContain('Name');
    expect(seen[0]).toMatchObject({ limit: 20, orders: { id: 'desc' } });
  });

  it('puts a sort in the URL and saves it with the whole uiConfig', async () => {
    const calls = stubFetch((_url, init) => ({ body: { data: JSON.parse(String(init.body)) } }));
    const { router } = renderTable('/taxes', { theme: { mode: 'dark', primaryColor: '#123456' } });
    await screen.findByText('3 taxes');
    const nameHeader = screen.getAllByRole('columnheader').find((h) => h.textContent === 'Name');
    fireEvent.click(nameHeader as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toContain('sort=name'));
    expect(router.state.location.search).toContain('order=desc');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/v1/admin/settings/uiConfig');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      uiConfig: {
        theme: { mode: 'dark', primaryColor: '#123456' },
        lists: { rows: { sortField: 'name', sortOrder: 'desc' } },
      },
    });
  });

  it('searches 300 ms after typing stops, from page 1', async () => {
    const { router } = renderTable('/taxes?page=3');
    await screen.findByText('3 taxes');
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'iva' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(router.state.location.search).toBe('?page=3');
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    expect(router.state.location.search).toBe('?q=iva');
  });

  it('shows "10.000+" when the server stopped counting', async () => {
    answer = { ...answer, total: 10_000, totalCapped: true };
    renderTable();
    expect(await screen.findByText('10.000+ taxes')).toBeTruthy();
  });

  it('says why a list is empty and offers the primary action', async () => {
    answer = { items: [], total: 0, page: 1, limit: 50 };
    renderTable();
    const empty = await screen.findByTestId('table-empty');
    expect(within(empty).getByText('There is nothing here yet.')).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'New tax' })).toBeTruthy();
  });

  it('offers to clear the search when nothing matches', async () => {
    answer = { items: [], total: 0, page: 1, limit: 50 };
    renderTable('/taxes?q=zzz');
    expect(await screen.findByText('Nothing matches your search or filters.')).toBeTruthy();
  });

  describe('on a phone', () => {
    afterEach(() => setViewportWidth(1024));
    const phoneCard = (row: Row) => `${row.name} (${row.note})`;
    const rowActions = (row: Row) => <button type="button">Edit {row.name}</button>;

    it('shows a card per row in place of the columns, headed by the sorted column, actions beside', async () => {
      setViewportWidth(390);
      renderTable('/taxes', {}, { phoneCard, rowActions });
      const cards = await screen.findAllByTestId('phone-card');
      expect(cards.map((card) => card.textContent)).toEqual([
        'IVA 21% (general)',
        'IVA 10% (reduced)',
        'IVA 4% (super-reduced)',
      ]);
      expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Actions']);
      expect(screen.getByRole('button', { name: 'Edit IVA 4%' })).toBeTruthy();
    });

    it('keeps the columns from 576 px up, and on phones for lists without a card', async () => {
      setViewportWidth(576);
      const view = renderTable('/taxes', {}, { phoneCard });
      expect(await screen.findByText('IVA 21%')).toBeTruthy();
      expect(screen.queryByTestId('phone-card')).toBeNull();
      view.unmount();
      setViewportWidth(390);
      renderTable();
      expect(await screen.findByText('IVA 21%')).toBeTruthy();
      expect(screen.queryByTestId('phone-card')).toBeNull();
    });
  });
});
