import { expect, type Page, test } from '@playwright/test';
import {
  apiCall,
  logIn,
  logOut,
  newCompany,
  screenshots,
  seriousViolations,
  switchLanguage,
  unique,
} from './support';

/*
 * A calendar's private iCal feed on its edit page, in a company of the spec's own: make the link, copy it,
 * fetch it as a calendar app does, regenerate it (the old link stops) and revoke it; the card is not shown
 * to who may not see the calendar's bookings.
 */
let company: Awaited<ReturnType<typeof newCompany>>;
test.beforeAll(async () => {
  company = await newCompany();
});

/**
 * Full-page screenshots from the top: taken scrolled down, the fixed header and menu are drawn where the
 * window stood, across the form.
 */
const fromTheTop = async (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

/** The feed's path on this server (the address is built from PUBLIC_URL). */
const pathOf = (url: string) => new URL(url).pathname;

async function fetchFeed(page: Page, url: string) {
  return page.request.get(pathOf(url));
}

test.describe('calendar feed', () => {
  let calendarId: number;
  let productName: string;

  test('makes, copies, regenerates and revokes the link; the feed holds the bookings', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page, company, { language: 'es' });
    // A calendar with a booking tomorrow, made through the API.
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const calendar = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
      name: `Cabina ${unique()}`,
      duration: 30,
      schedule: Object.fromEntries(days.map((d) => [d, [{ openAt: '09:00', closedAt: '20:00' }]])),
    });
    calendarId = calendar.id;
    const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
    productName = `Masaje ${unique()}`;
    const product = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
      name: productName,
      type: 'bookable',
      durationInMinutes: 60,
      price: 30,
      taxType: taxes.items[0]!.id,
    });
    const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
      name: 'Lucía',
      surname: 'Fernández',
      phone: '+34611222333',
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await apiCall(page, 'POST', '/admin/bookings', {
      bookingCalendarId: calendarId,
      productId: product.id,
      customerId: customer.id,
      startsAt: `${tomorrow}T10:00`,
    });

    await page.goto(`/calendars/edit/${calendarId}`);
    const card = page.getByTestId('calendar-feed-card');
    await expect(card).toContainText('Feed del calendario');
    await expect(page.getByTestId('calendar-feed-none')).toBeVisible();
    await page.getByTestId('calendar-feed-create').click();
    await expect(page.getByText('Enlace del feed creado')).toBeVisible();
    const field = page.getByTestId('calendar-feed-url');
    await expect(field).toHaveValue(/\/feeds\/calendars\/[A-Za-z0-9_-]{43}\.ics$/);
    const first = await field.inputValue();

    // Copied as it is shown.
    await page.getByTestId('calendar-feed-url-copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    // Fetched as a calendar app does: the booking, in the company's zone.
    const feed = await fetchFeed(page, first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = (await feed.text()).replace(/\r\n /g, '');
    expect(text).toContain(`SUMMARY:${productName} · Lucía Fernández`);
    expect(text).toContain(`DTSTART;TZID=Europe/Madrid:${tomorrow.replace(/-/g, '')}T100000`);
    expect(text).toContain('BEGIN:VTIMEZONE');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'calendar-feed-es', () => fromTheTop(page));

    // Regenerating asks first; then the old link stops at once.
    await page.getByTestId('calendar-feed-regenerate').click();
    await expect(page.getByText('¿Regenerar el enlace del feed?')).toBeVisible();
    await page.getByTestId('calendar-feed-regenerate-confirm').click();
    await expect(page.getByText('Nuevo enlace creado; el anterior ya no funciona')).toBeVisible();
    await expect(field).not.toHaveValue(first);
    const second = await field.inputValue();
    expect((await fetchFeed(page, first)).status()).toBe(404);
    expect((await fetchFeed(page, second)).status()).toBe(200);

    // The same screen in English, at both widths.
    await switchLanguage(page, 'en');
    await expect(card).toContainText('Calendar feed');
    await expect(page.getByTestId('calendar-feed-url')).toHaveValue(second);
    await page.getByTestId('calendar-feed-revoke').click();
    await expect(page.getByText('Revoke the feed link?')).toBeVisible();
    await screenshots(page, 'calendar-feed-confirm-en');
    await page.keyboard.press('Escape');
    await screenshots(page, 'calendar-feed-en', () => fromTheTop(page));

    // Revoking asks first; then no link, and the last one answers 404.
    await page.getByTestId('calendar-feed-revoke').click();
    await page.getByTestId('calendar-feed-revoke-confirm').click();
    await expect(page.getByText('Feed link revoked')).toBeVisible();
    await expect(page.getByTestId('calendar-feed-none')).toBeVisible();
    await expect(page.getByTestId('calendar-feed-url')).toHaveCount(0);
    expect((await fetchFeed(page, second)).status()).toBe(404);
    await screenshots(page, 'calendar-feed-none-en', () => fromTheTop(page));
  });

  test('is not shown to who may edit the calendar but not see its bookings', async ({ page }) => {
    await logIn(page, company, { language: 'en' });
    // A calendar of its own: a retry runs in a new worker, without the first test's.
    const calendar = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
      name: `Sala ${unique()}`,
      duration: 30,
      schedule: Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, []]),
      ),
    });
    const username = `cal${unique()}`;
    await apiCall(page, 'POST', '/admin/users', {
      name: `Calendars ${username}`,
      username,
      password: 'employee-pass-1',
      permissions: ['bookingCalendars_find', 'bookingCalendars_edit'].map((permission) => ({
        scope: 'can_do',
        permission,
      })),
    });
    await logOut(page);
    await logIn(
      page,
      { license: company.license, username, password: 'employee-pass-1' },
      {
        path: `/calendars/edit/${calendar.id}`,
        language: 'en',
      },
    );
    await expect(page.getByTestId('calendar-form').or(page.locator('form')).first()).toBeVisible();
    await expect(page.getByTestId('calendar-feed-card')).toHaveCount(0);
  });
});
