import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Locator,
  type Page,
  request,
  test,
} from '@playwright/test';

/*
 * How a spec gets its session and its data, so that the suite can run several files at once:
 * - `logIn` signs in through the API (one page load, at a `path` and `language` if given); only
 *   login.spec.ts types in the form (`logInWithForm`).
 * - A spec that uses the cash register, or changes what other specs read, works in a company of its own:
 *   `newCompany()` in a `beforeAll`. The others use the demo read-only or records of their own, named
 *   with `unique()` and found by that name.
 * - A file's tests run in order in one browser: a later test may build on an earlier one.
 */

export const admin = { license: 'admin', username: 'admin', password: 'admin-password' };
export const demo = { license: 'demo', username: 'demo', password: 'demo-mostrador' };
/** A demo employee who may only find bookings, customers and products. */
export const limited = { license: 'demo', username: 'javier', password: 'demo-mostrador' };

const shots = path.resolve(import.meta.dirname, '../../../e2e-screenshots');

export interface Login {
  license: string;
  username: string;
  password: string;
}

/** The login form, as a person uses it; the app then reloads in the company's language. */
export async function logInWithForm(page: Page, who: Login) {
  await page.goto('/login');
  await page.locator('#login-license').fill(who.license);
  await page.locator('#login-username').fill(who.username);
  await page.locator('#login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await expectSignedIn(page);
}

/** The first screen after login loads its code: a busy machine takes longer than the usual wait. */
async function expectSignedIn(page: Page) {
  await expect(page.getByTestId('main-menu').or(page.getByTestId('open-menu')).first()).toBeVisible({
    timeout: 30_000,
  });
}

/** The API's envelope data of a call, failing on an error answer. */
async function dataOf<T>(res: APIResponse, what: string): Promise<T> {
  const text = await res.text();
  expect(res.ok(), `${what}: ${res.status()} ${text}`).toBe(true);
  return (text ? JSON.parse(text).data : undefined) as T;
}

/** A session token from the login endpoint, as the login form gets it. */
export async function tokenOf(request: APIRequestContext, who: Login): Promise<string> {
  const res = await request.post('/v1/admin/authentication/employee-password-login', {
    data: { license: who.license, username: who.username, password: who.password },
  });
  return dataOf<string>(res, `login of ${who.username} to ${who.license}`);
}

/**
 * Signs in without the form (login.spec.ts tests that): the token from the API goes where the app keeps
 * it (localStorage `mostrador.token`) and the `lang` cookie gets the company's language, as the form
 * leaves them (or `language`, as `switchLanguage` would); then the app opens at `path` (the dashboard by
 * default) in a single page load.
 */
export async function logIn(
  page: Page,
  who: Login,
  { path = '/', language }: { path?: string; language?: string } = {},
) {
  const token = await tokenOf(page.request, who);
  const lang =
    language ??
    (
      await dataOf<{ locale: string }>(
        await page.request.get('/v1/admin/settings', { headers: { authorization: `Bearer ${token}` } }),
        'settings',
      )
    ).locale;
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await page.context().addCookies([{ name: 'lang', value: lang, url: `${origin}/` }]);
  // localStorage is the origin's: a page not on an app screen yet gets to an empty page of the origin
  // (answered here: the API's own answers are sandboxed, without storage, and a screen would boot the app).
  const at = new URL(page.url());
  if (at.origin !== origin || /^\/(v1|health|docs)(\/|$)/.test(at.pathname)) {
    const blank = `${origin}/e2e-blank`;
    await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
    await page.goto(blank);
    await page.unroute(blank);
  }
  await page.evaluate((value) => window.localStorage.setItem('mostrador.token', value), token);
  await page.goto(path);
  await expectSignedIn(page);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** The demo's taxes (apps/api/src/demo/seed.ts): listed by name, "Exento" comes first. */
const demoTaxes = [
  { name: 'IVA 21%', percentage: 21 },
  { name: 'IVA 10%', percentage: 10 },
  { name: 'IVA 4%', percentage: 4 },
  { name: 'Exento', percentage: 0 },
];

/** The company details a copy of the demo takes from it (its logo is a file of the demo's own). */
const companyFields = [
  'companyName',
  'vat',
  'email',
  'phone',
  'street',
  'postalCode',
  'city',
  'state',
  'country',
  'web',
  'locale',
  'otherLanguages',
  'timeZone',
] as const;

/**
 * A company of a spec's own, so that the spec can run beside the others: a new license made by the
 * platform administrator, with the demo's company name, details, language, time zone and four taxes, and an owner
 * `demo` who may do everything a company may. Nothing else is in it: its cash register, orders and
 * customers are the spec's alone. Call it in a `beforeAll`; a retried spec gets a new one.
 */
export async function newCompany(): Promise<Login> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const call = async <T>(token: string, method: string, url: string, data?: unknown) =>
      dataOf<T>(
        await api.fetch(`/v1${url}`, { method, headers: { authorization: `Bearer ${token}` }, data }),
        `${method} ${url}`,
      );
    const [platform, model] = await Promise.all([tokenOf(api, admin), tokenOf(api, demo)]);
    const settings = await call<Record<string, unknown>>(model, 'GET', '/admin/settings');
    const code = `e2e-${unique()}`;
    await call(platform, 'POST', '/admin/licenses', {
      // Its own name in the platform's list (licenses.spec.ts finds the demo there by its name).
      name: `Copia de la demo ${code}`,
      code,
      adminUsername: demo.username,
      adminEmail: `gerencia@${code}.example.es`,
      adminPassword: demo.password,
    });
    const company = { license: code, username: demo.username, password: demo.password };
    const owner = await tokenOf(api, company);
    await call(
      owner,
      'PUT',
      '/admin/settings',
      Object.fromEntries(companyFields.map((f) => [f, settings[f]])),
    );
    for (const tax of demoTaxes) await call(owner, 'POST', '/admin/taxes', tax);
    return company;
  } finally {
    await api.dispose();
  }
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

/** Closes the register if it is open, the drawer counted as expected (its report produced as in the app). */
export async function closeRegisterByApi(page: Page, notes = 'e2e') {
  const open = await apiCall<{ currentCashAmount: number } | null>(page, 'GET', '/admin/cash-register/open');
  if (open)
    await apiCall(page, 'PATCH', '/admin/cash-register/close', {
      notes,
      countedCash: open.currentCashAmount,
    });
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

/**
 * A whole-page screenshot at desktop (1280 px) and phone (390 px) width. The window is made as tall as
 * the page rather than asking for `fullPage`: Chromium shoots a full page by resizing the view and back,
 * which fires every media query's change event, and antd's breakpoints then render the whole screen twice
 * (1–5 s of script a shot on two cores). A taller window changes no width query; the menu's column and
 * the footer also reach the page's end, as on a tall screen.
 */
export async function screenshots(page: Page, name: string, ready?: () => Promise<void>) {
  for (const [label, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForLoadState('networkidle');
    if (ready) await ready();
    await asTallAsThePage(page, width, height);
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The window at `width`, as tall as the page's content at `height` (never shorter than `height`). */
export async function asTallAsThePage(page: Page, width: number, height: number) {
  const tall = await page.evaluate(() => {
    window.scrollTo(0, 0);
    return document.documentElement.scrollHeight;
  });
  if (tall > height) await page.setViewportSize({ width, height: tall });
}

/**
 * Logs out through the user menu, back at the login screen. A click landing while the dropdown is still
 * settling is sometimes lost (seen on long pages), so the menu is opened and clicked again until it works.
 */
export async function logOut(page: Page) {
  const item = page.getByRole('menuitem', { name: /cerrar sesión|log out/i });
  const login = page.locator('#login-license');
  await expect(async () => {
    // A click that did log out, with the login screen slow to boot on a busy machine, is not repeated.
    if (await login.isVisible()) return;
    if (!(await item.isVisible())) await page.getByTestId('user-menu').click({ timeout: 2_000 });
    await item.click({ timeout: 2_000 });
    await expect(login).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** axe's serious and critical findings on the page as it stands. */
export async function seriousViolations(page: Page) {
  // Axe measures the page at rest: the pointer off whatever the test clicked last (a hovered button is
  // lighter), and the colour transitions that started ended. Endless animations, such as a loading
  // skeleton's shimmer, are left running; two seconds at most.
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter((a) =>
        Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY)),
      )
      .map((a) => a.finished.catch(() => undefined));
    return Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  // Violations only: axe then skips writing up every passing node, a third of its time on a long list.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Controls smaller than 24 × 24 px without the room around them that WCAG 2.5.8 asks for (axe's
 * target-size rule, off by default): measured as the page stands, at the width it has.
 */
export async function smallTouchTargets(page: Page) {
  // Only the rule asked for: options() would replace withRules' runOnly and run every rule.
  const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 120)}`),
  );
}
