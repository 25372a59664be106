import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { renderPdfFirstPage } from './pdf';
import {
  apiCall,
  chooseOption,
  closeRegisterByApi,
  type Login,
  logIn,
  newCompany,
  screenshots,
  seriousViolations,
  unique,
} from './support';

/** A day at the front desk takes many round trips: more patience than the default on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });
const shots = path.resolve(import.meta.dirname, '../../../e2e-screenshots');

/** A company of this spec's own: its cash register is no other spec's. */
let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

/** A product of its own at 27,40 € (21 % VAT), and the register open with 100 € in the drawer. */
async function setUp(page: Page) {
  await closeRegisterByApi(page, 'e2e front desk');
  const taxes = await apiCall<{ items: { id: number; percentage: number }[] }>(page, 'GET', '/admin/taxes');
  const vat = taxes.items.find((tax) => tax.percentage === 21)!;
  const name = `Champú ${unique()}`;
  await apiCall(page, 'POST', '/admin/products', { name, type: 'regular', price: 27.4, taxType: vat.id });
  await apiCall(page, 'POST', '/admin/cash-register/open', { initialAmount: 100 });
  return name;
}

/** Sells the product in cash in the order form, reading the change for `given` on the way. */
async function sellInCash(page: Page, product: string, cash: string, given: string, change: string) {
  await page.goto('/orders/create');
  await chooseOption(page, page.getByTestId('order-line-0-product'), product, product);
  await chooseOption(page, page.getByTestId('order-payment-method'), cash);
  await expect(page.getByTestId('order-total')).toHaveText('27,40 €');
  const calculator = page.getByTestId('change-calculator');
  await calculator.getByTestId('change-given').fill(given);
  await expect(calculator.getByTestId('change-amount')).toHaveText(change);
}

async function saveOrder(page: Page) {
  const created = page.waitForResponse(
    (res) => res.url().endsWith('/v1/admin/orders') && res.request().method() === 'POST',
  );
  await page.getByTestId('order-save').click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  await expect(page).toHaveURL(/\/orders$/);
}

