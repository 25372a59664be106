import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const admin = { license: 'admin', username: 'admin', password: 'admin-password' };
export const demo = { license: 'demo', username: 'demo', password: 'demo-mostrador' };
/** A demo employee who may only find bookings, customers and products. */
export const limited = { license: 'demo', username: 'javier', password: 'demo-mostrador' };

const shots = path.resolve(import.meta.dirname, '../../../e2e-screenshots');

/** Logs in through the login form; the app then reloads in the company's language. */
export async function logIn(page: Page, who: { license: string; username: string; password: string }) {
  await page.goto('/login');
  await page.locator('#login-license').fill(who.license);
  await page.locator('#login-username').fill(who.username);
  await page.locator('#login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('main-menu').or(page.getByTestId('open-menu')).first()).toBeVisible();
}

/** Switches the interface language the way the app keeps it: the `lang` cookie, then a reload. */
export async function switchLanguage(page: Page, language: string) {
  // For the whole site, replacing the one the app wrote at login: a cookie given the page's own URL gets
  // that page's directory as its path (on /settings/company it would not reach /), and `lang=es` would win.
  await page.context().addCookies([{ name: 'lang', value: language, url: new URL('/', page.url()).href }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** A full-page screenshot at desktop (1280 px) and phone (390 px) width. */
export async function screenshots(page: Page, name: string, ready?: () => Promise<void>) {
  for (const [label, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForLoadState('networkidle');
    if (ready) await ready();
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Logs out through the user menu, back at the login screen. A click landing while the dropdown is still
 * settling is sometimes lost (seen on long pages), so the menu is opened and clicked again until it works.
 */
export async function logOut(page: Page) {
  const item = page.getByRole('menuitem', { name: /cerrar sesión|log out/i });
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId('user-menu').click();
    await item.click({ timeout: 2_000 });
    await expect(page.locator('#login-license')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** axe's serious and critical findings on the page as it stands. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
