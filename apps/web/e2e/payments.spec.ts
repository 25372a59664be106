import { expect as baseExpect, type Page, test } from '@playwright/test';
import { notificationFor, type RedsysForm, readPaymentForm, testMerchant } from './redsys';
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

/** The payment view is read every 10 s: a payment shows within one or two readings on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * A company of this spec's own: its payment gateway, orders and payments are no other spec's. Redsys is
 * its gateway, with the public test merchant and a payment address on a closed local port: nothing ever
 * reaches Redsys, the test reads the form the payment page hands to it and answers as Redsys would.
 */
let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

const redsysUrl = 'http://127.0.0.1:9/sis/realizarPago';

interface Settings {
  payment: { gateway: string | null };
  redsys: Record<string, unknown> & { encryptionKeySet: boolean };
}

/** A customer with an email (online orders mail their link) and a product at 24,20 €. */
async function salesData(page: Page) {
  const id = unique();
  const taxes = await apiCall<{ items: { id: number; percentage: number }[] }>(page, 'GET', '/admin/taxes');
  const product = await apiCall<{ id: number; name: string }>(page, 'POST', '/admin/products', {
    name: `Bono de masajes ${id}`,
    type: 'regular',
    price: 24.2,
    taxType: taxes.items.find((tax) => tax.percentage === 21)?.id,
  });
  const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Irene',
    surname: `Vidal ${id}`,
    email: `irene.${id}@example.es`,
  });
  return { id, product, customer };
}

/** From the top of the page: a full-page shot of a scrolled page draws the sticky header mid-page. */
const atTop = (page: Page) => async () => {
  await page.evaluate(() => window.scrollTo(0, 0));
};

