import { expect, test } from '@playwright/test';
import { demo, limited, logIn, screenshots, switchLanguage } from './support';

test.describe('the frame', () => {
  test('the menu follows the permissions: a limited employee sees less', async ({ page, browser }) => {
    await logIn(page, demo);
    const menu = page.getByTestId('main-menu');
    const full = await menu
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(full).toEqual(expect.arrayContaining(['/', '/calendars', '/employees', '/orders', '/products']));
    // Menu entries are real links: they open in a new tab too.
    expect(full.every((href) => href?.startsWith('/'))).toBe(true);

    const other = await browser.newContext();
    const limitedPage = await other.newPage();
    await logIn(limitedPage, limited);
    const few = await limitedPage
      .getByTestId('main-menu')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(few).toEqual(expect.arrayContaining(['/', '/calendars/view', '/products']));
    expect(few).not.toContain('/employees');
    expect(few).not.toContain('/orders');
    expect(few.length).toBeLessThan(full.length);
    // Nor is the route registered: typing its address shows the 404 page.
    await limitedPage.goto('/employees');
    await expect(limitedPage.getByTestId('not-found')).toBeVisible();
    await expect(limitedPage.getByTestId('cash-register-button')).toHaveCount(0);
    await other.close();
  });

  test('an unknown path shows the 404 page, an unknown API path answers JSON', async ({ page, request }) => {
    await logIn(page, demo, { path: '/no/such/screen' });
    await expect(page.getByTestId('not-found')).toBeVisible();
    await screenshots(page, 'not-found-es');
    const api = await request.get('/v1/no/such/endpoint');
    expect(api.status()).toBe(404);
    expect((await api.json()).error.code).toBe(1000104);
  });

  test('below 992 px the menu is a drawer', async ({ page }) => {
    await logIn(page, demo);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('main-menu')).toBeHidden();
    await page.getByTestId('open-menu').click();
    await expect(page.getByRole('dialog').getByRole('link').first()).toBeVisible();
  });

  test('screenshots of the dashboard, profile and company settings', async ({ page }) => {
    await logIn(page, demo);
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await page.goto('/');
      await screenshots(page, `dashboard-${language}`);
      await page.goto('/profile');
      await expect(page.getByTestId('profile-form')).toBeVisible();
      await screenshots(page, `profile-${language}`);
      await page.goto('/settings/company');
      await expect(page.getByTestId('company-settings-form')).toBeVisible();
      await screenshots(page, `settings-company-${language}`);
    }
  });
});
