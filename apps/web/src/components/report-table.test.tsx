// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp, setViewportWidth } from '../test/render';
import { figureColumn, type ReportColumn, ReportTable } from './report-table';

interface Row {
  id: number;
  name: string;
  kind: string;
  units: number;
  net: number;
}

const rows: Row[] = [
  { id: 1, name: 'Candle', kind: 'Product', units: 2, net: 40 },
  { id: 2, name: 'Massage', kind: 'Service', units: 1, net: 60 },
];

const columns: ReportColumn<Row>[] = [
  { key: 'name', title: 'Name', phone: 'title', render: (row) => row.name },
  { key: 'kind', title: 'Kind', phone: 'subtitle', render: (row) => row.kind },
  figureColumn('units', 'Units', (row) => String(row.units)),
  {
    ...figureColumn<Row>('net', 'Net', (row) => `${row.net} €`),
    sorter: (a, b) => a.net - b.net,
    defaultSortOrder: 'descend',
  },
];

function renderTable() {
  return renderInApp(
    <ReportTable<Row>
      label="By product"
      columns={columns}
      rows={rows}
      rowKey={(row) => String(row.id)}
      totals={{ label: 'Totals', cells: { units: '3', net: '100 €' }, testId: 'totals' }}
      testId="report"
    />,
  );
}

describe('ReportTable', () => {
  afterEach(() => setViewportWidth(1024));

  it('is a table with its columns, sorted as asked, and a totals row under the figures', async () => {
    setViewportWidth(1024);
    renderTable();
    const table = await screen.findByTestId('report');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Kind', 'Units', 'Net']);
    const body = within(table).getAllByRole('row').slice(1, 3);
    expect(body.map((row) => row.textContent)).toEqual(['MassageService160 €', 'CandleProduct240 €']);
    const totals = screen.getByTestId('totals');
    expect([...totals.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Totals', '3', '100 €']);
    expect(screen.queryByTestId('report-card')).toBeNull();
    expect(screen.getByRole('region', { name: 'By product' })).toBeTruthy();
  });

  it('on a phone shows each row as a card of labelled lines, the totals last, the sort still there', async () => {
    setViewportWidth(390);
    renderTable();
    const cards = await screen.findAllByTestId('report-card');
    expect(cards.map((card) => card.textContent)).toEqual([
      'MassageServiceUnits1Net60 €',
      'CandleProductUnits2Net40 €',
    ]);
    expect(screen.getByTestId('totals').textContent).toBe('TotalsUnits3Net100 €');
    // One column, headed by the sort, which turns.
    const [header] = screen.getAllByRole('columnheader');
    expect(screen.getAllByRole('columnheader')).toHaveLength(1);
    expect(header?.textContent).toBe('Net');
    fireEvent.click(header as HTMLElement);
    expect(screen.getAllByTestId('report-card').map((card) => card.textContent?.slice(0, 6))).toEqual([
      'Candle',
      'Massag',
    ]);
  });
});
