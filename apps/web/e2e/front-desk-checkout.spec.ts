import { expect, type Page, test } from '@playwright/test';
import {
  apiCall,
  chooseOption,
  type Login,
  logIn,
  newCompany,
  openRegisterByApi,
  screenshots,
  seriousViolations,
  switchLanguage,
  unique,
} from './support';

/**
 * Checkout from bookings made in the calendar: from a booking's drawer "Charge" opens the order form
 * charging it; two bookings of one customer and a product sale go on one ticket, paid in cash; the
 * bookings then show their order, paid. From the bookings list: two bookings of one customer checked and
 * charged on one order (another customer's cannot join them), then shown paid. A company of its own, its
 * data made through the API.
 */
let company: Login;

test.beforeAll(async () => {
  company = await newCompany();
});

/** Tomorrow in the company's zone (Europe/Madrid), as YYYY-MM-DD. */
const tomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(Date.now() + 86_400_000));

async function setUp(page: Page) {
  const id = unique();
  const day = [{ openAt: '08:00', closedAt: '20:00' }];
  const calendar = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
    name: `Cabina ${id}`,
    schedule: {
      monday: day,
      tuesday: day,
      wednesday: day,
      thursday: day,
      friday: day,
      saturday: day,
      sunday: day,
    },
    duration: 30,
    maximumConcurrentBookings: 2,
    minimumMinutesInAdvanceForBooking: 0,
  });
  const taxes = await apiCall<{ items: { id: number; percentage: number }[] }>(page, 'GET', '/admin/taxes');
  const taxType = taxes.items.find((tax) => tax.percentage === 21)?.id ?? taxes.items[0]?.id;
  const massage = await apiCall<{ id: number; name: string }>(page, 'POST', '/admin/products', {
    name: `Quiromasaje ${id}`,
    type: 'bookable',
    price: 40,
    taxType,
    durationInMinutes: 60,
    bookingCalendarId: calendar.id,
  });
  const oil = await apiCall<{ id: number; name: string }>(page, 'POST', '/admin/products', {
    name: `Aceite ${id}`,
    type: 'regular',
    price: 12.5,
    taxType,
  });
  const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Aitana',
    surname: `Cobro ${id}`,
  });
  const day1 = tomorrow();
  const book = (time: string) =>
    apiCall<{ id: number }>(page, 'POST', '/admin/bookings', {
      bookingCalendarId: calendar.id,
      productId: massage.id,
      customerId: customer.id,
      startsAt: `${day1}T${time}`,
      quantity: 1,
      price: 40,
    });
  const first = await book('10:00');
  const second = await book('12:00');
  return { id, calendar, massage, oil, customer, first, second, name: `Aitana Cobro ${id}` };
}

