import { expect as baseExpect, type Page, test } from '@playwright/test';
import {
  apiCall,
  demo,
  logIn,
  newCompany,
  screenshots,
  seriousViolations,
  switchLanguage,
  unique,
} from './support';

/** The demo's lists are long and the calendar's chunk is big: more patience than the default on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** A calendar open every day from 08:00 to 20:00 with two places, a 60-minute product on it, a customer. */
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
  const product = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
    name: `Quiromasaje ${id}`,
    type: 'bookable',
    price: 40,
    taxType: taxes.items[0]?.id,
    durationInMinutes: 60,
    bookingCalendarId: calendar.id,
    canCustomersChangeTheBookingDate: true,
  });
  const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Aitana',
    surname: `Prueba ${id}`,
  });
  return {
    calendarId: calendar.id,
    calendarName: `Cabina ${id}`,
    productId: product.id,
    customerId: customer.id,
    surname: `Prueba ${id}`,
  };
}

/** The date and time `minutes` from now in `timeZone` (the company's): ['YYYY-MM-DD', 'HH:MM']. */
function zonedIn(minutes: number, timeZone = 'Europe/Madrid'): [string, string] {
  const at = new Date(Date.now() + minutes * 60_000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return [day, time];
}

/**
 * A zone whose day still has two half hours to book an hour from now, whatever the hour the suite runs at:
 * Madrid when it can, else one of zones spread around the world.
 */
function zoneWithRoomToday(): string {
  const zones = ['Europe/Madrid', 'America/New_York', 'Pacific/Honolulu', 'Asia/Tokyo', 'Asia/Kolkata'];
  const zone = zones.find((z) => {
    const [today, now] = zonedIn(60, z);
    return now >= '01:00' && now < '20:00' && zonedIn(180, z)[0] === today;
  });
  if (!zone) throw new Error('no zone with room today');
  return zone;
}

/** The half hour at or after HH:MM, as HH:MM. */
const halfHourFrom = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const minutes = Math.ceil((h * 60 + m) / 30) * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** The time grid's lane of a time of the shown day (e.g. "10:00:00"). */
const lane = (page: Page, time: string) => page.locator(`.fc-timegrid-slot-lane[data-time="${time}"]`);

test.describe('bookings', () => {
  test('books from the calendar view, moves the booking by dragging it, marks it attended', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await logIn(page, demo, { language: 'en' });
    const { calendarId, surname } = await setUp(page);

    // Tomorrow in the day view of the new calendar.
    await page.goto(`/calendars/view/${calendarId}`);
    const view = page.getByTestId('bookings-calendar');
    await expect(view.locator('.fc-timeGridDay-view')).toBeVisible();
    await view.getByRole('button', { name: 'Next day' }).click();

    // A click on a free time opens the booking with that time chosen.
    await lane(page, '10:00:00').click({ position: { x: 40, y: 5 } });
    const drawer = page.getByTestId('booking-drawer');
    await expect(drawer.getByText('New booking')).toBeVisible();
    // The product list loads with the drawer: choose again until the choice holds.
    await expect(async () => {
      await drawer.getByTestId('booking-product').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: 'Quiromasaje' })
        .click({ timeout: 2_000 });
      await expect(drawer.getByTestId('booking-product')).toContainText('Quiromasaje', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(drawer.getByTestId('booking-time')).toContainText('10:00 · 2 places free');
    await drawer.getByTestId('booking-customer').click();
    await page.keyboard.type(surname);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: `Aitana ${surname}` })
      .click();
    await expect(drawer.getByTestId('booking-time')).toContainText('10:00');
    await screenshots(page, 'bookings-drawer-en');
    await drawer.getByTestId('booking-save').click();
    await expect(page.getByText('The booking has been made')).toBeVisible();

    const event = view.locator('.fc-event').filter({ hasText: `Aitana ${surname}` });
    await expect(event).toBeVisible();
    await expect(event).toContainText('10:00 - 11:00');

    // Dragged two hours down: the booking moves to 12:00.
    const from = await event.boundingBox();
    const to = await lane(page, '12:00:00').boundingBox();
    if (!from || !to) throw new Error('no boxes');
    await page.mouse.move(from.x + from.width / 2, from.y + 8);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 4 });
    await page.mouse.move(from.x + from.width / 2, to.y + 8, { steps: 12 });
    await page.mouse.up();
    await expect(page.getByText(`The booking of Aitana ${surname} has been moved`)).toBeVisible();
    await expect(event).toContainText('12:00 - 13:00');

    // Open it, mark it attended: the event shows it.
    await event.click();
    await expect(drawer.getByTestId('booking-attendance')).toContainText('Attendance not marked yet');
    await drawer.getByRole('button', { name: 'Attended' }).click();
    await expect(page.getByText('Marked as attended')).toBeVisible();
    await expect(event.getByLabel('✓')).toBeVisible();

    // The list shows it with its attendance; the view's choice is kept for next time.
    await page.getByTestId('bookings-mode').getByText('List').click();
    await expect(page).toHaveURL(/\/bookings$/);
    await page.getByTestId('list-search').fill(surname);
    const list = page.getByTestId('list-bookings');
    await expect(list.getByRole('row')).toHaveCount(2);
    await expect(list.getByRole('row').nth(1)).toContainText('Attended');
    await page.goto('/calendars/view');
    await expect(page).toHaveURL(new RegExp(`/calendars/view/${calendarId}$`));
  });

  test('screenshots of the day and week views and the list, in Spanish and English', async ({ page }) => {
    // Ten full-page shots of the demo's busy views: on a busy machine more than the default two minutes.
    test.setTimeout(300_000);
    await logIn(page, demo);
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      // The demo's massage room, busy every week.
      await page.goto('/calendars/view');
      await page.getByTestId('calendar-select').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: 'Sala de masajes' })
        .click();
      await expect(page).toHaveURL(/\/calendars\/view\/\d+$/);
      const view = page.getByTestId('bookings-calendar');
      await expect(
        view.locator('.fc-timeGridDay-view, .fc-timeGridWeek-view, .fc-dayGridMonth-view'),
      ).toBeVisible();
      await view.locator('.fc-timeGridDay-button').click();
      await expect(view.locator('.fc-timeGridDay-view')).toBeVisible();
      expect(await seriousViolations(page), 'day').toEqual([]);
      await screenshots(page, `bookings-day-${language}`);
      await view.locator('.fc-timeGridWeek-button').click();
      await expect(view.locator('.fc-timeGridWeek-view')).toBeVisible();
      await expect(view.locator('.fc-event').first()).toBeVisible();
      await screenshots(page, `bookings-week-${language}`);
      await view.locator('.fc-timeGridDay-button').click();

      await page.goto('/bookings');
      await expect(page.getByTestId('list-bookings').getByRole('row').nth(1)).toBeVisible();
      expect(await seriousViolations(page), 'list').toEqual([]);
      await screenshots(page, `bookings-list-${language}`);
    }
  });

  test("the list's Today preset: today's bookings by start, kept in the URL; a phone's rows as cards", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Two half hours ahead today, in the company's day. A company of its own, in a zone whose day has room
    // left at the hour the suite runs (late at night Madrid's has none).
    const company = await newCompany();
    const timeZone = zoneWithRoomToday();
    const [today, now] = zonedIn(60, timeZone);
    const first = halfHourFrom(now);
    const [hour, minute] = first.split(':').map(Number) as [number, number];
    const second = `${String(hour + 1).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
    await logIn(page, company, { language: 'es' });
    await apiCall(page, 'PUT', '/admin/settings', { timeZone });
    const id = unique();
    const always = [{ openAt: '00:00', closedAt: '24:00' }];
    const calendar = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
      name: `Cabina hoy ${id}`,
      schedule: Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
          d,
          always,
        ]),
      ),
      duration: 30,
      maximumConcurrentBookings: 2,
      minimumMinutesInAdvanceForBooking: 0,
    });
    const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
    const product = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
      name: `Pedicura ${id}`,
      type: 'bookable',
      price: 25,
      taxType: taxes.items[0]?.id,
      durationInMinutes: 30,
      bookingCalendarId: calendar.id,
    });
    const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
      name: 'Nerea',
      surname: `Hoy ${id}`,
    });
    const book = (startsAt: string) =>
      apiCall<{ id: number }>(page, 'POST', '/admin/bookings', {
        bookingCalendarId: calendar.id,
        productId: product.id,
        customerId: customer.id,
        startsAt,
        quantity: 1,
      });
    // Made latest first, so that the list's order is the preset's, not the making's.
    await book(`${today}T${second}`);
    await book(`${today}T${first}`);
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone }).format(
      new Date(Date.now() + 86_400_000 * 2),
    );
    await book(`${tomorrow}T10:00`);

    await page.goto('/bookings');
    await page.getByTestId('booking-preset').getByText('Hoy').click();
    await expect(page).toHaveURL(/preset=today/);
    await expect(page).toHaveURL(/sort=date&order=asc/);
    await page.getByTestId('list-search').fill(`Hoy ${id}`);
    const list = page.getByTestId('list-bookings');
    const rows = list.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(first);
    await expect(rows.nth(1)).toContainText(second);
    // Kept in the URL: a reload (or a bookmark) shows today's again.
    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('booking-filter-dates')).toHaveCount(0);
    expect(await seriousViolations(page), 'today es').toEqual([]);
    await screenshots(page, 'bookings-today-es');

    // On a phone: a card per booking, the other columns hidden.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = list.getByTestId('booking-summary');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(first);
    await expect(cards.nth(0)).toContainText(`Nerea Hoy ${id}`);
    await expect(cards.nth(0)).toContainText(`Pedicura ${id} · Cabina hoy ${id}`);
    await expect(cards.nth(0)).toContainText('Aún sin cobrar');
    await expect(list.getByRole('columnheader', { name: 'Cliente' })).toHaveCount(0);
    expect(await seriousViolations(page), 'phone').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await switchLanguage(page, 'en');
    await expect(page).toHaveURL(/preset=today/);
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('booking-preset').locator('.ant-segmented-item-selected')).toHaveText(
      'Today',
    );
    expect(await seriousViolations(page), 'today en').toEqual([]);
    await screenshots(page, 'bookings-today-en');
    // All of them again: tomorrow's too.
    await page.getByTestId('booking-preset').getByText('All').click();
    await expect(page).not.toHaveURL(/preset=today/);
    await expect(rows).toHaveCount(3);
  });

  test("New booking from the customer's page: the drawer opens with her chosen, and the booking is hers", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, demo, { language: 'en' });
    const { calendarId, calendarName, customerId, surname } = await setUp(page);
    const name = `Aitana ${surname}`;

    await page.goto(`/customers/view/${customerId}`);
    await page.getByTestId('customer-new-booking').click();
    await expect(page).toHaveURL(new RegExp(`/calendars/view(/\\d+)?\\?customer=${customerId}$`));
    const hint = page.getByTestId('booking-for-customer');
    await expect(hint).toContainText(`Booking for ${name}`);
    // Another calendar keeps her chosen.
    await page.getByTestId('calendar-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: calendarName })
      .click();
    await expect(page).toHaveURL(new RegExp(`/calendars/view/${calendarId}\\?customer=${customerId}$`));
    await expect(hint).toBeVisible();
    expect(await seriousViolations(page), 'hint en').toEqual([]);
    await screenshots(page, 'bookings-for-customer-en');
    await switchLanguage(page, 'es');
    await expect(hint).toContainText(`Reserva para ${name}`);
    await screenshots(page, 'bookings-for-customer-es');
    await switchLanguage(page, 'en');

    // A free time tomorrow: the drawer has her already.
    const view = page.getByTestId('bookings-calendar');
    await expect(view.locator('.fc-timeGridDay-view')).toBeVisible();
    await view.getByRole('button', { name: 'Next day' }).click();
    await lane(page, '10:00:00').click({ position: { x: 40, y: 5 } });
    const drawer = page.getByTestId('booking-drawer');
    await expect(drawer.getByText('New booking')).toBeVisible();
    await expect(drawer.getByTestId('booking-customer')).toContainText(name);
    await expect(async () => {
      await drawer.getByTestId('booking-product').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: 'Quiromasaje' })
        .click({ timeout: 2_000 });
      await expect(drawer.getByTestId('booking-product')).toContainText('Quiromasaje', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(drawer.getByTestId('booking-time')).toContainText('10:00');
    expect(await seriousViolations(page), 'drawer').toEqual([]);
    await screenshots(page, 'bookings-drawer-for-customer-en');
    await drawer.getByTestId('booking-save').click();
    await expect(page.getByText('The booking has been made')).toBeVisible();
    // Booked: the next one is for whoever staff choose.
    await expect(hint).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/calendars/view/${calendarId}$`));
    const hers = await apiCall<{ items: { customerId: number; startsAt: string }[] }>(
      page,
      'GET',
      `/admin/bookings?filters=${encodeURIComponent(JSON.stringify({ customerId: { eq: customerId } }))}`,
    );
    expect(hers.items).toHaveLength(1);
    expect(hers.items[0]?.customerId).toBe(customerId);
  });
});
