import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { renderPdfFirstPage } from './pdf';
import { apiCall, chooseOption, type Login, logIn, newCompany, seriousViolations, unique } from './support';

/** A whole day at the counter takes many round trips: more patience than the default on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });
const shots = path.resolve(import.meta.dirname, '../../../e2e-screenshots');

/** A company of this spec's own: its cash register is no other spec's. */
let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

test.describe('a day at the counter', () => {
  test('opens the register, sells two products in cash, refunds one, closes with notes and gets the report', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await logIn(page, company, { language: 'es' });
    const id = unique();
    // The demo keeps today's register open once the centre has opened: start from a closed one.
    const open = await apiCall<{ currentCashAmount: number } | null>(
      page,
      'GET',
      '/admin/cash-register/open',
    );
    if (open)
      await apiCall(page, 'PATCH', '/admin/cash-register/close', {
        notes: 'Cierre previo e2e',
        countedCash: open.currentCashAmount,
      });
    const taxes = await apiCall<{ items: { id: number; percentage: number }[] }>(page, 'GET', '/admin/taxes');
    const vat = taxes.items.find((tax) => tax.percentage === 21)!;
    const candle = `Vela ${id}`;
    const oil = `Aceite ${id}`;
    await apiCall(page, 'POST', '/admin/products', {
      name: candle,
      type: 'regular',
      price: 12.5,
      taxType: vat.id,
    });
    await apiCall(page, 'POST', '/admin/products', {
      name: oil,
      type: 'regular',
      price: 14.9,
      taxType: vat.id,
    });

    // Open the register with 200 € from the header button.
    const dialog = page.getByTestId('cash-register-dialog');
    await page.getByTestId('cash-register-button').click();
    await dialog.getByTestId('initial-amount').fill('200');
    await dialog.getByTestId('open-register').click();
    await expect(page.getByText('La caja está abierta')).toBeVisible();

    // Sell a candle and an oil in cash.
    await page.goto('/orders/create');
    await chooseOption(page, page.getByTestId('order-line-0-product'), candle, candle);
    await page.getByTestId('order-add-line').click();
    await chooseOption(page, page.getByTestId('order-line-1-product'), oil, oil);
    await chooseOption(page, page.getByTestId('order-payment-method'), 'Efectivo');
    await expect(page.getByTestId('order-total')).toHaveText('27,40 €');
    const created = page.waitForResponse(
      (res) => res.url().endsWith('/v1/admin/orders') && res.request().method() === 'POST',
    );
    await page.getByTestId('order-save').click();
    const response = await created;
    expect(response.status(), await response.text()).toBe(201);
    const order = (await response.json()).data as { id: number; code: number; lines: { id: number }[] };
    await expect(page).toHaveURL(/\/orders$/);

    // Refund the candle, in cash.
    await page.goto(`/orders/refund/${order.id}`);
    await page.getByTestId(`refund-quantity-${order.lines[0]!.id}`).fill('1');
    await expect(page.getByTestId('refund-total')).toHaveText('12,50 €');
    await page.getByTestId('refund-submit').click();
    const refunded = page.waitForResponse((res) => res.url().includes(`/admin/orders/${order.id}/refund`));
    await page.getByTestId('refund-confirm').click();
    expect((await refunded).status()).toBe(201);

    // The summary: 200 + 27,40 − 12,50 in the drawer, the sale and the refund in their tables.
    await page.goto('/orders');
    await page.getByTestId('cash-register-button').click();
    await expect(dialog.getByTestId('current-cash')).toContainText('214,90 €');
    await expect(dialog.getByTestId('sold-cash')).toContainText(candle);
    await expect(dialog.getByTestId('sold-cash')).toContainText(oil);
    await expect(dialog.getByTestId('refund-cash')).toContainText(candle);
    await expect(dialog.getByTestId('refund-cash')).toContainText('12,50 €');
    expect(await seriousViolations(page), 'summary').toEqual([]);
    await page.screenshot({ path: path.join(shots, 'sales-register-summary-es-desktop.png') });

    // Close with the drawer counted as one amount (it balances) and notes: the report downloads at once.
    await dialog.getByTestId('close-register').click();
    await dialog.getByTestId('cash-count-mode').getByText('Un importe').click();
    await dialog.getByTestId('counted-cash').fill('214,90');
    await expect(dialog.getByTestId('cash-count-difference')).toHaveAttribute('data-difference', 'balanced');
    await dialog.getByLabel('Notas de cierre').fill('Cuadre correcto, una devolución');
    const download = page.waitForEvent('download');
    await dialog.getByTestId('confirm-close-register').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cash-register-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = await readFile(await file.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await renderPdfFirstPage(page, pdf, path.join(shots, 'sales-register-report-es.png'));

    // The history lists it closed, with its report.
    await page.goto('/cash-registers');
    const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect(first).toContainText('200,00 €');
    const again = page.waitForEvent('download');
    await first.getByTestId('register-report').click();
    expect((await again).suggestedFilename()).toBe(file.suggestedFilename());
  });
});
