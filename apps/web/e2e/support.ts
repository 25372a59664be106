import path from 'node:path';
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
  await page.context().addCookies([{ name: 'lang', value: language, url: page.url() }]);
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
