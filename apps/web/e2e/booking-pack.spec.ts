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
 * A pack's sessions paying bookings in the booking drawer, in a company of the spec's own: a customer
 * bought a pack of two massages (a paid order); the drawer offers it for a new massage, books it at no
 * price and without an order, names the pack in the booked one's drawer, and the customer's balances show
 * the session spent. A customer without a pack is offered none. Then a customer with an active program
 * subscription whose programme includes the massage books it free.
 */

let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A calendar, a massage bound to it, a pack of two massages sold (paid) to Marta, and Pablo without one. */
async function setUp(page: Page) {
  const u = unique();
  const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
  const schedule = Object.fromEntries(weekdays.map((day) => [day, [{ openAt: '09:00', closedAt: '20:00' }]]));
  const calendar = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
    name: `Cabina bono ${u}`,
    schedule,
    duration: 30,
  });
  const massageName = `Masaje bono ${u}`;
  const massage = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
    name: massageName,
    type: 'bookable',
    price: 45,
    taxType: taxes.items[0]?.id,
    durationInMinutes: 60,
    bookingCalendarId: calendar.id,
  });
  const packName = `2 masajes ${u}`;
  const pack = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
    name: packName,
    type: 'pack',
    price: 80,
    taxType: taxes.items[0]?.id,
    packSessions: 2,
    packProductIds: [massage.id],
  });
  const surname = `Bono ${u}`;
  const marta = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', { name: 'Marta', surname });
  const pablo = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Pablo',
    surname,
  });
  await apiCall(page, 'POST', '/admin/orders', {
    customerId: marta.id,
    status: 'paid',
    paymentMethod: 'transfer',
    lines: [{ productId: pack.id, quantity: 1, unitPrice: 80 }],
  });
  return { calendar, massageId: massage.id, massageName, packName, marta, pablo, surname };
}

/** Waits for the drawer's opening transition: axe reads colours half faded in otherwise. */
async function drawerSettled(page: Page) {
  await expect(page.locator('.ant-drawer-content-wrapper')).toBeVisible();
  await page.waitForTimeout(300);
}

/**
 * Opens the drawer on the day after tomorrow at `time` of the calendar for the customer, with the massage
 * chosen: always more than the 24 free-cancellation hours ahead, whatever the hour the suite runs at.
 */
async function openNewBooking(
  page: Page,
  calendarId: number,
  customerId: number,
  massageName: string,
  time = '10:00',
) {
  await page.goto(`/calendars/view/${calendarId}?customer=${customerId}`);
  const view = page.getByTestId('bookings-calendar');
  await expect(view.locator('.fc-timeGridDay-view')).toBeVisible();
  await view.locator('.fc-next-button').click();
  await view.locator('.fc-next-button').click();
  await page.locator(`.fc-timegrid-slot-lane[data-time="${time}:00"]`).click({ position: { x: 40, y: 5 } });
  const drawer = page.getByTestId('booking-drawer');
  await chooseOption(page, drawer.getByTestId('booking-product'), massageName);
  await expect(drawer.getByTestId('booking-time')).toContainText(time);
  return drawer;
}

