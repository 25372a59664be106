import { expect, type Page, test } from '@playwright/test';
import { apiCall, type Login, logIn, newCompany, screenshots, seriousViolations } from './support';

/**
 * A place held while a customer pays a public checkout online (issue 20) shows on the front desk's
 * calendar: muted and striped in its calendar's colour, "Held for online payment", what and until when;
 * clicking it opens nothing (it is no booking yet). On a phone, a line of the agenda without a link.
 * A company of its own, its checkout made through the public API (no gateway is reached until the
 * customer opens the payment link).
 */
let company: Login;

test.beforeAll(async () => {
  company = await newCompany();
});

const everyDay = (openAt: string, closedAt: string) => {
  const day = [{ openAt, closedAt }];
  return {
    monday: day,
    tuesday: day,
    wednesday: day,
    thursday: day,
    friday: day,
    saturday: day,
    sunday: day,
  };
};

/** FullCalendar's "today" is disabled while today is shown. */
async function goToToday(page: Page) {
  const today = page.getByTestId('bookings-calendar').locator('.fc-today-button');
  if (await today.isEnabled()) await today.click();
}

test('a place held for an online payment is on the calendar, muted, striped and not to open', async ({
  page,
}) => {
  await logIn(page, company, { language: 'en' });
  const settings = await apiCall<{ timeZone: string }>(page, 'GET', '/admin/settings');
  const timeZone = settings.timeZone;
  const dayAfterTomorrow = new Intl.DateTimeFormat('en-CA', { timeZone }).format(
    new Date(Date.now() + 2 * 86_400_000),
  );
  await apiCall(page, 'PUT', '/admin/settings', {
    payment: { gateway: 'stripe' },
    stripe: {
      mode: 'test',
      testPublishKey: 'pk_test_e2e',
      testSecretKey: 'sk_test_e2e',
      webhookSecret: 'whsec_e2e',
    },
  });
  const cabin = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
    name: 'Cabina de masajes',
    color: '#1677ff',
    schedule: everyDay('08:00', '20:00'),
    duration: 60,
  });
  const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
  const massage = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
    name: 'Quiromasaje',
    type: 'bookable',
    price: 45,
    taxType: taxes.items[0]?.id,
    durationInMinutes: 60,
    bookingCalendarId: cabin.id,
    sellOnline: true,
  });
  const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Aitana',
    surname: 'Ibarra',
  });
  // A booking at 10:00 beside the hold at 11:00, to tell them apart.
  await apiCall(page, 'POST', '/admin/bookings', {
    bookingCalendarId: cabin.id,
    productId: massage.id,
    customerId: customer.id,
    startsAt: `${dayAfterTomorrow}T10:00`,
  });
  const checkout = await page.request.post(`/v1/public/${company.license}/checkouts`, {
    data: {
      productId: massage.id,
      startsAt: `${dayAfterTomorrow}T11:00`,
      quantity: 1,
      customer: { name: 'Bruno', email: 'bruno@example.es', phone: '+34600123456' },
      language: 'es',
      payment: { method: 'online' },
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { holdExpiresAt } = (await checkout.json()).data as { holdExpiresAt: string };
  const expires = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(holdExpiresAt));

  // The day view of the day after tomorrow, on the cabin's calendar.
  await page.goto(`/calendars/view/${cabin.id}`);
  const view = page.getByTestId('bookings-calendar');
  await view.locator('.fc-timeGridDay-button').click();
  await goToToday(page);
  await view.getByRole('button', { name: 'Next day' }).click();
  await view.getByRole('button', { name: 'Next day' }).click();
  const hold = view.locator('.fc-event.booking-hold');
  await expect(hold).toHaveCount(1);
  await expect(hold).toContainText('Held for online payment');
  await expect(hold).toContainText(`Quiromasaje · expires ${expires}`);
  await expect(hold).toContainText('11:00');
  // Muted and striped, its border the calendar's colour; the booking beside it as ever.
  await expect(hold).toHaveCSS('background-image', /repeating-linear-gradient/);
  await expect(hold).toHaveCSS('border-top-style', 'dashed');
  await expect(hold).toHaveCSS('border-top-color', 'rgb(22, 119, 255)');
  await expect(hold).toHaveCSS('cursor', 'default');
  const booking = view.locator('.fc-event').filter({ hasText: 'Aitana Ibarra' });
  await expect(booking).toHaveCSS('background-color', 'rgb(22, 119, 255)');
  expect(await seriousViolations(page), 'day with a hold').toEqual([]);

  // Clicked, it opens nothing; the booking opens its drawer.
  await hold.click();
  await page.waitForTimeout(500);
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
  await booking.click();
  await expect(page.locator('.ant-drawer-open')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);

  await screenshots(page, 'checkout-hold-calendar', async () => {
    await expect(page.locator('.booking-hold, [data-testid^="agenda-hold-"]').first()).toBeVisible();
  });

  // On a phone: the week's agenda has it as a line without a link, beside the booking's.
  await page.setViewportSize({ width: 390, height: 844 });
  const line = page.locator('[data-testid^="agenda-hold-"]');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Held for online payment');
  await expect(line).toContainText(`Quiromasaje · expires ${expires} · Cabina de masajes`);
  await expect(line.getByRole('button')).toHaveCount(0);
  await expect(page.locator('[data-testid^="agenda-booking-"]').getByRole('button')).toHaveText(
    'Aitana Ibarra',
  );
  expect(await seriousViolations(page), 'agenda with a hold').toEqual([]);
});
