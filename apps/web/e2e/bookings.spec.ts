import { expect, type Page, test } from '@playwright/test';
import { apiCall, demo, logIn, screenshots, seriousViolations, switchLanguage, unique } from './support';

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
  return { calendarId: calendar.id, productId: product.id, customerId: customer.id, surname: `Prueba ${id}` };
}

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
});
