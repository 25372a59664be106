import { expect as baseExpect, type Page, test } from '@playwright/test';
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

/** A sale takes many round trips: more patience than the default on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

/*
 * A customer's credit in a company of the spec's own: a 50 € credit sold to her in a paid order (through
 * the API), shown on her page's Balances tab; a new order for her paid with credit, refused by the form
 * while its total (80 €) is above the credit, then saved paid at 30 €, the balance down to 20 € with the
 * order's movement.
 */

let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

/** A 50 € credit, a facial (80 €) and a cream (30 €); a customer who bought the credit, paid by transfer. */
async function setUp(page: Page) {
  const u = unique();
  const taxes = await apiCall<{ items: { id: number; percentage: number }[] }>(page, 'GET', '/admin/taxes');
  const taxType = (taxes.items.find((tax) => tax.percentage === 21) ?? taxes.items[0])?.id;
  const creditName = `Saldo 50 € ${u}`;
  const credit = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
    name: creditName,
    type: 'credit',
    price: 50,
    creditAmount: 50,
    taxType,
  });
  const facial = `Tratamiento facial ${u}`;
  const cream = `Crema hidratante ${u}`;
  await apiCall(page, 'POST', '/admin/products', { name: facial, type: 'regular', price: 80, taxType });
  await apiCall(page, 'POST', '/admin/products', { name: cream, type: 'regular', price: 30, taxType });
  const surname = `Saldo ${u}`;
  const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Elena',
    surname,
    email: `elena-${u}@example.es`,
  });
  await apiCall(page, 'POST', '/admin/orders', {
    customerId: customer.id,
    status: 'paid',
    paymentMethod: 'transfer',
    lines: [{ productId: credit.id, quantity: 1, unitPrice: 50 }],
  });
  const balances = await apiCall<{ items: { kind: string; remaining: number }[] }>(
    page,
    'GET',
    `/admin/customers/${customer.id}/balances`,
  );
  expect(balances.items).toEqual([expect.objectContaining({ kind: 'credit', remaining: 50 })]);
  return { creditName, facial, cream, customer, surname };
}

/** From the top of the page: a full-page shot of a scrolled page draws the sticky header mid-page. */
const atTop = (page: Page) => async () => {
  await page.evaluate(() => window.scrollTo(0, 0));
};

const paymentLabel: Record<string, string> = { es: 'Saldo del cliente', en: 'Customer credit' };
const refusal: Record<string, string> = {
  es: 'El saldo disponible del cliente (50,00 €) no cubre el total (80,00 €)',
  en: "The customer's available credit (50,00 €) does not cover the total (80,00 €)",
};
const available: Record<string, string> = {
  es: 'Saldo disponible: 50,00 €',
  en: 'Available credit: 50,00 €',
};

test.describe('customer balances', () => {
  test('the Balances tab shows the credit sold; an order paid with credit is refused above it, then spends it', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await logIn(page, company, { language: 'en' });
    const { creditName, facial, cream, customer, surname } = await setUp(page);
    const balances = page.getByTestId('customer-balances');
    const section = page.getByTestId('order-section-payment');
    // Leaving or reloading the form with changes asks the browser first: yes.
    page.on('dialog', (dialog) => dialog.accept());
    let posts = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/v1/admin/orders') && req.method() === 'POST') posts += 1;
    });

    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      // The credit sold, on her page's Balances tab.
      await page.goto(`/customers/view/${customer.id}?tab=balances`);
      await expect(balances).toContainText(creditName);
      await expect(balances.getByTestId('balance-remaining')).toHaveText(
        language === 'es' ? 'Quedan 50,00 € de 50,00 €' : '50,00 € of 50,00 € left',
      );
      expect(await seriousViolations(page), `balances ${language}`).toEqual([]);
      await screenshots(page, `customer-balances-${language}`, atTop(page));

      // A new order for her, the facial paid with her credit: refused before sending.
      await page.getByTestId('customer-new-order').click();
      await expect(page.getByTestId('order-customer')).toContainText(`Elena ${surname}`);
      await chooseOption(page, page.getByTestId('order-line-0-product'), facial, facial);
      await expect(page.getByTestId('order-total')).toHaveText('80,00 €');
      await chooseOption(page, page.getByTestId('order-payment-method'), paymentLabel[language]!);
      await expect(page.getByTestId('order-available-credit')).toHaveText(available[language]!);
      await page.getByTestId('order-save').click();
      await expect(section).toContainText(refusal[language]!);
      expect(posts).toBe(0);
      expect(await seriousViolations(page), `refusal ${language}`).toEqual([]);
      await screenshots(page, `order-form-credit-short-${language}`, atTop(page));
    }

    // The cream instead (30 €): within the credit, saved paid with it.
    await chooseOption(page, page.getByTestId('order-line-0-product'), cream, cream);
    await expect(page.getByTestId('order-total')).toHaveText('30,00 €');
    await expect(section).not.toContainText(refusal.en!);
    const created = page.waitForResponse(
      (res) => res.url().endsWith('/v1/admin/orders') && res.request().method() === 'POST',
    );
    await page.getByTestId('order-save').click();
    const response = await created;
    expect(response.status(), await response.text()).toBe(201);
    const order = (await response.json()).data as {
      id: number;
      code: number;
      status: string;
      paymentMethod: string;
      total: number;
    };
    expect(order).toMatchObject({ status: 'paid', paymentMethod: 'credit', total: 30 });
    await expect(page.getByText(`Order #${order.code} created`)).toBeVisible();

    // The balance went down, with the order's movement.
    for (const language of ['en', 'es']) {
      if (language === 'es') await switchLanguage(page, 'es');
      await page.goto(`/customers/view/${customer.id}?tab=balances`);
      await expect(balances.getByTestId('balance-remaining')).toHaveText(
        language === 'es' ? 'Quedan 20,00 € de 50,00 €' : '20,00 € of 50,00 € left',
      );
      const movements = balances.locator('.ant-list-item');
      await expect(movements).toHaveCount(2);
      await expect(movements.nth(1)).toContainText('-30,00 €');
      // The order by its code, as everywhere else.
      await expect(movements.nth(1)).toContainText(
        language === 'es' ? `Pedido n.º ${order.code}` : `Order #${order.code}`,
      );
      await screenshots(page, `customer-balances-spent-${language}`, atTop(page));
    }
    expect(await seriousViolations(page), 'balances spent').toEqual([]);
  });
});
