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

const expect = baseExpect.configure({ timeout: 30_000 });

/** A company of this spec's own: its customers, bookings, sales and register are no other spec's. */
let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

interface Order {
  id: number;
  code: number;
  lines: { id: number; productId: number }[];
}

/**
 * A calendar open every day 08:00–20:00, a 60-minute massage on it (45 €) and a candle (12 €): what the
 * front desk books and sells, named for this attempt.
 */
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
  const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
  const taxType = taxes.items[0]?.id;
  const massage = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
    name: `Masaje ${id}`,
    type: 'bookable',
    price: 45,
    taxType,
    durationInMinutes: 60,
    bookingCalendarId: calendar.id,
  });
  const candle = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
    name: `Vela ${id}`,
    type: 'regular',
    price: 12,
    taxType,
  });
  return { id, calendarId: calendar.id, massageId: massage.id, candleId: candle.id };
}

/** Eight digits after a 6: a Spanish mobile number of this attempt, as stored and as people say it. */
function phoneOfAttempt() {
  const digits = `6${String(Date.now()).slice(-8)}`;
  return {
    stored: `+34${digits}`,
    grouped: `+34 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
    spaced: `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
    dashed: `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
    withCode: `+34 ${digits}`,
    international: `0034 ${digits}`,
  };
}

/** Tomorrow at `time` in the company's zone (Madrid), as the API takes a local start. */
function tomorrowAt(time: string) {
  const day = new Date(Date.now() + 24 * 3_600_000);
  const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(day);
  return `${local}T${time}`;
}

test.describe('the front desk: customers', () => {
  test.describe.configure({ timeout: 300_000 });

  test('finds a customer by the phone as people type it; a new number gets +34 and shows grouped', async ({
    page,
  }) => {
    await logIn(page, company, { path: '/customers', language: 'es' });
    const id = unique();
    const phone = phoneOfAttempt();
    await apiCall(page, 'POST', '/admin/customers', {
      name: 'Lucía',
      surname: `Teléfono ${id}`,
      phone: phone.stored,
    });

    const list = page.getByTestId('list-customers');
    for (const typed of [phone.spaced, phone.dashed, phone.withCode, phone.international]) {
      await page.getByTestId('list-search').fill(typed);
      await expect(list.getByRole('row'), typed).toHaveCount(2);
      await expect(list.getByRole('row').nth(1)).toContainText(`Lucía`);
      await expect(list.getByRole('row').nth(1)).toContainText(phone.grouped);
    }

    // The full form: a Spanish number typed without its code gets +34, and is found by it afterwards.
    await page.goto('/customers/create');
    const form = page.getByTestId('customer-form');
    await form.getByLabel('Nombre', { exact: true }).fill('Tomás');
    await form.getByLabel('Apellidos').fill(`Prefijo ${id}`);
    const other = phoneOfAttempt();
    const otherDigits = other.spaced.replace(/ /g, '');
    const typedOther = `${otherDigits.slice(0, 3)} ${otherDigits.slice(3, 5)} ${otherDigits.slice(5, 7)} ${otherDigits.slice(7)}`;
    await form.getByLabel('Teléfono').fill(typedOther);
    await expect(form.getByLabel('Teléfono')).toHaveValue(other.stored);
    await page.getByTestId('customer-save').click();
    await expect(page.getByText(`Se ha creado el cliente «Tomás Prefijo ${id}»`)).toBeVisible();
    await page.getByTestId('list-search').fill(`Prefijo ${id}`);
    await expect(list.getByRole('row')).toHaveCount(2);
    await expect(list.getByRole('row').nth(1)).toContainText(other.grouped);
  });

  test('a new customer from the booking drawer and from the order form, with a name and a phone or an email', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en' });
    const { id, calendarId } = await setUp(page);

    // The booking drawer: the number typed in the search becomes the new customer's phone.
    await page.goto(`/calendars/view/${calendarId}`);
    await page.getByTestId('create-booking').click();
    const drawer = page.getByTestId('booking-drawer');
    const phone = phoneOfAttempt();
    await drawer.getByTestId('booking-customer').click();
    await page.keyboard.type(phone.spaced);
    await page.getByTestId('customer-quick-create').click();
    const dialog = page.getByTestId('quick-customer-dialog');
    await expect(dialog.getByLabel('Phone')).toHaveValue(phone.stored);
    await dialog.getByLabel('Name').fill(`Rápida ${id}`);
    expect(await seriousViolations(page), 'quick customer').toEqual([]);
    await screenshots(page, 'front-desk-quick-customer-en');
    await page.getByTestId('quick-customer-save').click();
    await expect(dialog).toBeHidden();
    await expect(drawer.getByTestId('booking-customer')).toContainText(`Rápida ${id}`);

    // The order form: neither a phone nor an email is refused; a taken email is said on its field.
    await page.goto('/orders/create');
    await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();
    await page.getByTestId('order-customer').click();
    await page.keyboard.type(`Pedido ${id}`);
    await page.getByTestId('customer-quick-create').click();
    await expect(dialog.getByLabel('Name')).toHaveValue(`Pedido ${id}`);
    await page.getByTestId('quick-customer-save').click();
    await expect(dialog.getByText('Give a phone or an email')).toHaveCount(2);
    const email = `pedido.${id}@example.es`;
    await apiCall(page, 'POST', '/admin/customers', { name: 'Otra', email });
    await dialog.getByLabel('Email').fill(email);
    await page.getByTestId('quick-customer-save').click();
    await expect(dialog.getByText('A customer with this email already exists.')).toBeVisible();
    await dialog.getByLabel('Email').fill(`nuevo.${id}@example.es`);
    await page.getByTestId('quick-customer-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-customer')).toContainText(`Pedido ${id}`);
  });

  test("the customer's page: figures to the cent, bookings, orders and refunds, new order; in Spanish and English", async ({
    page,
  }) => {
    await logIn(page, company, { language: 'es' });
    const { id, calendarId, massageId, candleId } = await setUp(page);
    const phone = phoneOfAttempt();
    const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
      name: 'Carmen',
      surname: `Ficha ${id}`,
      email: `carmen.${id}@example.es`,
      phone: phone.stored,
      city: 'Getafe',
    });
    await apiCall(page, 'POST', '/admin/bookings', {
      bookingCalendarId: calendarId,
      productId: massageId,
      customerId: customer.id,
      startsAt: tomorrowAt('10:00'),
    });
    await openRegisterByApi(page);
    try {
      // Three candles paid (36 €), one given back (12 €): 24,00 € spent.
      const paid = await apiCall<Order>(page, 'POST', '/admin/orders', {
        customerId: customer.id,
        status: 'paid',
        paymentMethod: 'cash',
        lines: [{ productId: candleId, quantity: 3, unitPrice: 12 }],
      });
      await apiCall(page, 'POST', `/admin/orders/${paid.id}/refund`, {
        lines: [{ lineId: paid.lines[0]?.id, quantity: 1 }],
      });

      // From the list, her name opens her page.
      await page.goto(`/customers?q=${encodeURIComponent(`Ficha ${id}`)}`);
      await page.getByTestId('list-customers').getByRole('link', { name: 'Carmen', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/customers/view/${customer.id}$`));
      await expect(page.getByRole('heading', { name: `Carmen Ficha ${id}` })).toBeVisible();
      await expect(page.getByTestId('customer-figure-spent')).toContainText('24,00');
      await expect(page.getByTestId('customer-figure-spent')).toContainText('1 pedido pagado, 1 devolución');
      await expect(page.getByTestId('customer-figure-nextBooking')).toContainText('1 reserva pendiente');
      await expect(page.getByTestId('customer-figure-lastVisit')).toContainText('Nunca');
      await expect(page.getByTestId('customer-profile')).toContainText(phone.grouped);

      await page.getByRole('tab', { name: 'Reservas' }).click();
      await expect(page).toHaveURL(/tab=bookings/);
      await expect(page.getByTestId('customer-upcoming-bookings')).toContainText(`Masaje ${id}`);
      await expect(page.getByTestId('customer-past-bookings')).toContainText('No tiene reservas pasadas');

      await page.getByRole('tab', { name: 'Pedidos' }).click();
      const orders = page.getByTestId('customer-orders');
      await expect(orders.getByRole('link', { name: `#${paid.code}` })).toBeVisible();
      await expect(orders).toContainText('-12,00');

      // The screens in both languages, at desktop and phone width, without serious axe findings.
      for (const language of ['es', 'en']) {
        await switchLanguage(page, language);
        for (const tab of ['profile', 'bookings', 'orders']) {
          await page.goto(`/customers/view/${customer.id}${tab === 'profile' ? '' : `?tab=${tab}`}`);
          await expect(page.getByTestId('customer-figures')).toBeVisible();
          await expect(page.getByTestId('customer-tabs')).toBeVisible();
          expect(await seriousViolations(page), `${tab} ${language}`).toEqual([]);
          await screenshots(page, `front-desk-customer-${tab}-${language}`);
        }
        await page.goto(`/customers?q=${encodeURIComponent(phone.spaced)}`);
        await expect(page.getByTestId('list-customers').getByRole('row')).toHaveCount(2);
        await screenshots(page, `front-desk-customers-phone-search-${language}`);
      }

      // New order: the order form with her chosen.
      await page.goto(`/customers/view/${customer.id}`);
      await page.getByTestId('customer-new-order').click();
      await expect(page).toHaveURL(new RegExp(`/orders/create-by-customer/${customer.id}$`));
      await expect(page.getByTestId('order-customer')).toContainText(`Carmen Ficha ${id}`);
    } finally {
      await closeRegisterByApi(page);
    }
  });
});
