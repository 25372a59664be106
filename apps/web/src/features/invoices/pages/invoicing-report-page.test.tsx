// @vitest-environment jsdom
import type { InvoicingReport } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { captureDownloads } from '../../../test/invoices';
import { renderInApp, testUser } from '../../../test/render';
import { InvoicingReportPage } from './invoicing-report-page';

const month = (m: number, total: number) => ({
  month: m,
  taxBase: Math.round((total / 1.21) * 100) / 100,
  tax: Math.round((total - total / 1.21) * 100) / 100,
  total,
});
const months = (totals: Record<number, number>) =>
  Array.from({ length: 12 }, (_, index) => month(index + 1, totals[index + 1] ?? 0));
const report: InvoicingReport = {
  year: 2025,
  items: [
    {
      productId: 5,
      productName: 'Masaje 60 min',
      months: months({ 1: 121, 3: 242 }),
      taxBase: 300,
      tax: 63,
      total: 363,
    },
    {
      productId: 6,
      productName: 'Crema hidratante',
      months: months({ 3: 12.1 }),
      taxBase: 10,
      tax: 2.1,
      total: 12.1,
    },
  ],
  totals: { months: months({ 1: 121, 3: 254.1 }), taxBase: 310, tax: 65.1, total: 375.1 },
};
const slow = { timeout: 8000 };
const long = 60_000;
const euros = (value: string) => `${value}\u00a0€`;

function fakeApi() {
  return stubFetch((url) => {
    const params = new URL(url, 'http://x').searchParams;
    const year = Number(params.get('year'));
    if (params.get('format') === 'csv') return { body: 'producto;enero\n' };
    if (params.get('format') === 'xlsx') return { body: 'PK\u0003\u0004' };
    return {
      body: {
        data:
          year === 2025
            ? report
            : {
                year,
                items: [],
                totals: { ...report.totals, months: months({}), taxBase: 0, tax: 0, total: 0 },
              },
      },
    };
  });
}

describe('InvoicingReportPage', () => {
  it(
    'shows the year’s products by month with a totals row, the figure chosen, and exports the CSV and the XLSX',
    async () => {
      const downloads = captureDownloads();
      const calls = fakeApi();
      const { router } = renderInApp(<InvoicingReportPage />, {
        path: '/reports/invoicing-by-product',
        route: '/reports/invoicing-by-product?year=2025',
        user: testUser({ can: ['orders_find'] }),
      });
      const table = await screen.findByTestId('report-table', undefined, slow);
      expect(calls[0]?.url).toBe('/v1/admin/reports/invoicing-by-product?year=2025');
      const masaje = within(table).getByText('Masaje 60 min').closest('tr') as HTMLElement;
      const cells = [...masaje.querySelectorAll('td')].map((cell) => cell.textContent);
      expect(cells).toHaveLength(14);
      expect(cells[1]).toBe(euros('121,00'));
      expect(cells[2]).toBe('—');
      expect(cells[3]).toBe(euros('242,00'));
      expect(cells[13]).toBe(euros('363,00'));
      const totals = screen.getByTestId('report-totals');
      expect([...totals.querySelectorAll('td')].map((cell) => cell.textContent)[3]).toBe(euros('254,10'));
      expect(screen.getByTestId('report-total-total').textContent).toContain(euros('375,10'));
      expect(screen.getByTestId('report-total-tax').textContent).toContain(euros('65,10'));

      // The tax base instead: the months and the year follow, and the URL keeps it.
      fireEvent.click(within(screen.getByTestId('report-figure')).getByText('Tax base'));
      await waitFor(() => expect(router.state.location.search).toContain('figure=taxBase'), slow);
      await waitFor(
        () =>
          expect([...masaje.querySelectorAll('td')].map((cell) => cell.textContent)[13]).toBe(
            euros('300,00'),
          ),
        slow,
      );

      fireEvent.click(screen.getByTestId('report-export'));
      await waitFor(() => expect(downloads.names).toEqual(['invoicing-by-product-2025.csv']), slow);
      expect(calls.at(-1)?.url).toBe('/v1/admin/reports/invoicing-by-product?year=2025&format=csv');
      fireEvent.click(screen.getByTestId('report-export-xlsx'));
      await waitFor(
        () =>
          expect(downloads.names).toEqual([
            'invoicing-by-product-2025.csv',
            'invoicing-by-product-2025.xlsx',
          ]),
        slow,
      );
      expect(calls.at(-1)?.url).toBe('/v1/admin/reports/invoicing-by-product?year=2025&format=xlsx');
    },
    long,
  );

  it('says so when nothing was invoiced in the year, with nothing to export', async () => {
    fakeApi();
    renderInApp(<InvoicingReportPage />, {
      path: '/reports/invoicing-by-product',
      route: '/reports/invoicing-by-product?year=2024',
      user: testUser({ can: ['orders_find'] }),
    });
    expect((await screen.findByTestId('report-empty', undefined, slow)).textContent).toContain(
      'No invoices were issued in 2024.',
    );
    expect((screen.getByTestId('report-export') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('report-export-xlsx') as HTMLButtonElement).disabled).toBe(true);
  });
});
