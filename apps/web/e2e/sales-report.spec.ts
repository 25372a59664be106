import { readFileSync } from 'node:fs';
import type { SalesReport } from '@mostrador/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiCall, demo, logIn, screenshots, seriousViolations, switchLanguage } from './support';

/*
 * The sales report on the demo company (read only): last month's totals agree with the API's answer for the
 * same period, another preset changes them, the refunds link to their orders, CSV and XLSX download.
 */

const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', useGrouping: 'always' });

function period(page: Page) {
  const url = new URL(page.url());
  return { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' };
}

test('the sales report: last month against the API, this year, refunds, CSV and XLSX', async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, demo, { language: 'es', path: '/reports/sales' });
  await expect(page.getByRole('heading', { name: 'Informe de ventas' })).toBeVisible();

  await page.getByTestId('sales-report-preset').getByText('Mes pasado').click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  const last = period(page);
  const month = await apiCall<SalesReport>(
    page,
    'GET',
    `/admin/reports/sales?from=${last.from}&to=${last.to}`,
  );
  expect(month.totals.salesCount, 'the demo sold last month').toBeGreaterThan(0);
  await expect(page.getByTestId('sales-report-total-sales')).toContainText(euros.format(month.totals.sales));
  await expect(page.getByTestId('sales-report-total-refunds')).toContainText(
    euros.format(month.totals.refunds),
  );
  await expect(page.getByTestId('sales-report-total-net')).toContainText(euros.format(month.totals.net));

  // The payment methods used, in the table beside the chart; the products, the best net first.
  const methods = page.getByTestId('sales-report-method-table');
  await expect(methods.locator('tbody tr.ant-table-row')).toHaveCount(
    month.byPaymentMethod.filter((m) => m.salesCount > 0 || m.refundsCount > 0).length,
  );
  await expect(page.getByTestId('sales-report-chart')).toBeVisible();
  const best = [...month.byProduct].sort((a, b) => b.net - a.net)[0];
  if (best)
    await expect(
      page.getByTestId('sales-report-product-table').locator('tbody tr.ant-table-row').first(),
    ).toContainText(best.productName);
  expect(await seriousViolations(page), 'sales report').toEqual([]);

  // This year: other figures, as the API gives them.
  await page.getByTestId('sales-report-preset').getByText('Este año').click();
  await expect(page).toHaveURL(/from=\d{4}-01-01/);
  const thisYear = period(page);
  const year = await apiCall<SalesReport>(
    page,
    'GET',
    `/admin/reports/sales?from=${thisYear.from}&to=${thisYear.to}`,
  );
  await expect(page.getByTestId('sales-report-total-net')).toContainText(euros.format(year.totals.net));

  // A refund links to its order and to the one it refunds.
  const [refund] = year.refunds;
  if (refund) {
    const row = page.getByTestId('sales-report-refund-table').locator('tbody tr.ant-table-row').first();
    await expect(row.getByTestId('sales-report-refund-link')).toHaveAttribute(
      'href',
      `/orders/edit/${refund.orderId}`,
    );
    await expect(row.getByTestId('sales-report-original-link')).toHaveAttribute(
      'href',
      `/orders/edit/${refund.originalOrderId}`,
    );
  }

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('sales-report-export-csv').click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`informe-ventas-${thisYear.from}-${thisYear.to}.csv`);
  const text = readFileSync((await csv.path()) as string, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('Método de pago;');
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('sales-report-export-xlsx').click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe(`informe-ventas-${thisYear.from}-${thisYear.to}.xlsx`);
  expect(
    readFileSync((await xlsx.path()) as string)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  for (const language of ['es', 'en']) {
    await switchLanguage(page, language);
    await expect(page.getByTestId('sales-report-total-net')).toContainText(euros.format(year.totals.net));
    await screenshots(page, `sales-report-${language}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('sales-report-chart')).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(widths.page, 'page-level horizontal scroll').toBeLessThanOrEqual(widths.view);
  // On a phone each payment method, product, type and refund reads as a card: no table scrolls sideways.
  for (const table of ['method', 'product', 'type'])
    await expect(
      page.getByTestId(`sales-report-${table}-table`).getByTestId('report-card').first(),
    ).toBeVisible();
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid$="-table"]')]
      .filter((table) => table.scrollWidth > table.clientWidth + 1)
      .map((table) => table.dataset.testid),
  );
  expect(wide, 'tables scrolling sideways').toEqual([]);
  expect(await seriousViolations(page), 'sales report on a phone').toEqual([]);
});
