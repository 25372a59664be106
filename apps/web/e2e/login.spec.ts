import { expect, test } from '@playwright/test';
import { admin, demo, logIn, logInWithForm, screenshots } from './support';

test.describe('login', () => {
  test('a wrong password shows the failed-login message and no session', async ({ page }) => {
    await page.goto('/login');
    await page.locator('#login-license').fill(demo.license);
    await page.locator('#login-username').fill(demo.username);
    await page.locator('#login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('mostrador.token'))).toBeNull();
  });

  test('empty fields are explained before anything is sent', async ({ page }) => {
    let sent = false;
    page.on('request', (r) => {
      if (r.url().includes('employee-password-login')) sent = true;
    });
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await expect(page.locator('#login-license')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(false);
  });

  test('logs in, reloads in the company language, and logs out', async ({ page }) => {
    await logInWithForm(page, demo);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByTestId('app-footer')).toContainText('Mostrador');
    // Authenticated: the login route goes to the dashboard.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem').last().click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('mostrador.token'))).toBeNull();
  });

  test('a protected path without a session goes to login', async ({ page }) => {
    await page.goto('/settings/taxes');
    await expect(page).toHaveURL(/\/login/);
  });

  test('screenshots of the login screen', async ({ page }) => {
    for (const language of ['es', 'en']) {
      await page.context().addCookies([{ name: 'lang', value: language, url: 'http://127.0.0.1' }]);
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await screenshots(page, `login-${language}`);
    }
  });

  test('the platform administrator sees the theme picker', async ({ page }) => {
    await logIn(page, admin);
    await expect(page.getByTestId('theme-picker')).toBeVisible();
  });
});
