import { expect, type Page, test } from '@playwright/test';
import { type FakeGoogle, startFakeGoogle } from '../../api/test/support/fake-google';
import { apiCall, logIn, newCompany, screenshots, switchLanguage, unique } from './support';

/*
 * Google Calendar on a calendar's edit page, in a company of the spec's own, against a local fake Google
 * (the suite's server has GOOGLE_OAUTH_URL and GOOGLE_API_URL on E2E_GOOGLE_PORT): the company's OAuth
 * client in the settings, connecting through the consent page (the fake consents and redirects back to
 * the callback, which lands on the calendar's page), choosing a calendar, refreshing busy times, the broken
 * state after Google revokes access with its reconnect, and disconnecting.
 */
const googlePort = Number(process.env.E2E_GOOGLE_PORT ?? 3199);
let google: FakeGoogle;
let company: Awaited<ReturnType<typeof newCompany>>;

test.beforeAll(async () => {
  google = await startFakeGoogle({ port: googlePort });
  company = await newCompany();
});
test.afterAll(async () => {
  await google?.close();
});

/**
 * Full-page screenshots from the top: taken scrolled down, the fixed header and menu are drawn where the
 * window stood, across the page.
 */
const fromTheTop = async (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

test.describe('Google Calendar', () => {
  test('settings, connect, choose, refresh, broken and reconnect, disconnect', async ({ page }) => {
    test.setTimeout(180_000);
    await logIn(page, company, { path: '/settings/company', language: 'es' });
    const card = page.getByTestId('google-settings');
    await expect(card.getByTestId('google-redirect-url')).toHaveValue(/\/v1\/google\/oauth\/callback$/);
    await card.getByTestId('google-client-id').fill(google.clientId);
    await card.getByTestId('google-client-secret').fill(google.clientSecret);
    await card.getByTestId('google-settings-save').click();
    await expect(card.getByTestId('google-client-secret-state')).toHaveText('Guardada');
    await fromTheTop(page);
    await screenshots(page, 'google-settings-es');

    const calendar = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
      name: `Sala Google ${unique()}`,
      duration: 30,
      schedule: Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
          d,
          [{ openAt: '09:00', closedAt: '14:00' }],
        ]),
      ),
    });
    await page.goto(`/calendars/edit/${calendar.id}`);
    const google_ = page.getByTestId('google-calendar-card');
    await expect(google_.getByTestId('google-none')).toBeVisible();
    google.busy.set('owner@example.test', [
      {
        start: new Date(Date.now() + 86_400_000).toISOString(),
        end: new Date(Date.now() + 90_000_000).toISOString(),
      },
    ]);
    // Connect: Google's consent page (the fake's) sends the browser back through the callback.
    await google_.getByTestId('google-connect').click();
    await page.waitForURL(new RegExp(`/calendars/edit/${calendar.id}`));
    await expect(google_.getByTestId('google-state')).toBeVisible();
    await expect(google_.getByTestId('google-calendar-select')).toContainText('owner@example.test');
    // Choose the team calendar, then read its busy times.
    await google_.getByTestId('google-calendar-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'Equipo' }).click();
    await expect(google_.getByTestId('google-calendar-select')).toContainText('Equipo');
    await google_.getByTestId('google-refresh').click();
    await expect(google_.getByTestId('google-busy-refreshed')).not.toHaveText('Aún no se han leído');
    await fromTheTop(page);
    await screenshots(page, 'google-calendar-connected-es');
    await switchLanguage(page, 'en');
    await fromTheTop(page);
    await screenshots(page, 'google-calendar-connected-en');

    // Google revokes the access: the next refresh finds it, the card shows why and offers to reconnect.
    google.revokeAll();
    await page.getByTestId('google-refresh').click();
    await expect(page.getByTestId('google-broken')).toBeVisible();
    await expect(page.getByTestId('google-broken')).toContainText('Access was revoked or has expired.');
    await fromTheTop(page);
    await screenshots(page, 'google-calendar-broken-en');
    await switchLanguage(page, 'es');
    await expect(page.getByTestId('google-broken')).toContainText('El acceso se ha revocado o ha caducado.');
    await fromTheTop(page);
    await screenshots(page, 'google-calendar-broken-es');

    await page.getByTestId('google-reconnect').click();
    await page.waitForURL(new RegExp(`/calendars/edit/${calendar.id}`));
    await expect(page.getByTestId('google-state')).toBeVisible();

    await page.getByTestId('google-disconnect').click();
    await page.getByTestId('google-disconnect-confirm').click();
    await expect(page.getByTestId('google-none')).toBeVisible();
  });
});