test.describe('the front desk cash', () => {
  test('a cash sale reads its change; closing counts the drawer note by note, confirms the difference and keeps it (es)', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await logIn(page, company, { language: 'es' });
    const product = await setUp(page);

    // The cash sale: 50 € given for 27,40 € is 22,60 € of change; 20 € is 7,40 € short.
    await sellInCash(page, product, 'Efectivo', '50', '22,60 €');
    const calculator = page.getByTestId('change-calculator');
    await expect(calculator).toContainText('Cambio a devolver');
    expect(await seriousViolations(page), 'change calculator').toEqual([]);
    await screenshots(page, 'front-desk-change-es');
    await calculator.getByTestId('change-given').fill('20');
    await expect(calculator.getByTestId('change-amount')).toHaveText('7,40 €');
    await expect(calculator).toContainText('Falta por pagar');
    // Not in cash, no change to give.
    await chooseOption(page, page.getByTestId('order-payment-method'), 'Tarjeta');
    await expect(calculator).toHaveCount(0);
    await chooseOption(page, page.getByTestId('order-payment-method'), 'Efectivo');
    await saveOrder(page);

    // Closing: 100 + 27,40 = 127,40 € expected; counted note by note, 0,20 € short.
    const dialog = page.getByTestId('cash-register-dialog');
    await page.getByTestId('cash-register-button').click();
    await dialog.getByTestId('close-register').click();
    await expect(dialog.getByTestId('cash-count-expected')).toContainText('127,40 €');
    await dialog.getByLabel('Cantidad de 100,00 €').fill('1');
    await dialog.getByLabel('Cantidad de 20,00 €').fill('1');
    await dialog.getByLabel('Cantidad de 5,00 €').fill('1');
    await dialog.getByLabel('Cantidad de 2,00 €').fill('1');
    await dialog.getByLabel('Cantidad de 0,20 €').fill('1');
    await expect(dialog.getByTestId('cash-count-counted')).toContainText('127,20 €');
    const difference = dialog.getByTestId('cash-count-difference');
    await expect(difference).toHaveAttribute('data-difference', 'short');
    await expect(difference).toContainText('-0,20 €');
    await dialog.getByLabel('Notas de cierre').fill('Faltan 0,20 € en monedas');
    expect(await seriousViolations(page), 'close count').toEqual([]);
    await screenshots(page, 'front-desk-close-count-es');

    // A difference is confirmed before closing; the report downloads.
    await dialog.getByTestId('confirm-close-register').click();
    await expect(page.getByText('Faltan 0,20 € en el cajón. ¿Cerrar la caja de todos modos?')).toBeVisible();
    await screenshots(page, 'front-desk-close-confirm-es');
    const download = page.waitForEvent('download');
    await page.getByTestId('confirm-close-difference').click();
    const file = await download;
    const pdf = await readFile(await file.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await renderPdfFirstPage(page, pdf, path.join(shots, 'front-desk-close-report-es.png'));
    await expect(page.getByText('Se ha cerrado la caja').last()).toBeVisible();

    // The history shows the difference, and its drawer the count with the notes and coins.
    await page.goto('/cash-registers');
    const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect(first).toContainText('-0,20 €');
    await first.getByTestId('register-view').click();
    const count = page.getByTestId('register-cash-count');
    await expect(count).toContainText('127,40 €');
    await expect(count).toContainText('127,20 €');
    await expect(count.getByTestId('register-cash-difference')).toHaveAttribute('data-difference', 'short');
    await expect(count.getByTestId('register-cash-denominations').locator('tbody tr')).toHaveCount(5);
    expect(await seriousViolations(page), 'history drawer').toEqual([]);
    await screenshots(page, 'front-desk-history-es');
  });

  test('counted as one amount, cash over is said in green and kept (en)', async ({ page }) => {
    test.setTimeout(300_000);
    await logIn(page, company, { language: 'en' });
    const product = await setUp(page);
    await sellInCash(page, product, 'Cash', '30', '2,60 €');
    await expect(page.getByTestId('change-calculator')).toContainText('Change to give');
    await screenshots(page, 'front-desk-change-en');
    await saveOrder(page);

    const dialog = page.getByTestId('cash-register-dialog');
    await page.getByTestId('cash-register-button').click();
    await dialog.getByTestId('close-register').click();
    await dialog.getByTestId('cash-count-mode').getByText('One amount').click();
    // Closing without the amount is said on the field.
    await dialog.getByTestId('confirm-close-register').click();
    await expect(dialog.getByText('Count the cash in the drawer before closing')).toBeVisible();
    await dialog.getByTestId('counted-cash').fill('130');
    const difference = dialog.getByTestId('cash-count-difference');
    await expect(difference).toHaveAttribute('data-difference', 'over');
    await expect(difference).toContainText('+2,60 €');
    await expect(difference).toContainText('Cash over');
    expect(await seriousViolations(page), 'close amount').toEqual([]);
    await screenshots(page, 'front-desk-close-count-en');
    const closed = page.waitForResponse(
      (res) => res.url().endsWith('/v1/admin/cash-register/close') && res.request().method() === 'PATCH',
    );
    await dialog.getByTestId('confirm-close-register').click();
    await expect(
      page.getByText('There is 2,60 € more in the drawer than expected. Close the register anyway?'),
    ).toBeVisible();
    await page.getByTestId('confirm-close-difference').click();
    const response = await closed;
    expect(response.status(), await response.text()).toBe(200);
    expect((await response.json()).data.cashCount).toEqual({
      countedCash: 130,
      expectedCash: 127.4,
      difference: 2.6,
      denominations: null,
    });

    await page.goto('/cash-registers');
    const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect(first).toContainText('+2,60 €');
    await first.getByTestId('register-view').click();
    const count = page.getByTestId('register-cash-count');
    await expect(count).toContainText('130,00 €');
    await expect(count.getByTestId('register-cash-denominations')).toHaveCount(0);
    await screenshots(page, 'front-desk-history-en');
  });
});