test.describe('checkout from bookings', () => {
  test.describe.configure({ timeout: 180_000 });

  test('charges two bookings and a product on one ticket; the bookings show their paid order', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'es' });
    await openRegisterByApi(page);
    const data = await setUp(page);

    // From a booking's drawer: unsold, "Cobrar" opens the order form charging it.
    await page.goto('/bookings');
    await page
      .getByRole('button', { name: `Abrir la reserva de ${data.name}` })
      .first()
      .click();
    const drawer = page.getByTestId('booking-drawer');
    await expect(drawer.getByTestId('booking-sale')).toContainText('Aún sin cobrar');
    await drawer.getByTestId('booking-charge').click();
    await expect(page).toHaveURL(/\/orders\/create-from-bookings\/\d+$/);
    await expect(page.getByTestId('order-charge-notice')).toBeVisible();

    // Both bookings of the customer on one ticket, with a bottle of oil.
    await page.goto(`/orders/create-from-bookings/${data.first.id},${data.second.id}`);
    await expect(page.getByTestId('order-charge-notice')).toContainText('2 reservas');
    await expect(page.getByTestId('order-customer')).toContainText(data.name);
    await expect(page.getByTestId('order-line-0-quantity')).toBeDisabled();
    await expect(page.getByTestId('order-line-booked').first()).toBeVisible();
    await page.getByTestId('order-add-line').click();
    await chooseOption(page, page.getByTestId('order-line-2-product'), data.oil.name, data.oil.name);
    await expect(page.getByTestId('order-total')).toHaveText('92,50 €');
    await chooseOption(page, page.getByTestId('order-payment-method'), 'Efectivo');
    expect(await seriousViolations(page)).toEqual([]);
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await screenshots(page, 'front-desk-checkout-es', async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
    });
    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/v1/admin/orders' && r.request().method() === 'POST',
    );
    await page.getByTestId('order-save').click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(201);
    const order = (await answer.json()).data as {
      id: number;
      code: number;
      status: string;
      lines: { bookingId: number | null }[];
    };
    expect(order.status).toBe('paid');
    expect(order.lines.map((l) => l.bookingId)).toEqual([data.first.id, data.second.id, null]);

    // The booking now shows its order, paid.
    for (const id of [data.first.id, data.second.id])
      expect((await apiCall<{ orderId: number | null }>(page, 'GET', `/admin/bookings/${id}`)).orderId).toBe(
        order.id,
      );
    await page.goto('/bookings');
    await switchLanguage(page, 'en');
    await page
      .getByRole('button', { name: `Open the booking of ${data.name}` })
      .first()
      .click();
    const sold = page.getByTestId('booking-drawer').getByTestId('booking-sale');
    await expect(sold.getByTestId('booking-sale-order')).toHaveText(`Order #${order.code}`);
    await expect(sold.getByTestId('order-status-tag')).toHaveText('Paid');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'front-desk-checkout-booking-en');
  });

  test("charges two bookings of one customer checked in the bookings list; another customer's cannot join them", async ({
    page,
  }) => {
    await logIn(page, company, { language: 'es' });
    await openRegisterByApi(page);
    const data = await setUp(page);
    const bea = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
      name: 'Bea',
      surname: `Cobro ${data.id}`,
    });
    const beas = await apiCall<{ id: number }>(page, 'POST', '/admin/bookings', {
      bookingCalendarId: data.calendar.id,
      productId: data.massage.id,
      customerId: bea.id,
      startsAt: `${tomorrow()}T14:00`,
      quantity: 1,
    });

    await page.goto('/bookings');
    await page.getByTestId('list-search').fill(`Cobro ${data.id}`);
    const list = page.getByTestId('list-bookings');
    await expect(list.getByRole('row')).toHaveCount(4);
    const hers = list.getByRole('checkbox', { name: `Seleccionar la reserva de ${data.name} para cobrarla` });
    const beasBox = list.getByRole('checkbox', {
      name: `Seleccionar la reserva de Bea Cobro ${data.id} para cobrarla`,
    });
    await expect(hers).toHaveCount(2);
    await hers.nth(0).check();
    await hers.nth(1).check();
    const bar = page.getByTestId('booking-selection');
    await expect(bar.getByTestId('booking-selection-count')).toHaveText(
      `2 reservas de ${data.name} · 80,00 €`,
    );
    // Another customer's booking: said why, and nothing to charge until it is unchecked.
    await beasBox.check();
    await expect(bar.getByTestId('booking-selection-problem')).toContainText('clientes distintos');
    await expect(bar.getByTestId('booking-charge-selected')).toBeDisabled();
    expect(await seriousViolations(page), 'two customers').toEqual([]);
    await beasBox.uncheck();
    await expect(bar.getByTestId('booking-selection-problem')).toHaveCount(0);
    await screenshots(page, 'front-desk-charge-selected-es', async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
    });
    await bar.getByTestId('booking-charge-selected').click();

    // One order charging both, by their start.
    await expect(page).toHaveURL(
      new RegExp(`/orders/create-from-bookings/${data.first.id},${data.second.id}$`),
    );
    await expect(page.getByTestId('order-charge-notice')).toContainText('2 reservas');
    await expect(page.getByTestId('order-customer')).toContainText(data.name);
    await expect(page.getByTestId('order-total')).toHaveText('80,00 €');
    await chooseOption(page, page.getByTestId('order-payment-method'), 'Efectivo');
    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/v1/admin/orders' && r.request().method() === 'POST',
    );
    await page.getByTestId('order-save').click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(201);
    const order = (await answer.json()).data as { status: string; lines: { bookingId: number | null }[] };
    expect(order.status).toBe('paid');
    expect(order.lines.map((l) => l.bookingId)).toEqual([data.first.id, data.second.id]);

    // The list shows both paid and no longer to charge; Bea's is still to charge.
    await page.goto('/bookings');
    await switchLanguage(page, 'en');
    await page.getByTestId('list-search').fill(`Cobro ${data.id}`);
    await expect(list.getByRole('row')).toHaveCount(4);
    for (const id of [data.first.id, data.second.id]) {
      const row = list.locator(`tr[data-row-key="${id}"]`);
      await expect(row.getByTestId('booking-row-sale')).toHaveText('Paid');
      await expect(row.getByRole('checkbox')).toBeDisabled();
    }
    const beasRow = list.locator(`tr[data-row-key="${beas.id}"]`);
    await expect(beasRow).toContainText('Not charged yet');
    await expect(beasRow.getByRole('checkbox')).toBeEnabled();
    expect(await seriousViolations(page), 'charged').toEqual([]);
    await screenshots(page, 'front-desk-bookings-charged-en');
  });
});
