import { expect as baseExpect, type Page, test } from '@playwright/test';
import {
  apiCall,
  type Login,
  logIn,
  newCompany,
  openRegisterByApi,
  screenshots,
  seriousViolations,
  switchLanguage,
  unique,
} from './support';

const expect = baseExpect.configure({ timeout: 45_000 });

/** A company of this spec's own: its cash register is no other spec's. */
let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

interface Order {
  id: number;
  code: number;
}

/** A product at 12 € and a customer of this attempt, to sell to. */
async function setUp(page: Page) {
  const id = unique();
  const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
  const product = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
    name: `Aceite de masaje ${id}`,
    type: 'regular',
    price: 12,
    taxType: taxes.items[0]?.id,
  });
  const surname = `Pedido ${id}`;
  const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Nerea',
    surname,
    email: `nerea.${id}@example.es`,
  });
  const order = (status: string, paymentMethod: string, quantity: number) =>
    apiCall<Order>(page, 'POST', '/admin/orders', {
      customerId: customer.id,
      status,
      paymentMethod,
      lines: [{ productId: product.id, quantity, unitPrice: 12 }],
    });
  return { surname, order };
}

/** The list row of an order. */
const rowOf = (page: Page, order: Order) =>
  page.getByTestId('list-orders').locator(`tr[data-row-key="${order.id}"]`);

