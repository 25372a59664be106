import { expect, type Page, test } from '@playwright/test';
import {
  apiCall,
  type Login,
  logIn,
  newCompany,
  screenshots,
  seriousViolations,
  switchLanguage,
  unique,
} from './support';

/*
 * Cancelling a booking from its drawer, in a company of the spec's own: a gift card sold and its voucher
 * spent on a booking ten days ahead; the drawer's Cancel booking asks first, saying the voucher gets the
 * booking back (more than the company's 24 free-cancellation hours ahead); once cancelled the drawer shows
 * its tag, the voucher has its booking again and the calendar's range no longer holds it.
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
  numberOfAvailableBookings: number;
}

/** A calendar, a gift card bound to it, a buyer, her voucher, and a booking paid with it ten days ahead. */
async function setUp(page: Page) {
  const u = unique();
  const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
  const schedule = Object.fromEntries(weekdays.map((day) => [day, [{ openAt: '09:00', closedAt: '20:00' }]]));
  const calendar = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
    name: `Cabina ${u}`,
    schedule,
    duration: 30,
  });
  const product = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
    name: `Circuito regalo ${u}`,
    type: 'bookable_gift',
    price: 60,
    taxType: taxes.items[0]?.id,
    durationInMinutes: 60,
    bookingCalendarId: calendar.id,
  });
  const surname = `Anulación ${u}`;
  const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Marta',
    surname,
  });
  await apiCall(page, 'POST', '/admin/orders', {
    customerId: customer.id,
    status: 'paid',
    paymentMethod: 'transfer',
    lines: [{ productId: product.id, quantity: 1, unitPrice: 60 }],
  });
  const filters = encodeURIComponent(JSON.stringify({ customerId: { eq: customer.id } }));
  const vouchers = `/admin/gift-vouchers?filters=${filters}`;
  const [voucher] = (await apiCall<{ items: Voucher[] }>(page, 'GET', vouchers)).items;
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const booking = await apiCall<{ id: number; startsAt: string }>(page, 'POST', '/admin/bookings', {
    bookingCalendarId: calendar.id,
    productId: product.id,
    customerId: customer.id,
    startsAt: `${day}T10:00`,
    giftVoucherCode: voucher!.code,
  });
  return { calendar, voucher: voucher!, vouchers, booking, name: `Marta ${surname}` };
}

/** Opens the booking's drawer from the list, and its Cancel booking confirmation. */
async function openCancel(page: Page, name: string, language: 'es' | 'en') {
  await page.goto('/bookings');
  const open = language === 'en' ? `Open the booking of ${name}` : `Abrir la reserva de ${name}`;
  await page.getByTestId('list-bookings').getByRole('button', { name: open, exact: true }).click();
  const drawer = page.getByTestId('booking-drawer');
  await expect(drawer.getByTestId('booking-sale-voucher')).toBeVisible();
  await drawer.getByTestId('booking-cancel').click();
  const dialog = page.getByTestId('booking-cancel-dialog');
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(300);
  return { drawer, dialog };
}

test.describe('cancelling a booking', () => {
  test('a booking paid with a voucher, cancelled in time: asked first, tagged cancelled, its voucher has the booking back', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, company, { language: 'es' });
    const { voucher, vouchers, booking, name } = await setUp(page);
    expect((await apiCall<{ items: Voucher[] }>(page, 'GET', vouchers)).items[0]).toMatchObject({
      status: 'exhausted',
      numberOfAvailableBookings: 0,
    });

    // In Spanish: the confirmation says the voucher gets the booking back.
    {
      const { dialog } = await openCancel(page, name, 'es');
      await expect(dialog).toContainText(`el bono ${voucher.code} recupera esta reserva`);
      await screenshots(page, 'booking-cancel-confirm-es');
    }

    // In English: the same, axe, then cancelled.
    await switchLanguage(page, 'en');
    const { drawer, dialog } = await openCancel(page, name, 'en');
    await expect(dialog).toContainText(
      `It is at least 24 hours before its start: voucher ${voucher.code} gets this booking back.`,
    );
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText(`Cancel the booking of ${name}?`);
    expect(await seriousViolations(page), 'confirmation').toEqual([]);
    await screenshots(page, 'booking-cancel-confirm-en');
    await page.getByTestId('booking-cancel-ok').click();
    await expect(page.getByText('The booking has been cancelled')).toBeVisible();
    await expect(drawer.getByTestId('booking-cancelled')).toContainText('Cancelled');
    await expect(drawer.getByTestId('booking-cancel')).toHaveCount(0);
    await expect(drawer.getByTestId('booking-save')).toHaveCount(0);
    expect(await seriousViolations(page), 'cancelled drawer').toEqual([]);

    // The voucher has its booking back, on screen and through the API.
    await page.goto(`/gift-vouchers?voucher=${voucher.id}`);
    const voucherDrawer = page.getByTestId('gift-voucher-drawer');
    await expect(voucherDrawer.getByTestId('gift-voucher-code')).toContainText(voucher.code);
    expect((await apiCall<{ items: Voucher[] }>(page, 'GET', vouchers)).items[0]).toMatchObject({
      status: 'active',
      numberOfAvailableBookings: 1,
    });

    // The calendar's range leaves it out: it takes no place; the list no longer lets it be charged.
    const from = new Date(Date.parse(booking.startsAt) - 86_400_000).toISOString();
    const to = new Date(Date.parse(booking.startsAt) + 86_400_000).toISOString();
    const range = await apiCall<{ bookings: { id: number }[] }>(
      page,
      'GET',
      `/admin/bookings/range?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(range.bookings.map((b) => b.id)).not.toContain(booking.id);
    await page.goto('/bookings');
    await expect(
      page.getByTestId('list-bookings').getByRole('checkbox', { name: /already charged or cancelled/ }),
    ).toBeDisabled();
  });
});
