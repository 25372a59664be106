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
 * Gift vouchers in a company of the spec's own: three sold in one paid order (one then used by a booking,
 * one expired, one active); the list with its status filter and search, the drawer with the bookings
 * made with a voucher, a new expiry, a used voucher that cannot be deleted and an unused one deleted;
 * then a booking paid with a voucher in the booking drawer, an expired one refused on the field.
 */

let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

interface Voucher {
  id: number;
  code: string;
  status: string;
}

/** A calendar, a gift card bound to it, a buyer with an email, and three vouchers sold to her. */
async function setUp(page: Page) {
  const u = unique();
  const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
  const schedule = Object.fromEntries(
    weekdays.map((day) => [
      day,
      [
        { openAt: '09:00', closedAt: '14:00' },
        { openAt: '16:00', closedAt: '20:00' },
      ],
    ]),
  );
  const calendar = await apiCall<{ id: number; name: string }>(page, 'POST', '/admin/booking-calendars', {
    name: `Cabina regalo ${u}`,
    schedule,
    duration: 30,
  });
  const productName = `Masaje regalo ${u}`;
  const product = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
    name: productName,
    type: 'bookable_gift',
    price: 55,
    taxType: taxes.items[0]?.id,
    durationInMinutes: 60,
    bookingCalendarId: calendar.id,
  });
  const surname = `Regalo ${u}`;
  const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Lucía',
    surname,
    email: `lucia-${u}@example.es`,
  });
  await apiCall(page, 'POST', '/admin/orders', {
    customerId: customer.id,
    status: 'paid',
    paymentMethod: 'transfer',
    lines: [{ productId: product.id, quantity: 3, unitPrice: 55 }],
  });
  const filters = encodeURIComponent(JSON.stringify({ customerId: { eq: customer.id } }));
  const list = await apiCall<{ items: Voucher[] }>(page, 'GET', `/admin/gift-vouchers?filters=${filters}`);
  expect(list.items).toHaveLength(3);
  const [used, expired, active] = list.items as [Voucher, Voucher, Voucher];
  // One used by a booking, one expired (an expiry after its purchase, already past).
  await apiCall(page, 'POST', '/admin/bookings', {
    bookingCalendarId: calendar.id,
    productId: product.id,
    customerId: customer.id,
    startsAt: '2027-03-01T10:00',
    giftVoucherCode: used.code,
  });
  await page.waitForTimeout(1_500);
  await apiCall(page, 'PATCH', `/admin/gift-vouchers/${expired.id}`, {
    expiresAt: new Date(Date.now() - 300).toISOString(),
  });
  return { calendar, productName, customer, surname, used, expired, active };
}

/** Waits for the drawer's opening transition: axe reads colours half faded in otherwise. */
async function drawerSettled(page: Page) {
  await expect(page.locator('.ant-drawer-content-wrapper')).toBeVisible();
  await page.waitForTimeout(300);
}

