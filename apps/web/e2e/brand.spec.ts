import { expect, test } from '@playwright/test';
import { admin } from './support';

// scripts/e2e-server.mjs brands the host name `localhost`; the other tests use 127.0.0.1.
test.describe('the branded host', () => {
  test('forces Spanish, its colour and hides the theme picker', async ({ browser, baseURL }) => {
    const branded = baseURL!.replace('127.0.0.1', 'localhost');
    const context = await browser.newContext({ locale: 'de-DE', baseURL: branded });
    await context.addCookies([{ name: 'lang', value: 'fr', url: branded }]);
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const color = await page.getByTestId('login-submit').evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(color).toBe('rgb(15, 118, 110)');
    await page.locator('#login-license').fill(admin.license);
    await page.locator('#login-username').fill(admin.username);
    await page.locator('#login-password').fill(admin.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('main-menu')).toBeVisible();
    await expect(page.getByTestId('theme-picker')).toHaveCount(0);
    await context.close();
  });
});
