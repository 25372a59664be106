// @vitest-environment jsdom
import type { SalesReport } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { captureDownloads } from '../../../test/invoices';
import { renderInApp, testUser } from '../../../test/render';
import { SalesReportPage } from './sales-report-page';

const zero = { salesCount: 0, sales: 0, refundsCount: 0, refunds: 0, net: 0 };
const report: SalesReport = {
  from: '2026-03-01',
  to: '2026-03-31',
  byPaymentMethod: [
    { paymentMethod: 'cash', salesCount: 3, sales: 90, refundsCount: 1, refunds: 20, net: 70 },
    { paymentMethod: 'card', salesCount: 2, sales: 150.5, refundsCount: 0, refunds: 0, net: 150.5 },
    { paymentMethod: 'transfer', ...zero },
  ],
  byProduct: [
    {
      productId: 5,
      productName: 'Masaje 60 min',
      productType: 'bookable',
      units: 2,
      salesCount: 2,
      sales: 100,
      refundsCount: 1,
      refunds: 20,
      net: 80,
    },
    {
      productId: 6,
      productName: 'Crema hidratante',
      productType: 'regular',
      units: 5,
      salesCount: 3,
      sales: 140.5,
      refundsCount: 0,
      refunds: 0,
      net: 140.5,
    },
  ],
  byProductType: [
    { productType: 'bookable', units: 2, salesCount: 2, sales: 100, refundsCount: 1, refunds: 20, net: 80 },
    {
      productType: 'regular',
      units: 5,
      salesCount: 3,
      sales: 140.5,
      refundsCount: 0,
      refunds: 0,
      net: 140.5,
    },
  ],
  refunds: [
    {
      orderId: 41,
      code: 1041,
      originalOrderId: 30,
      originalCode: 1030,
      paymentDate: '2026-03-12T10:00:00Z',
      paymentMethod: 'cash',
      amount: 20,
      customerName: 'Ana García',
    },
  ],
  totals: { salesCount: 1205, sales: 240.5, refundsCount: 1, refunds: 20, net: 220.5 },
};
const slow = { timeout: 8000 };
const euros = (value: string) => `${value}\u00a0€`;

describe('SalesReportPage', () => {
  it('shows the totals, the payment methods, the products by net, the types and the refunds; exports both files', async () => {
    const downloads = captureDownloads();
    const calls = stubFetch((url) => {
      const params = new URL(url, 'http://x').searchParams;
      if (params.get('format')) return { body: 'forma de pago;ventas\n' };
      return { body: { data: report } };
    });
    renderInApp(<SalesReportPage />, {
      path: '/reports/sales',
      route: '/reports/sales?from=2026-03-01&to=2026-03-31',
      user: testUser({ can: ['orders_find'] }),
    });
    const methods = await screen.findByTestId('sales-report-method-table', undefined, slow);
    expect(calls[0]?.url).toBe('/v1/admin/reports/sales?from=2026-03-01&to=2026-03-31');
    expect(screen.getByTestId('sales-report-total-sales').textContent).toContain(euros('240,50'));
    expect(screen.getByTestId('sales-report-total-refunds').textContent).toContain(euros('20,00'));
    expect(screen.getByTestId('sales-report-total-net').textContent).toContain(euros('220,50'));
    expect(screen.getByText('1.205 sales')).toBeTruthy();
    expect(screen.getByText('1 refund')).toBeTruthy();

    // Only the methods used, named in the language; the chart is named for assistive technology.
    const methodRows = within(methods).getAllByRole('row').slice(1);
    expect(methodRows.map((row) => row.querySelector('td')?.textContent)).toEqual(['Cash', 'Card']);
    expect(methodRows[0]?.textContent).toContain(euros('70,00'));
    expect(screen.getByTestId('sales-report-chart').getAttribute('role')).toBe('img');

    // Products by net, highest first; a click on the header turns the order round.
    const productNames = () =>
      within(screen.getByTestId('sales-report-product-table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    expect(productNames()).toEqual(['Crema hidratante', 'Masaje 60 min']);
    fireEvent.click(within(screen.getByTestId('sales-report-product-table')).getByText('Net'));
    await waitFor(() => expect(productNames()).toEqual(['Masaje 60 min', 'Crema hidratante']), slow);

    const types = screen.getByTestId('sales-report-type-table');
    expect(within(types).getByText('Bookable service')).toBeTruthy();
    expect(within(types).getByText('Product')).toBeTruthy();

    // The refund and the order it refunds, each a link to its order.
    expect(screen.getByTestId('sales-report-refund-link').getAttribute('href')).toBe('/orders/edit/41');
    expect(screen.getByTestId('sales-report-refund-link').textContent).toBe('#1041');
    expect(screen.getByTestId('sales-report-original-link').getAttribute('href')).toBe('/orders/edit/30');
    expect(within(screen.getByTestId('sales-report-refund-table')).getByText('Ana García')).toBeTruthy();

    fireEvent.click(screen.getByTestId('sales-report-export-xlsx'));
    await waitFor(() => expect(downloads.names).toEqual(['sales-report-2026-03-01-2026-03-31.xlsx']), slow);
    expect(calls.at(-1)?.url).toBe('/v1/admin/reports/sales?from=2026-03-01&to=2026-03-31&format=xlsx');
    fireEvent.click(screen.getByTestId('sales-report-export-csv'));
    await waitFor(() => expect(downloads.names).toHaveLength(2), slow);
    expect(downloads.names[1]).toBe('sales-report-2026-03-01-2026-03-31.csv');
  }, 60_000);

  it('says so when nothing was sold or refunded in the period', async () => {
    stubFetch(() => ({
      body: {
        data: {
          ...report,
          from: '2025-01-01',
          to: '2025-01-31',
          byPaymentMethod: [{ paymentMethod: 'cash', ...zero }],
          byProduct: [],
          byProductType: [],
          refunds: [],
          totals: zero,
        },
      },
    }));
    renderInApp(<SalesReportPage />, {
      path: '/reports/sales',
      route: '/reports/sales?from=2025-01-01&to=2025-01-31',
      user: testUser({ can: ['orders_find'] }),
    });
    expect((await screen.findByTestId('sales-report-empty', undefined, slow)).textContent).toContain(
      'No sales or refunds in this period.',
    );
  });
});
