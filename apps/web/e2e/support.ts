import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

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
  // The first screen after login loads its code: a busy machine takes longer than the usual wait.
  await expect(page.getByTestId('main-menu').or(page.getByTestId('open-menu')).first()).toBeVisible({
    timeout: 30_000,
  });
}

/** A different name on each attempt: a retried test must not meet its own earlier records. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Calls the API with the session the browser holds and answers the envelope's data; fails on an error. */
export async function apiCall<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('mostrador.token'));
  const res = await page.request.fetch(`/v1${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok(), `${method} ${url}: ${text}`).toBe(true);
  return (text ? JSON.parse(text).data : undefined) as T;
}

/** Cash and card sales need an open register: opens it (300 €) unless it already is. */
export async function openRegisterByApi(page: Page) {
  if (!(await apiCall(page, 'GET', '/admin/cash-register/open')))
    await apiCall(page, 'POST', '/admin/cash-register/open', { initialAmount: 300 });
}

/** Closes the register if it is open (its report is produced as in the app). */
export async function closeRegisterByApi(page: Page, notes = 'e2e') {
  if (await apiCall(page, 'GET', '/admin/cash-register/open'))
    await apiCall(page, 'PATCH', '/admin/cash-register/close', { notes });
}

/**
 * Opens a select and picks the option containing `text`, typing `search` first when given; again until
 * the choice holds (a click landing while the dropdown opens is sometimes lost).
 */
export async function chooseOption(page: Page, select: Locator, text: string, search?: string) {
  await expect(async () => {
    await select.click();
    if (search) await page.keyboard.type(search);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text })
      .first()
      .click({ timeout: 3_000 });
    await expect(select).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
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
