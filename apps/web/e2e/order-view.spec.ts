import { expect as baseExpect, type Page, test } from '@playwright/test';
import {
  apiCall,
  closeRegisterByApi,
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
  total: number;
  lines: { id: number }[];
}

/** A paid cash sale of two units at 12 € to a customer of this attempt, and a refund of one of them. */
async function paidAndRefunded(page: Page) {
  const id = unique();
  const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
  const product = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
    name: `Vela aromática ${id}`,
    type: 'regular',
    price: 12,
    taxType: taxes.items[0]?.id,
  });
  const surname = `Vista ${id}`;
  const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Irene',
    surname,
    email: `irene.${id}@example.es`,
  });
  const paid = await apiCall<Order>(page, 'POST', '/admin/orders', {
    customerId: customer.id,
    status: 'paid',
    paymentMethod: 'cash',
    lines: [{ productId: product.id, quantity: 2, unitPrice: 12 }],
  });
  const refund = await apiCall<Order>(page, 'POST', `/admin/orders/${paid.id}/refund`, {
    lines: [{ lineId: paid.lines[0]?.id, quantity: 1 }],
    notes: 'Llegó rota',
  });
  return { surname, paid, refund };
}

test.describe('the read-only order view', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a paid order and its refund open read-only, labelled, with what may still be done', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en' });
    await openRegisterByApi(page);
    try {
      const { surname, paid, refund } = await paidAndRefunded(page);

      // The list: the refund has its own label, a negative amount and a link to the sale it refunds.
      await page.goto(`/orders?q=${encodeURIComponent(surname)}`);
      const list = page.getByTestId('list-orders');
      await expect(list.getByRole('row')).toHaveCount(3);
      const refundRow = list.locator(`tr[data-row-key="${refund.id}"]`);
      const paidRow = list.locator(`tr[data-row-key="${paid.id}"]`);
      await expect(refundRow.getByTestId('order-refund-tag')).toHaveText('Refund');
      await expect(refundRow).toContainText('-12,00 €');
      await expect(refundRow).not.toContainText('Paid');
      await expect(refundRow.getByTestId('order-refund-of')).toHaveText(`Refund of #${paid.code}`);
      // Paid and refunds are viewed, not edited; neither may be deleted.
      await expect(paidRow.getByRole('link', { name: `View order #${paid.code}` }).first()).toBeVisible();
      await expect(paidRow.getByRole('button', { name: `Delete order #${paid.code}` })).toHaveCount(0);
      await expect(refundRow.getByRole('button', { name: `Delete order #${refund.code}` })).toHaveCount(0);

      // The sale: read-only, why, its lines and refunds, and the actions still allowed.
      await refundRow.getByTestId('order-refund-of').click();
      await expect(page).toHaveURL(new RegExp(`/orders/edit/${paid.id}$`));
      const view = page.getByTestId('order-view');
      await expect(view.getByTestId('order-locked-tag')).toHaveText('Refunded: read-only');
      await expect(view.getByTestId('order-view-total')).toHaveText('24,00 €');
      await expect(view.getByTestId('order-refunds')).toContainText(`#${refund.code}`);
      await expect(view.getByTestId('order-refunds')).toContainText('-12,00 €');
      await expect(page.getByTestId('order-form')).toHaveCount(0);
      await expect(view.getByTestId('order-refund')).toBeVisible();
      await expect(view.getByTestId('order-clone')).toBeVisible();
      await expect(view.getByTestId('order-print')).toBeVisible();
      await expect(view.getByTestId('order-delete')).toHaveCount(0);

      // Its note still changes, saved with the lines as they are.
      await view.getByTestId('order-view-notes').fill('Cliente habitual');
      await view.getByTestId('order-note-save').click();
      await expect(page.getByText(`Order #${paid.code} saved`)).toBeVisible();
      const saved = await apiCall<Order & { notes: string }>(page, 'GET', `/admin/orders/${paid.id}`);
      expect(saved.notes).toBe('Cliente habitual');
      expect(saved.total).toBe(24);

      // The refund: labelled as such, negative, pointing back at the sale; nothing to do but print.
      await page.goto(`/orders/edit/${refund.id}`);
      await expect(view.getByTestId('order-refund-tag')).toHaveText('Refund');
      await expect(view.getByTestId('order-locked-tag')).toHaveText('Refund: read-only');
      await expect(view.getByTestId('order-view-total')).toHaveText('-12,00 €');
      await expect(view.getByTestId('order-refund-of')).toHaveText(`Refund of #${paid.code}`);
      await expect(view.getByTestId('order-refund')).toHaveCount(0);
      await expect(view.getByTestId('order-note-form')).toHaveCount(0);

      for (const language of ['es', 'en']) {
        await switchLanguage(page, language);
        await page.goto(`/orders?q=${encodeURIComponent(surname)}`);
        await expect(list.getByRole('row')).toHaveCount(3);
        await expect(list.getByTestId('order-refund-of')).toBeVisible();
        expect(await seriousViolations(page), `list ${language}`).toEqual([]);
        await screenshots(page, `order-refund-labels-${language}`);

        await page.goto(`/orders/edit/${paid.id}`);
        await expect(view.getByTestId('order-refunds')).toBeVisible();
        expect(await seriousViolations(page), `paid ${language}`).toEqual([]);
        await screenshots(page, `order-view-paid-${language}`);

        await page.goto(`/orders/edit/${refund.id}`);
        await expect(view.getByTestId('order-refund-of')).toContainText(`${paid.code}`);
        expect(await seriousViolations(page), `refund ${language}`).toEqual([]);
        await screenshots(page, `order-view-refund-${language}`);
      }
      await expect(view.getByTestId('order-refund-tag')).toHaveText('Refund');
    } finally {
      await closeRegisterByApi(page, 'e2e order view');
    }
  });
});