test.describe('gift vouchers', () => {
  test('the list filters by status and searches; the drawer shows its bookings, a new expiry, what may be deleted', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, company, { language: 'en' });
    const { used, expired, active, surname, customer } = await setUp(page);

    await page.goto(`/gift-vouchers?q=${encodeURIComponent(surname)}`);
    const list = page.getByTestId('list-giftVouchers');
    await expect(list.getByRole('row')).toHaveCount(4);
    await expect(list.getByTestId('gift-voucher-status')).toHaveCount(3);
    await expect(list.locator('[data-status="exhausted"]')).toHaveCount(1);
    await expect(list.locator('[data-status="expired"]')).toHaveCount(1);
    await expect(list.locator('[data-status="active"]')).toHaveCount(1);
    expect(await seriousViolations(page), 'list').toEqual([]);

    // Only the expired ones.
    await chooseOption(page, page.getByTestId('gift-voucher-filter-status'), 'Expired');
    await expect(list.getByRole('row')).toHaveCount(2);
    await expect(list).toContainText(expired.code);
    await page.goto('/gift-vouchers');
    // A part of a code, typed in lower case.
    await page.getByTestId('list-search').fill(active.code.slice(5, 9).toLowerCase());
    await expect(list).toContainText(active.code);

    // The used voucher: its booking, and no way to delete it.
    await page.goto(`/gift-vouchers?voucher=${used.id}`);
    const drawer = page.getByTestId('gift-voucher-drawer');
    await expect(drawer.getByTestId('gift-voucher-code')).toContainText(used.code);
    await expect(drawer.getByTestId('gift-voucher-bookings').locator('.ant-list-item')).toHaveCount(1);
    await expect(drawer.getByTestId('gift-voucher-not-deletable')).toBeVisible();
    await expect(drawer.getByTestId('gift-voucher-delete')).toHaveCount(0);
    await drawerSettled(page);
    expect(await seriousViolations(page), 'drawer').toEqual([]);

    // A new expiry: the end of the day chosen.
    await drawer.getByTestId('gift-voucher-change-expiry').click();
    await drawer.getByTestId('gift-voucher-expiry').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('31/12/2028');
    // Tab leaves the picker with the day typed (Enter would send the form at once).
    await page.keyboard.press('Tab');
    await drawer.getByTestId('gift-voucher-expiry-save').click();
    await expect(page.getByText('Expiry date changed')).toBeVisible();
    await expect(drawer.getByTestId('gift-voucher-expires')).toContainText('31/12/2028');

    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await expect(drawer.getByTestId('gift-voucher-code')).toContainText(used.code);
      await drawerSettled(page);
      await screenshots(page, `gift-voucher-drawer-${language}`);
      await page.goto(`/gift-vouchers?q=${encodeURIComponent(surname)}`);
      await expect(list.getByRole('row')).toHaveCount(4);
      await screenshots(page, `gift-vouchers-${language}`);
      await page.goto(`/customers/view/${customer.id}?tab=vouchers`);
      await expect(page.getByTestId('customer-gift-vouchers')).toContainText(used.code);
      await screenshots(page, `customer-gift-vouchers-${language}`);
      await page.goto(`/gift-vouchers?voucher=${used.id}`);
    }
    expect(await seriousViolations(page), 'customer tab').toEqual([]);

    // An unused voucher is deleted after the confirmation.
    await page.goto(`/gift-vouchers?voucher=${active.id}`);
    await drawer.getByTestId('gift-voucher-delete').click();
    await page.getByTestId('gift-voucher-delete-confirm').click();
    await expect(page.getByText('Voucher deleted')).toBeVisible();
    await page.goto(`/gift-vouchers?q=${encodeURIComponent(surname)}`);
    await expect(list.getByRole('row')).toHaveCount(3);
  });

  test('the booking drawer books with a voucher, and refuses an expired one on its field', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, company, { language: 'en' });
    const { calendar, productName, customer, surname, expired, active } = await setUp(page);

    await page.goto(`/calendars/view/${calendar.id}?customer=${customer.id}`);
    const view = page.getByTestId('bookings-calendar');
    await expect(view.locator('.fc-timeGridDay-view')).toBeVisible();
    await view.locator('.fc-next-button').click();
    await page.locator('.fc-timegrid-slot-lane[data-time="10:00:00"]').click({ position: { x: 40, y: 5 } });
    const drawer = page.getByTestId('booking-drawer');
    await expect(drawer.getByTestId('booking-customer')).toContainText(`Lucía ${surname}`);
    await expect(async () => {
      await drawer.getByTestId('booking-product').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: productName })
        .click({ timeout: 2_000 });
      await expect(drawer.getByTestId('booking-product')).toContainText(productName, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(drawer.getByTestId('booking-time')).toContainText('10:00');

    // An expired voucher: refused on the field, nothing booked.
    await drawer.getByTestId('booking-voucher').fill(expired.code.toLowerCase());
    await drawer.getByTestId('booking-save').click();
    await expect(drawer.getByText('The gift voucher has expired.')).toBeVisible();
    await drawerSettled(page);
    expect(await seriousViolations(page), 'refused voucher').toEqual([]);
    await screenshots(page, 'booking-drawer-voucher-refused-en');

    // Again, with a valid voucher.
    await drawer.getByTestId('booking-voucher').fill(active.code);
    await expect(drawer.getByText('Paid with the gift voucher.')).toBeVisible();
    await drawer.getByTestId('booking-save').click();
    await expect(page.getByText('The booking has been made')).toBeVisible();

    // The booking is paid with it; its drawer says so instead of the sale.
    const filters = encodeURIComponent(JSON.stringify({ customerId: { eq: customer.id } }));
    const booked = await apiCall<{ items: { id: number; giftVoucherCode: string | null; price: number }[] }>(
      page,
      'GET',
      `/admin/bookings?filters=${filters}`,
    );
    const mine = booked.items.find((b) => b.giftVoucherCode === active.code);
    expect(mine?.price).toBe(0);
    await view
      .locator('.fc-event')
      .filter({ hasText: `Lucía ${surname}` })
      .first()
      .click();
    await expect(drawer.getByTestId('booking-sale-voucher')).toContainText(
      `Paid with voucher ${active.code}`,
    );
    await drawerSettled(page);
    await screenshots(page, 'booking-drawer-voucher-paid-en');
    await switchLanguage(page, 'es');
    await expect(view.locator('.fc-timeGridDay-view')).toBeVisible();
    await view.locator('.fc-next-button').click();
    await view
      .locator('.fc-event')
      .filter({ hasText: `Lucía ${surname}` })
      .first()
      .click();
    await expect(drawer.getByTestId('booking-sale-voucher')).toContainText(
      `Pagada con el bono ${active.code}`,
    );
    await drawerSettled(page);
    await screenshots(page, 'booking-drawer-voucher-paid-es');
  });

  test("the order form's gift card line is booked with a voucher instead, and leaves the order", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, company, { language: 'en' });
    const { customer, productName, active } = await setUp(page);
    await page.goto(`/orders/create-by-customer/${customer.id}`);
    await expect(page.getByTestId('order-customer')).toContainText('Lucía');
    await chooseOption(page, page.getByTestId('order-line-0-product'), productName, productName);
    const line = page.getByTestId('order-line-0');
    await line.getByTestId('order-line-0-day').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(tomorrow());
    // Tab, not Enter: Enter in a field of the order's form sends the order (a gift card needs no start).
    await page.keyboard.press('Tab');
    await chooseOption(page, line.getByTestId('order-line-0-start'), '11:00');
    await line.getByTestId('order-line-0-voucher').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Book with a gift voucher' });
    await dialog.getByTestId('order-line-0-voucher-code').fill('AAAA-AAAA-AAAA');
    await dialog.getByRole('button', { name: 'Book' }).click();
    await expect(dialog.getByText('There is no gift voucher with this code.')).toBeVisible();
    // The order itself was not sent (the dialog's submit stays in the dialog).
    await expect(page.getByTestId('order-failure')).toHaveCount(0);
    expect(await seriousViolations(page), 'voucher dialog').toEqual([]);
    await screenshots(page, 'order-form-voucher-en');
    await dialog.getByTestId('order-line-0-voucher-code').fill(active.code);
    await dialog.getByRole('button', { name: 'Book' }).click();
    await expect(page.getByText('Booked with the gift voucher')).toBeVisible();
    await expect(page.getByTestId('order-line-0')).toHaveCount(0);
    const detail = await apiCall<{ usedBookings: number; bookings: unknown[] }>(
      page,
      'GET',
      `/admin/gift-vouchers/${active.id}`,
    );
    expect(detail.usedBookings).toBe(1);
    expect(detail.bookings).toHaveLength(1);
  });

  test('the voucher settings and the free-cancellation hours on the company settings', async ({ page }) => {
    await logIn(page, company, { language: 'en', path: '/settings/company' });
    const card = page.getByTestId('voucher-settings');
    await expect(card.getByTestId('free-cancellation-hours')).toHaveValue('24');
    await card.getByTestId('free-cancellation-hours').fill('48');
    await card.getByTestId('voucher-days').fill('180');
    await card.getByTestId('voucher-settings-save').click();
    await expect(page.getByText('The settings have been saved')).toBeVisible();
    const settings = await apiCall<{
      bookings: { freeCancellationHours: number };
      giftVouchers: { daysQuantityForAGiftVoucherExpiration: number };
    }>(page, 'GET', '/admin/settings');
    expect(settings.bookings.freeCancellationHours).toBe(48);
    expect(settings.giftVouchers.daysQuantityForAGiftVoucherExpiration).toBe(180);
    await card.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page), 'settings').toEqual([]);
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await expect(card.getByTestId('free-cancellation-hours')).toHaveValue('48');
      await screenshots(page, `settings-vouchers-${language}`);
    }
  });
});

/** Tomorrow in the format the English date picker shows (DD/MM/YYYY). */
function tomorrow(): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + 86_400_000));
}
