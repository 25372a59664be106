import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  apiCall,
  chooseOption,
  type Login,
  logIn,
  newCompany,
  screenshots,
  seriousViolations,
  switchLanguage,
  unique,
} from './support';

/*
 * Suppliers in a company of the spec's own: the list, a new supplier through the form (a commission
 * over 100 % refused on its field first), an edit, activation and deactivation, a supplier with products
 * that cannot be deleted, its products' page, and the settlement report of a sale of its product.
 */

let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

const u = unique();
const supplierName = `Aromas ${u}`;
const renamed = `Aromas del Sur ${u}`;

/** The supplier's row in the list, found by its name. */
const rowOf = (page: Page, name: string) =>
  page.getByTestId('list-suppliers').getByRole('row').filter({ hasText: name });

/** Opens the row's menu and picks the entry with this test id (again if a click is lost while it opens). */
async function rowMenu(page: Page, name: string, testId: string) {
  await expect(async () => {
    await rowOf(page, name).getByTestId('supplier-more').click();
    await page.locator('.ant-dropdown:visible').getByTestId(testId).click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe('suppliers', () => {
  test('list, new supplier through the form, edit, activate and deactivate, delete refused', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, company, { language: 'en', path: '/suppliers' });
    await apiCall(page, 'POST', '/admin/customers', {
      name: 'Marta',
      surname: `Ruiz ${u}`,
    });
    await expect(page.getByTestId('list-suppliers')).toBeVisible();

    // A new supplier: the commission checked before anything is sent.
    await page.getByTestId('create-supplier').first().click();
    await expect(page).toHaveURL(/\/suppliers\/create$/);
    await page.getByLabel('Name', { exact: true }).fill(supplierName);
    await chooseOption(page, page.getByTestId('supplier-customer'), `Ruiz ${u}`, `Ruiz ${u}`);
    await chooseOption(page, page.getByTestId('supplier-commission-type'), 'Percentage of the price');
    await page.getByTestId('supplier-commission-quantity').fill('120');
    await page.getByTestId('supplier-save').click();
    await expect(page.getByText('A percentage is at most 100')).toBeVisible();
    await expect(page).toHaveURL(/\/suppliers\/create$/);
    expect(await seriousViolations(page), 'form with an error').toEqual([]);
    await page.getByTestId('supplier-commission-quantity').fill('15');
    await page.getByTestId('supplier-app-login-url').fill('https://proveedor.example.es/login');
    await page.getByTestId('supplier-save').click();
    await expect(page).toHaveURL(/\/suppliers$/);
    await expect(rowOf(page, supplierName)).toContainText(`Marta Ruiz ${u}`);
    await expect(rowOf(page, supplierName)).toContainText('Inactive');
    await expect(rowOf(page, supplierName)).toContainText('15 %');
    expect(await seriousViolations(page), 'list').toEqual([]);

    // Edit: a new name.
    await rowOf(page, supplierName).getByRole('link', { name: supplierName, exact: true }).click();
    await expect(page.getByRole('heading', { name: supplierName })).toBeVisible();
    await expect(page.getByTestId('supplier-product-count')).toHaveText('0 products');
    await page.getByLabel('Name', { exact: true }).fill(renamed);
    await page.getByTestId('supplier-save').click();
    await expect(page).toHaveURL(/\/suppliers$/);
    await expect(rowOf(page, renamed)).toBeVisible();

    // Activate, then deactivate, from the row's menu.
    const status = rowOf(page, renamed).getByTestId('supplier-status');
    for (const [action, shown] of [
      ['activate', 'Active'],
      ['deactivate', 'Inactive'],
      ['activate', 'Active'],
    ] as const) {
      await rowMenu(page, renamed, `supplier-${action}`);
      await expect(status).toHaveText(shown);
    }

    // With a product of its own it stays, and says why.
    const suppliers = await apiCall<{ items: { id: number; name: string }[] }>(
      page,
      'GET',
      `/admin/suppliers?query=${encodeURIComponent(u)}`,
    );
    const supplierId = suppliers.items.find((s) => s.name === renamed)!.id;
    const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
    const candle = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
      name: `Vela de lavanda ${u}`,
      type: 'regular',
      price: 20,
      taxType: taxes.items[0]?.id,
      supplierId,
    });
    await rowOf(page, renamed).getByLabel(`Delete ${renamed}`, { exact: true }).click();
    await page.getByTestId('supplier-delete-confirm').click();
    await expect(
      page.getByText('The supplier has products: give them another supplier or none first.'),
    ).toBeVisible();
    await expect(rowOf(page, renamed)).toBeVisible();

    // The product form names its supplier, and offers the others by name.
    await page.goto(`/products/edit/${candle.id}`);
    await expect(page.getByTestId('product-supplier')).toContainText(renamed);
    await page.goto('/suppliers');

    // Its products, from the row's menu.
    await rowMenu(page, renamed, 'supplier-products');
    await expect(page).toHaveURL(/\/products\/view-product-by-supplier\//);
    await expect(page.getByRole('heading', { name: `Products of ${renamed}` })).toBeVisible();
    await expect(page.getByTestId('list-productsBySupplier').getByRole('row')).toHaveCount(2);
    await expect(page.getByTestId('list-productsBySupplier')).toContainText(`Vela de lavanda ${u}`);
    expect(await seriousViolations(page), 'products by supplier').toEqual([]);

    for (const language of ['es', 'en']) {
      await page.goto('/suppliers');
      await switchLanguage(page, language);
      await expect(rowOf(page, renamed)).toBeVisible();
      await screenshots(page, `suppliers-${language}`);
      await page.goto(`/suppliers/edit/${supplierId}`);
      await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
      await screenshots(page, `supplier-form-${language}`);
      await page.goto(`/products/view-product-by-supplier/${encodeURIComponent(renamed)}`);
      await expect(page.getByTestId('list-productsBySupplier')).toContainText(`Vela de lavanda ${u}`);
      await screenshots(page, `products-by-supplier-${language}`);
    }
    await page.goto(`/suppliers/edit/${supplierId}`);
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
    expect(await seriousViolations(page), 'edit form').toEqual([]);
  });

  test('the settlement report: per supplier what sold, the commission, what is owed, and its CSV and XLSX', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, company, { language: 'en', path: '/suppliers' });
    // Two candles sold and paid: 40 €, 15 % of it the company's.
    const products = await apiCall<{ items: { id: number; name: string }[] }>(
      page,
      'GET',
      `/admin/products?query=${encodeURIComponent(u)}`,
    );
    const candle = products.items.find((p) => p.name === `Vela de lavanda ${u}`)!;
    await apiCall(page, 'POST', '/admin/orders', {
      status: 'paid',
      paymentMethod: 'transfer',
      lines: [{ productId: candle.id, quantity: 2, unitPrice: 20 }],
    });

    await page.getByTestId('supplier-settlement-link').click();
    await expect(page).toHaveURL(/\/reports\/supplier-settlement/);
    const table = page.getByTestId('settlement-table');
    const row = table.getByRole('row').filter({ hasText: renamed });
    await expect(row).toContainText('15 %');
    await expect(row).toContainText('40,00 €');
    await expect(row).toContainText('6,00 €');
    await expect(row).toContainText('34,00 €');
    await expect(page.getByTestId('settlement-totals')).toContainText('34,00 €');
    expect(await seriousViolations(page), 'settlement').toEqual([]);

    // Last month had none of it.
    await page.getByTestId('settlement-preset').getByText('Last month').click();
    await expect(page.getByTestId('settlement-empty')).toBeVisible();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-01/);
    await page.getByTestId('settlement-preset').getByText('This month').click();
    await expect(row).toContainText('34,00 €');

    // The CSV a spreadsheet opens.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('settlement-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^supplier-settlement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(`${renamed};2;40,00;6,00;34,00`);
    // And the same as an Excel workbook.
    const [workbook] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('settlement-export-xlsx').click(),
    ]);
    expect(workbook.suggestedFilename()).toMatch(
      /^supplier-settlement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    expect(
      readFileSync((await workbook.path())!)
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');

    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await expect(row).toContainText('34,00 €');
      await screenshots(page, `supplier-settlement-${language}`);
    }
    // On a phone each supplier reads as a card of lines, the totals the last one, nothing sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table.getByTestId('report-card').filter({ hasText: renamed })).toContainText('34,00 €');
    await expect(page.getByTestId('settlement-totals')).toContainText('34,00 €');
    expect(
      await table.evaluate((element) => element.scrollWidth <= element.clientWidth + 1),
      'the settlement scrolls sideways',
    ).toBe(true);
    expect(await seriousViolations(page), 'settlement on a phone').toEqual([]);
  });
});
