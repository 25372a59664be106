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
 * Subscriptions in a company of the spec's own: a customer and a monthly subscription product made
 * through the API; the empty list, a new subscription through the form (nothing sent without a product,
 * only the periodicities that fit it, the renewal days once one is chosen), activation after its
 * confirmation (the first period's order appears awaiting payment), cancellation at the end of the
 * period and then at once, each after its question; the customer's Subscriptions tab; screenshots in
 * Spanish and English at both widths, axe.
 */

let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

const u = unique();
const surname = `Ruiz ${u}`;
const productName = `Yoga mensual ${u}`;

/** The subscription's row in the list, found by the customer's surname. */
const rowOf = (page: Page) =>
  page.getByTestId('list-subscriptions').getByRole('row').filter({ hasText: surname });

test.describe('subscriptions', () => {
  test('list, new subscription, activate (its first order), cancel at period end then at once', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await logIn(page, company, { language: 'en', path: '/subscriptions' });
    const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
    const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
      name: 'Marta',
      surname,
      email: `marta.${u}@example.es`,
    });
    const product = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
      name: productName,
      type: 'subscription',
      price: 30,
      taxType: taxes.items[0]?.id,
      periodicity: { quantity: 1, unit: 'month' },
      freeSubscriptionTrialDays: 0,
    });
    await expect(page.getByText('No subscriptions yet. Create the first one.').first()).toBeVisible();

    // A new subscription: the product first, then the periodicities that fit it and the renewal days.
    await page.getByTestId('create-subscription').first().click();
    await expect(page).toHaveURL(/\/subscriptions\/create$/);
    await expect(
      page.getByText('Choose the product and the payment periodicity to see the renewal dates'),
    ).toBeVisible();
    await chooseOption(page, page.getByTestId('subscription-customer'), surname, surname);
    await page.getByTestId('subscription-save').click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await expect(page).toHaveURL(/\/subscriptions\/create$/);
    expect(await seriousViolations(page), 'form with an error').toEqual([]);
    await chooseOption(page, page.getByTestId('subscription-product'), productName, u);
    await expect(page.getByTestId('subscription-payment-periodicity')).toContainText('Monthly');
    await page.getByTestId('subscription-payment-periodicity').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options).toHaveText(['Monthly', 'Quarterly', 'Every six months', 'Yearly']);
    await options.filter({ hasText: 'Quarterly' }).click();
    await expect(page.getByText('Each renewal charges 90,00 € (3 periods of 30,00 €)')).toBeVisible();
    await expect(page.getByTestId('subscription-renewal-days')).toContainText('Payment periods start on');
    await chooseOption(page, page.getByTestId('subscription-payment-method'), 'Bank transfer');
    await page.getByTestId('subscription-save').click();
    // Saved, its page opens, where it is activated; the list shows it inactive.
    await expect(page).toHaveURL(/\/subscriptions\/view\/\d+$/);
    await expect(page.getByRole('heading', { name: `Marta ${surname} · ${productName}` })).toBeVisible();
    await page.goto('/subscriptions');
    await expect(rowOf(page)).toContainText(productName);
    await expect(rowOf(page)).toContainText('Quarterly');
    await expect(rowOf(page)).toContainText('Bank transfer');
    await expect(rowOf(page).getByTestId('subscription-status')).toHaveText('Inactive');
    expect(await seriousViolations(page), 'list').toEqual([]);

    // Its page; activate after the question: the first period's order, awaiting payment.
    await rowOf(page)
      .getByRole('link', { name: `Marta ${surname}`, exact: true })
      .click();
    await expect(page.getByRole('heading', { name: `Marta ${surname} · ${productName}` })).toBeVisible();
    await expect(page.getByTestId('subscription-periods')).toContainText('No period charged yet');
    await page.getByTestId('subscription-activate').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Activate the subscription Marta ${surname} · ${productName}?`);
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByTestId('subscription-status').first()).toHaveText('Active');
    const periods = page.getByTestId('subscription-periods');
    await expect(periods).toContainText('90,00 €');
    await expect(periods.getByTestId('order-status-tag')).toHaveText('Awaiting payment');
    await expect(periods.getByTestId('subscription-period-order')).toHaveText(/Order #\d+/);
    await expect(page.getByTestId('subscription-next-renewal')).not.toHaveText('—');
    expect(await seriousViolations(page), 'subscription page').toEqual([]);

    // The order is there, awaiting payment.
    const href = await periods.getByTestId('subscription-period-order').getAttribute('href');
    const orders = await apiCall<{ items: { id: number; status: string; total: number }[] }>(
      page,
      'GET',
      `/admin/orders?filters=${encodeURIComponent(JSON.stringify({ customerId: { eq: customer.id } }))}`,
    );
    expect(orders.items).toHaveLength(1);
    expect(href).toBe(`/orders/edit/${orders.items[0]?.id}`);
    expect(orders.items[0]?.status).toBe('awaiting_payment');

    // Cancel: asked when; at the end of the period first (it stays active until then), then at once.
    await page.getByTestId('subscription-cancel').click();
    await expect(dialog).toContainText(`Cancel the subscription Marta ${surname} · ${productName}?`);
    await expect(
      dialog.getByRole('radio', { name: /At the end of the period already charged/ }),
    ).toBeChecked();
    expect(await seriousViolations(page), 'cancel dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByTestId('subscription-status').first()).toHaveText(/^Active until /);
    await page.getByTestId('subscription-cancel').click();
    await dialog.getByText('At once').click();
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByTestId('subscription-status').first()).toHaveText('Inactive');
    await expect(page.getByTestId('subscription-cancelled')).toContainText('cancelled by staff');
    // Its order stays.
    await expect(periods.getByTestId('subscription-period-order')).toBeVisible();
    const subscriptionUrl = page.url();

    // The customer's Subscriptions tab.
    await page.goto(`/customers/view/${customer.id}?tab=subscriptions`);
    const tab = page.getByTestId('customer-subscriptions');
    await expect(tab).toContainText(productName);
    await expect(tab.getByTestId('subscription-status')).toHaveText('Inactive');
    expect(await seriousViolations(page), 'customer tab').toEqual([]);

    // A second one, active, for the screenshots: made and activated through the API.
    const second = await apiCall<{ id: number }>(page, 'POST', '/admin/subscriptions', {
      customerId: customer.id,
      productId: product.id,
      startsAt: new Date().toISOString().slice(0, 10),
      paymentPeriodicity: 'monthly',
      paymentMethod: 'external_billing',
    });
    await apiCall(page, 'POST', `/admin/subscriptions/${second.id}/activate`, {});
    const activeUrl = `/subscriptions/view/${second.id}`;

    for (const language of ['es', 'en']) {
      await page.goto('/subscriptions');
      await switchLanguage(page, language);
      await expect(rowOf(page)).toHaveCount(2);
      await screenshots(page, `subscriptions-${language}`);
      await page.goto(activeUrl);
      await expect(page.getByTestId('subscription-periods')).toContainText('30,00 €');
      await screenshots(page, `subscription-${language}`);
      await page.goto(subscriptionUrl);
      await expect(page.getByTestId('subscription-cancelled')).toBeVisible();
      await screenshots(page, `subscription-cancelled-${language}`);
      await page.goto(`/subscriptions/create?customer=${customer.id}`);
      await expect(page.getByTestId('subscription-customer')).toContainText(surname);
      await chooseOption(page, page.getByTestId('subscription-product'), productName, u);
      await expect(page.getByTestId('subscription-renewal-days')).toBeVisible();
      await screenshots(page, `subscription-form-${language}`);
      await page.goto(`/customers/view/${customer.id}?tab=subscriptions`);
      await expect(page.getByTestId('customer-subscriptions')).toContainText(productName);
      await screenshots(page, `customer-subscriptions-${language}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(activeUrl);
    await page.getByTestId('subscription-cancel').click();
    await expect(dialog).toBeVisible();
    await screenshots(page, 'subscription-cancel-en');
  });
});
