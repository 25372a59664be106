import { expect, test } from '@playwright/test';

test.describe('language', () => {
  test('comes from the browser when there is no cookie', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });

  test('falls back to English for a browser language we do not speak', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  test('the cookie wins over the browser', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    await context.addCookies([{ name: 'lang', value: 'fr', url: 'http://127.0.0.1' }]);
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await context.close();
  });
});