test.describe('online payments', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the payment gateways screen: Redsys set up, checked before saving, its key saved write-only', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en', path: '/settings/payment' });
    await expect(page.getByRole('heading', { name: 'Payment gateways' })).toBeVisible();
    // In the menu, under Settings beside Billing.
    await expect(
      page.getByTestId('main-menu').getByRole('link', { name: 'Payment gateways' }),
    ).toHaveAttribute('href', '/settings/payment');
    await expect(page.getByTestId('redsys-encryption-key-state')).toHaveText('Not set');
    // Where Redsys notifies: shown, and Stripe's webhook with the events to register.
    await expect(page.getByTestId('redsys-notification-url')).toHaveValue(
      /\/v1\/payments\/redsys\/notification$/,
    );
    await expect(page.getByTestId('stripe-webhook-url')).toHaveValue(/^https?:\/\//);
    await expect(page.getByTestId('stripe-webhook-events')).toContainText('checkout.session.expired');

    await page.getByTestId('payment-gateway').getByText('Redsys', { exact: true }).click();
    await expect(page.getByTestId('payment-redsys-in-use')).toBeVisible();
    await page.getByTestId('redsys-url-choice').getByText('Another address').click();
    // Checked before saving: a FUC of eight digits, a terminal of letters, an address that is none.
    await page.getByTestId('redsys-fuc').fill('99900888');
    await page.getByTestId('redsys-terminal').fill('a');
    await page.getByTestId('redsys-url').fill('sis-t.redsys.es');
    await page.getByTestId('payment-settings-save').click();
    await expect(page.getByText('The merchant code has nine digits, e.g. 999008881')).toBeVisible();
    await expect(page.getByText('Up to three digits', { exact: true })).toBeVisible();
    await expect(page.getByText('The field must be a valid URL')).toBeVisible();

    await page.getByTestId('redsys-url').fill(redsysUrl);
    await page.getByTestId('redsys-fuc').fill(testMerchant.fuc);
    await page.getByTestId('redsys-terminal').fill(testMerchant.terminal);
    await expect(page.getByTestId('redsys-currency')).toHaveValue(testMerchant.currency);
    await expect(page.getByTestId('redsys-transaction-type')).toContainText(
      'Authorization (charged at once)',
    );
    await page.getByTestId('redsys-encryption-key').fill(testMerchant.key);
    // Unsaved: the connection check waits, and says why.
    await expect(page.getByTestId('payment-check-redsys-run')).toBeDisabled();
    await expect(page.getByTestId('payment-check-redsys')).toContainText(
      'Save your changes first: the check uses the saved settings.',
    );
    await page.getByTestId('payment-settings-save').click();
    await expect(page.getByText('The settings have been saved')).toBeVisible();
    await expect(page.getByTestId('redsys-encryption-key-state')).toHaveText('Saved');
    await expect(page.getByTestId('redsys-encryption-key')).toHaveValue('');

    const settings = await apiCall<Settings>(page, 'GET', '/admin/settings');
    expect(settings.payment).toEqual({ gateway: 'redsys' });
    expect(settings.redsys).toMatchObject({
      url: redsysUrl,
      fuc: testMerchant.fuc,
      terminal: testMerchant.terminal,
      currency: testMerchant.currency,
      transactionType: 'authorization',
      encryptionKeySet: true,
    });

    // The saved settings tried: Redsys' address here is a closed port, so it cannot be reached.
    await page.getByTestId('payment-check-redsys-run').click();
    const result = page.getByTestId('payment-check-redsys-result');
    await expect(result).toHaveAttribute('data-reason', 'unreachable');
    await expect(result).toContainText('Redsys could not be reached');
    // Stripe has no keys.
    await page.getByTestId('payment-check-stripe-run').click();
    await expect(page.getByTestId('payment-check-stripe-result')).toHaveAttribute(
      'data-reason',
      'not_configured',
    );
    expect(await seriousViolations(page)).toEqual([]);

    // Kept on reload.
    await page.reload();
    await expect(page.getByTestId('redsys-fuc')).toHaveValue(testMerchant.fuc);
    await expect(page.getByTestId('redsys-url')).toHaveValue(redsysUrl);
    await expect(page.getByTestId('redsys-encryption-key-state')).toHaveText('Saved');
    await screenshots(page, 'payment-settings-en', atTop(page));
    await switchLanguage(page, 'es');
    await expect(page.getByRole('heading', { name: 'Pasarelas de pago' })).toBeVisible();
    await expect(page.getByTestId('redsys-encryption-key-state')).toHaveText('Guardada');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'payment-settings-es', atTop(page));
  });

  test('an online order awaits payment with its link, and turns paid on screen when Redsys notifies it', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en' });
    const data = await salesData(page);

    // Sold online through the order form: paid becomes awaiting payment, the gateway will mark it paid.
    await page.goto(`/orders/create-by-customer/${data.customer.id}`);
    await expect(page.getByTestId('order-customer')).toContainText(`Irene Vidal ${data.id}`);
    await chooseOption(page, page.getByTestId('order-line-0-product'), data.product.name, data.product.name);
    await expect(page.getByTestId('order-total')).toHaveText('24,20 €');
    await expect(page.getByTestId('order-status')).toContainText('Paid');
    await chooseOption(page, page.getByTestId('order-payment-method'), 'Online');
    await expect(page.getByTestId('order-status')).toContainText('Awaiting payment');
    await expect(page.getByTestId('order-online-paid-hint')).toHaveText(
      'Paid when the customer pays the link: until then the order awaits payment.',
    );
    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/v1/admin/orders' && r.request().method() === 'POST',
    );
    await page.getByTestId('order-save').click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(201);
    const order = (await answer.json()).data as { id: number; code: number; status: string };
    expect(order.status).toBe('awaiting_payment');

    // Its page: the order still open, under its card payment with the link and the gateway.
    await page.goto(`/orders/edit/${order.id}`);
    const card = page.getByTestId('order-payment');
    await expect(card.getByTestId('order-payment-gateway')).toHaveText('Redsys');
    const link = await card.getByTestId('payment-link').inputValue();
    expect(link).toMatch(/^https?:\/\/[^/]+\/pay\/\S+$/);
    await expect(card.getByTestId('payment-attempts-none')).toBeVisible();
    await expect(card.getByTestId('payment-waiting')).toBeVisible();

    // Mailed to the customer (it waits in the outbox: this company has no mail server).
    await card.getByTestId('payment-link-mail').click();
    await expect(page.getByTestId('payment-link-mail-dialog-email')).toHaveValue(
      `irene.${data.id}@example.es`,
    );
    const mailed = page.waitForResponse(
      (r) => r.url().endsWith(`/orders/${order.id}/payment-link/mail`) && r.request().method() === 'POST',
    );
    await page.getByTestId('payment-link-mail-dialog-send').click();
    const mail = await mailed;
    expect(mail.status(), await mail.text()).toBe(201);
    await expect(
      page.getByText(
        `The payment link of order #${order.code} has been queued for irene.${data.id}@example.es`,
      ),
    ).toBeVisible();
    await expect(page.getByTestId('payment-link-mail-dialog')).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'payments-order-awaiting-en', atTop(page));

    // The customer opens the link: the page hands a signed form to Redsys, for the order's total.
    const opened = await page.request.get(new URL(link).pathname);
    expect(opened.status()).toBe(200);
    const form: RedsysForm = readPaymentForm(await opened.text());
    expect(form.action).toBe(redsysUrl);
    expect(form.fields.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');
    expect(form.order).toMatch(/^\d{4}[A-Za-z0-9]{0,8}$/);
    expect(form).toMatchObject({
      amountCents: 2420,
      currency: testMerchant.currency,
      merchantCode: testMerchant.fuc,
      terminal: testMerchant.terminal,
      transactionType: '0',
    });
    // The attempt shows on the order without reloading, pending.
    const attempt = card.getByTestId('payment-attempt').first();
    await expect(attempt).toHaveAttribute('data-status', 'pending');
    await expect(attempt.getByTestId('payment-attempt-amount')).toHaveText('24,20 €');

    // The customer comes back from Redsys without paying: our page, in the company's language (she has
    // none of her own), offers to try again.
    const customerPage = await page.context().newPage();
    const linkPath = new URL(link).pathname;
    await customerPage.goto(`${linkPath}/failed`);
    await expect(customerPage.locator('html')).toHaveAttribute('lang', 'es');
    await expect(customerPage.getByRole('heading', { level: 1 })).toHaveText('El pago no se ha completado');
    await expect(customerPage.getByRole('link', { name: 'Volver a intentarlo' })).toHaveAttribute(
      'href',
      linkPath,
    );
    expect(await seriousViolations(customerPage)).toEqual([]);
    await screenshots(customerPage, 'payments-customer-failed-es');

    const forged = notificationFor(form, Buffer.alloc(24, 7).toString('base64'));
    const refused = await page.request.post('/v1/payments/redsys/notification', { form: forged });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error.code).toBe(1000164);

    // Redsys authorises the payment and notifies it, signed for the order with the terminal's key.
    const notified = await page.request.post('/v1/payments/redsys/notification', {
      form: notificationFor(form, testMerchant.key),
    });
    expect(notified.ok(), await notified.text()).toBe(true);

    // On screen, without reloading: the order is paid and opens read-only, with its payment history.
    await expect(page.getByTestId('order-view')).toBeVisible();
    await expect(page.getByTestId('order-status-tag')).toHaveText('Paid');
    const paidCard = page.getByTestId('order-payment');
    await expect(paidCard.getByTestId('payment-attempt').first()).toHaveAttribute('data-status', 'succeeded');
    await expect(paidCard.getByTestId('payment-no-link')).toHaveText(
      'The order no longer awaits payment: its link is closed.',
    );
    const paid = await apiCall<{ status: string; paymentDate: string | null }>(
      page,
      'GET',
      `/admin/orders/${order.id}`,
    );
    expect(paid.status).toBe('paid');
    expect(paid.paymentDate).not.toBeNull();
    // The same notification again is applied once: still one succeeded payment.
    const again = await page.request.post('/v1/payments/redsys/notification', {
      form: notificationFor(form, testMerchant.key),
    });
    expect(again.ok(), await again.text()).toBe(true);
    const view = await apiCall<{ attempts: { kind: string; status: string }[] }>(
      page,
      'GET',
      `/admin/orders/${order.id}/payment`,
    );
    expect(view.attempts.filter((a) => a.kind === 'payment' && a.status === 'succeeded')).toHaveLength(1);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'payments-order-paid-en', atTop(page));

    // The customer, now with English as her language, opens the link again: it says the order is paid.
    await apiCall(page, 'PUT', `/admin/customers/${data.customer.id}`, {
      name: 'Irene',
      surname: `Vidal ${data.id}`,
      email: `irene.${data.id}@example.es`,
      language: 'en',
    });
    await customerPage.goto(linkPath);
    await expect(customerPage.locator('html')).toHaveAttribute('lang', 'en');
    await expect(customerPage.getByRole('heading', { level: 1 })).toHaveText('Payment received, thank you');
    await expect(customerPage.getByText('24,20 €')).toBeVisible();
    expect(await seriousViolations(customerPage)).toEqual([]);
    await screenshots(customerPage, 'payments-customer-paid-en');
    await customerPage.close();
    await switchLanguage(page, 'es');
    await expect(page.getByTestId('order-status-tag')).toHaveText('Pagado');
    await expect(page.getByTestId('order-payment').getByTestId('payment-status-tag').first()).toHaveText(
      'Correcto',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'payments-order-paid-es', atTop(page));
  });
});