test.describe('pack sessions', () => {
  test("the booking drawer pays a booking with a session of the customer's pack", async ({ page }) => {
    test.setTimeout(180_000);
    await logIn(page, company, { language: 'en' });
    const { calendar, massageName, packName, marta, pablo, surname } = await setUp(page);

    // Pablo holds no pack: nothing is offered.
    let drawer = await openNewBooking(page, calendar.id, pablo.id, massageName);
    await expect(drawer.getByTestId('booking-customer')).toContainText(`Pablo ${surname}`);
    await expect(drawer.getByTestId('booking-voucher')).toBeVisible();
    await expect(drawer.getByTestId('booking-pack')).toHaveCount(0);

    drawer = await openNewBooking(page, calendar.id, marta.id, massageName);
    await expect(drawer.getByTestId('booking-customer')).toContainText(`Marta ${surname}`);
    await chooseOption(page, drawer.getByTestId('booking-pack'), `${packName}: 2 of 2 sessions left`);
    await expect(drawer.getByText('Paid with a pack session.')).toBeVisible();
    await expect(drawer.getByTestId('booking-voucher')).toBeDisabled();
    await drawerSettled(page);
    expect(await seriousViolations(page), 'pack chosen').toEqual([]);
    await screenshots(page, 'booking-drawer-pack-en');
    await drawer.getByTestId('booking-save').click();
    await expect(page.getByText('The booking has been made')).toBeVisible();

    // Booked at no price, without an order, the session spent.
    const filters = encodeURIComponent(JSON.stringify({ customerId: { eq: marta.id } }));
    const booked = await apiCall<{
      items: { id: number; balanceName: string | null; price: number; orderId: number | null }[];
    }>(page, 'GET', `/admin/bookings?filters=${filters}`);
    expect(booked.items).toHaveLength(1);
    expect(booked.items[0]).toMatchObject({ balanceName: packName, price: 0, orderId: null });
    const balances = await apiCall<{ items: { remaining: number }[] }>(
      page,
      'GET',
      `/admin/customers/${marta.id}/balances`,
    );
    expect(balances.items[0]?.remaining).toBe(1);

    // Its drawer names the pack instead of a sale; the cancel dialog says the session comes back.
    const view = page.getByTestId('bookings-calendar');
    await view
      .locator('.fc-event')
      .filter({ hasText: `Marta ${surname}` })
      .first()
      .click();
    await expect(drawer.getByTestId('booking-sale-pack')).toContainText(`Paid with a session of ${packName}`);
    await drawer.getByTestId('booking-cancel').click();
    await expect(page.getByTestId('booking-cancel-dialog')).toContainText(
      `the session goes back to the pack ${packName}`,
    );
    await page.getByRole('button', { name: 'Keep' }).click();
    await drawerSettled(page);
    expect(await seriousViolations(page), 'pack-paid booking').toEqual([]);
    await screenshots(page, 'booking-drawer-pack-paid-en');

    // In Spanish, the pack on a second booking's drawer and on the booked one.
    await switchLanguage(page, 'es');
    drawer = await openNewBooking(page, calendar.id, marta.id, massageName, '12:00');
    await chooseOption(page, drawer.getByTestId('booking-pack'), `${packName}: queda 1 de 2 sesiones`);
    await expect(drawer.getByText('Pagada con una sesión de bono.')).toBeVisible();
    await drawerSettled(page);
    await screenshots(page, 'booking-drawer-pack-es');
    await page.keyboard.press('Escape');
    await view
      .locator('.fc-event')
      .filter({ hasText: `Marta ${surname}` })
      .first()
      .click();
    await expect(drawer.getByTestId('booking-sale-pack')).toContainText(
      `Pagada con una sesión de ${packName}`,
    );
    await drawerSettled(page);
    await screenshots(page, 'booking-drawer-pack-paid-es');
  });

  test('the booking drawer books free with an active program subscription that includes the product', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, company, { language: 'en' });
    const { calendar, massageId, massageName, pablo, surname } = await setUp(page);
    const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
    const programName = `Masajes ilimitados ${unique()}`;
    const product = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
      name: programName,
      type: 'program_subscription',
      price: 60,
      taxType: taxes.items[0]?.id,
      periodicity: { quantity: 1, unit: 'month' },
      freeSubscriptionTrialDays: 0,
      packProductIds: [massageId],
    });
    const subscription = await apiCall<{ id: number }>(page, 'POST', '/admin/subscriptions', {
      customerId: pablo.id,
      productId: product.id,
      startsAt: new Date().toISOString().slice(0, 10),
      paymentPeriodicity: 'monthly',
      paymentMethod: 'transfer',
    });
    await apiCall(page, 'POST', `/admin/subscriptions/${subscription.id}/activate`);

    let drawer = await openNewBooking(page, calendar.id, pablo.id, massageName, '16:00');
    await chooseOption(page, drawer.getByTestId('booking-program'), programName);
    await expect(drawer.getByText('Free with the subscription.')).toBeVisible();
    await expect(drawer.getByTestId('booking-voucher')).toBeDisabled();
    await drawerSettled(page);
    expect(await seriousViolations(page), 'program chosen').toEqual([]);
    await screenshots(page, 'booking-drawer-program-en');
    await drawer.getByTestId('booking-save').click();
    await expect(page.getByText('The booking has been made')).toBeVisible();

    const filters = encodeURIComponent(JSON.stringify({ customerId: { eq: pablo.id } }));
    const booked = await apiCall<{
      items: { subscriptionName?: string | null; price: number; orderId: number | null }[];
    }>(page, 'GET', `/admin/bookings?filters=${filters}`);
    expect(booked.items).toHaveLength(1);
    expect(booked.items[0]).toMatchObject({ subscriptionName: programName, price: 0, orderId: null });

    const view = page.getByTestId('bookings-calendar');
    await view
      .locator('.fc-event')
      .filter({ hasText: `Pablo ${surname}` })
      .first()
      .click();
    drawer = page.getByTestId('booking-drawer');
    await expect(drawer.getByTestId('booking-sale-program')).toContainText(
      `Free with the subscription ${programName}`,
    );
    await drawerSettled(page);
    await screenshots(page, 'booking-drawer-program-paid-en');
    await switchLanguage(page, 'es');
    // Back on today: the booking is two days ahead (see openNewBooking).
    await view.locator('.fc-next-button').click();
    await view.locator('.fc-next-button').click();
    await view
      .locator('.fc-event')
      .filter({ hasText: `Pablo ${surname}` })
      .first()
      .click();
    await expect(drawer.getByTestId('booking-sale-program')).toContainText(
      `Gratis con la suscripción ${programName}`,
    );
    await drawerSettled(page);
    await screenshots(page, 'booking-drawer-program-paid-es');
  });
});