test.describe('orders', () => {
  // A slow machine renders the first list of a fresh session in a few seconds.
  test.describe.configure({ timeout: 300_000 });

  test.afterEach(async ({ page }) => {
    // Leave the register closed, as the other suites expect to find it.
    if (!(await page.evaluate(() => window.localStorage.getItem('mostrador.token')).catch(() => null)))
      return;
    const open = await apiCall<{ currentCashAmount: number } | null>(
      page,
      'GET',
      '/admin/cash-register/open',
    );
    if (open)
      await apiCall(page, 'PATCH', '/admin/cash-register/close', {
        notes: 'e2e orders',
        countedCash: open.currentCashAmount,
      });
  });

  test('lists orders: search, filter by status, sort, and the refund and reorder actions', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en' });
    await openRegisterByApi(page);
    const { surname, order } = await setUp(page);
    const paid = await order('paid', 'cash', 3);
    const draft = await order('draft', 'transfer', 1);

    await page.goto('/orders');
    const list = page.getByTestId('list-orders');
    await expect(page.getByTestId('page-count')).toHaveText(/^[\d.]+\+? orders$/);
    await expect(list.getByRole('row').nth(1)).toBeVisible();

    // Search as you type: the customer's surname finds both orders, newest first.
    await page.getByTestId('list-search').fill(surname);
    await expect(page).toHaveURL(/q=/);
    await expect(list.getByRole('row')).toHaveCount(3);
    await expect(list.getByRole('row').nth(1)).toContainText(`#${draft.code}`);
    await expect(rowOf(page, paid)).toContainText('36,00 €');
    await expect(rowOf(page, paid)).toContainText('Paid');
    await expect(rowOf(page, paid)).toContainText('Cash');
    await expect(rowOf(page, draft)).toContainText('Draft');
    await expect(rowOf(page, draft)).toContainText('Bank transfer');

    // Filter by status: only the paid one.
    await page.getByTestId('order-filter-status').click();
    await page.locator('.ant-select-dropdown').getByTitle('Paid', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/filters=/);
    await expect(list.getByRole('row')).toHaveCount(2);
    await expect(list.getByRole('row').nth(1)).toContainText(`#${paid.code}`);

    // The paid sale offers refund and reorder in its menu.
    await list.getByRole('button', { name: `More actions for order #${paid.code}` }).click();
    await expect(page.getByRole('link', { name: `Refund order #${paid.code}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Reorder order #${paid.code}` })).toHaveAttribute(
      'href',
      `/orders/create-cloning-order/${paid.id}`,
    );
    await page.keyboard.press('Escape');

    // Without the filter (an address that can be bookmarked); sort by amount, smallest first: the draft
    // (12 €) comes before the sale (36 €).
    await page.goto(`/orders?q=${encodeURIComponent(surname)}`);
    await expect(list.getByRole('row')).toHaveCount(3);
    await list.getByRole('columnheader', { name: 'Amount' }).click();
    await expect(page).toHaveURL(/sort=amount/);
    await expect(list.getByRole('row').nth(1)).toContainText('12,00 €');
    await expect(list.getByRole('row').nth(2)).toContainText('36,00 €');
  });

  test('on a phone each order is a card (number, customer, total, date, status); today at a click', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en' });
    await openRegisterByApi(page);
    const { surname, order } = await setUp(page);
    const paid = await order('paid', 'cash', 2);
    await page.setViewportSize({ width: 390, height: 844 });

    // Filtered on a day long past: nothing; "Today" filters on the company's today instead.
    const past = JSON.stringify({ createdAt: { gte: '2020-01-01', lt: '2020-01-02' } });
    // The default sort named: another test of this file may have saved a sort by amount meanwhile.
    await page.goto(
      `/orders?q=${encodeURIComponent(surname)}&filters=${encodeURIComponent(past)}&sort=createdAt&order=desc`,
    );
    const list = page.getByTestId('list-orders');
    await expect(page.getByTestId('table-empty')).toBeVisible();
    const today = page.getByTestId('order-filter-dates-today');
    await expect(today).toHaveAttribute('aria-pressed', 'false');
    await today.click();
    await expect(today).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/filters=.*createdAt/);
    expect(decodeURIComponent(page.url())).not.toContain('2020-01-01');

    const card = list.getByTestId('order-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`#${paid.code}`);
    await expect(card).toContainText(`Nerea ${surname}`);
    await expect(card).toContainText('24,00 €');
    await expect(card).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(card.getByText('Paid', { exact: true })).toBeVisible();
    await expect(card.getByText('Cash', { exact: true })).toBeVisible();
    // The card stands for every column; the row's actions stay beside it.
    await expect(list.getByRole('columnheader', { name: 'Amount' })).toHaveCount(0);
    await expect(list.getByRole('button', { name: `More actions for order #${paid.code}` })).toBeVisible();

    // Pressed again, the filter goes: the search alone.
    await today.click();
    await expect(today).toHaveAttribute('aria-pressed', 'false');
    await expect(page).not.toHaveURL(/filters=/);
    await expect(card).toHaveCount(1);
  });

  test('refunds part of a paid order, then the rest: the original ends refunded', async ({ page }) => {
    await logIn(page, company, { language: 'en' });
    await openRegisterByApi(page);
    const { surname, order } = await setUp(page);
    const paid = await order('paid', 'cash', 3);

    await page.goto('/orders');
    const list = page.getByTestId('list-orders');
    await page.getByTestId('list-search').fill(surname);
    await expect(list.getByRole('row')).toHaveCount(2);
    await list.getByRole('button', { name: `More actions for order #${paid.code}` }).click();
    await page.getByRole('link', { name: `Refund order #${paid.code}` }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/refund/${paid.id}$`));
    await expect(page.getByRole('heading', { name: `Refund order #${paid.code}` })).toBeVisible();
    await expect(page.getByTestId('refund-order')).toContainText('Nerea');
    await expect(page.getByTestId('refund-order-total')).toHaveText('36,00 €');

    // One of three units: 12,00 €, in cash as the sale was.
    const form = page.getByTestId('refund-form');
    const quantity = form.getByRole('spinbutton');
    await quantity.fill('1');
    await expect(page.getByTestId('refund-total')).toHaveText('12,00 €');
    await form.getByLabel('Note').fill('Envase dañado');
    await page.getByTestId('refund-submit').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Refund 12,00 € of order #${paid.code}?`);
    await expect(dialog).toContainText('Units to give back: 1. Refund method: Cash.');
    await page.getByTestId('refund-confirm').click();
    await expect(page.getByText(/Refund #\d+ created: 12,00\s€ given back/)).toBeVisible();
    await expect(page).toHaveURL(/\/orders\?q=/);

    // The list shows the refund, negative, marked as the refund of the sale; the sale is still paid.
    await expect(list.getByRole('row')).toHaveCount(3);
    const refundRow = list.getByRole('row').filter({ hasText: `Refund of #${paid.code}` });
    await expect(refundRow).toContainText('-12,00 €');
    await expect(rowOf(page, paid)).toContainText('Paid');

    // The rest: what is left is 2 units, 24,00 €.
    await list.getByRole('button', { name: `More actions for order #${paid.code}` }).click();
    await page.getByRole('link', { name: `Refund order #${paid.code}` }).click();
    await expect(page.getByTestId('refund-already')).toContainText('12,00 €');
    await page.getByTestId('refund-all').click();
    await expect(quantity).toHaveValue('2');
    await expect(page.getByTestId('refund-total')).toHaveText('24,00 €');
    // More than is left is brought back to what is left.
    await quantity.fill('3');
    await quantity.blur();
    await expect(quantity).toHaveValue('2');
    await page.getByTestId('refund-submit').click();
    await page.getByTestId('refund-confirm').click();
    await expect(page.getByText(/Refund #\d+ created: 24,00\s€ given back/)).toBeVisible();

    // The sale is now refunded, with two refunds; it offers no more refunds.
    await expect(list.getByRole('row')).toHaveCount(4);
    await expect(rowOf(page, paid)).toContainText('Refunded');
    await expect(list.getByRole('row').filter({ hasText: `Refund of #${paid.code}` })).toHaveCount(2);
    await list.getByRole('button', { name: `More actions for order #${paid.code}` }).click();
    await expect(page.getByRole('link', { name: `Reorder order #${paid.code}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Refund order #${paid.code}` })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Its refund page now explains why it cannot be refunded.
    await page.goto(`/orders/refund/${paid.id}`);
    await expect(page.getByTestId('refund-not-possible')).toContainText(
      'Everything in it has already been refunded.',
    );
  });

  test('deletes an order after a confirmation naming it', async ({ page }) => {
    await logIn(page, company, { language: 'en' });
    const { surname, order } = await setUp(page);
    const draft = await order('draft', 'transfer', 2);

    await page.goto('/orders');
    const list = page.getByTestId('list-orders');
    await page.getByTestId('list-search').fill(surname);
    await expect(list.getByRole('row')).toHaveCount(2);
    await list.getByRole('button', { name: `Delete order #${draft.code}` }).click();
    const confirm = page.getByRole('tooltip');
    await expect(confirm).toContainText(`Delete order #${draft.code}?`);
    await expect(confirm).toContainText('Its lines and the bookings made with it will be lost.');
    await page.getByTestId('order-delete-confirm').click();
    await expect(page.getByText(`Order #${draft.code} has been deleted`)).toBeVisible();
    await expect(page.getByTestId('table-empty')).toBeVisible();
  });

  test('screenshots of the list and the refund page in Spanish and English, without axe violations', async ({
    page,
  }) => {
    // Leaving the refund form with a quantity typed asks first: go anyway.
    page.on('dialog', (dialog) => void dialog.accept());
    await logIn(page, company);
    await openRegisterByApi(page);
    const { order } = await setUp(page);
    const paid = await order('paid', 'cash', 2);
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      // The default sort (the first test saved another one in the preferences).
      await page.goto('/orders?sort=createdAt&order=desc');
      const list = page.getByTestId('list-orders');
      await expect(list.getByRole('row').nth(1)).toBeVisible();
      expect(await seriousViolations(page), 'list').toEqual([]);
      await screenshots(page, `orders-list-${language}`);

      await page.goto(`/orders/refund/${paid.id}`);
      await expect(page.getByTestId('refund-form')).toBeVisible();
      await page.getByTestId('refund-form').getByRole('spinbutton').fill('1');
      await expect(page.getByTestId('refund-total')).toHaveText('12,00 €');
      expect(await seriousViolations(page), 'refund').toEqual([]);
      await screenshots(page, `orders-refund-${language}`);
    }
  });
});
