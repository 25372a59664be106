/**
 * The web app's first load, measured in Debian's Chromium against a running server (issue 19):
 *
 * - `measureWebRoutes`: for each screen route of the router, the JavaScript a cold browser downloads to show
 *   it (files, raw bytes, gzip -9 bytes), signed in as a company's employee (the login screen signed out).
 * - `lighthouseMobile`: Lighthouse's default (mobile) performance run of one page.
 *
 * The benchmark harness imports both with a server it started. On its own, after `npm run build` and a
 * server with the demo company (`DATA_DIR=$(mktemp -d) PORT=3300 DEMO_DATA=1 BOOTSTRAP_PASSWORD=bench-password
 * node apps/api/dist/main.js`):
 *
 *   npx tsx --conditions=source apps/api/bench/web-load.ts --base-url http://127.0.0.1:3300 \
 *     [--license demo --username demo --password demo-mostrador] [--route /login --route /calendars/view/:id]
 *     [--lighthouse /login --lighthouse /calendars/view] [--runs 3] [--files] [--phone] [--json out.json]
 *
 * Nothing is fetched beyond the server: the browser's background services are off, and every host name
 * but 127.0.0.1 and localhost resolves to nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface RouteLoad {
  route: string;
  files: number;
  rawBytes: number;
  gzBytes: number;
}

/** One script of a route's first load. */
export interface ScriptLoad {
  url: string;
  rawBytes: number;
  gzBytes: number;
}

export interface WebRoutesOptions {
  baseUrl: string;
  license: string;
  username: string;
  password: string;
  /** Paths or route patterns (`/calendars/view/:id`); default every screen route of the router. */
  routes?: string[];
  chromiumPath?: string;
  /** The window's size (default Playwright's 1280 × 720); `--phone` gives 390 × 844, where screens differ. */
  viewport?: { width: number; height: number };
}

export interface LighthouseFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
}

const defaultChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const routeTable = path.resolve(import.meta.dirname, '../../web/src/app/routes.ts');
const loginRoute = '/login';

/** Only the server: no component updates, no safe-browsing lists, no other host resolves. */
const offlineFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

/**
 * The route patterns of the router's table (apps/web/src/app/routes.ts), read as text: the bench does not
 * import the web app. With the login screen first.
 */
export function screenRoutes(source = readFileSync(routeTable, 'utf8')): string[] {
  const paths = [...source.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1] as string);
  return [loginRoute, ...new Set(paths)];
}

interface Session {
  token: string;
  language: string;
}

async function apiCall<T>(baseUrl: string, url: string, init: RequestInit = {}, token?: string): Promise<T> {
  const res = await fetch(new URL(`/v1${url}`, baseUrl), {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text).data : undefined) as T;
}

/** Signs in as apps/web/e2e/support.ts does: a token from the API and the company's language. */
async function signIn(options: WebRoutesOptions): Promise<Session> {
  const { baseUrl, license, username, password } = options;
  const token = await apiCall<string>(baseUrl, '/admin/authentication/employee-password-login', {
    method: 'POST',
    body: JSON.stringify({ license, username, password }),
  });
  const { locale } = await apiCall<{ locale: string }>(baseUrl, '/admin/settings', {}, token);
  return { token, language: locale };
}

/** The API list whose first record fills a route parameter, by the parameter's name or the route's first segment. */
const listOf: Record<string, string> = {
  customers: '/admin/customers',
  customerId: '/admin/customers',
  employees: '/admin/users',
  orders: '/admin/orders',
  orderId: '/admin/orders',
  bookingIds: '/admin/bookings',
  products: '/admin/products',
  suppliers: '/admin/suppliers',
  supplierName: '/admin/suppliers',
  subscriptions: '/admin/subscriptions',
  calendars: '/admin/booking-calendars',
  licenses: '/admin/licenses',
};

/**
 * The paths to open for a route pattern: its parameters filled with the company's own first records (an
 * optional parameter gives the path without it too); none when a parameter has no record to take.
 */
async function pathsOf(pattern: string, baseUrl: string, session: Session | null): Promise<string[]> {
  if (!pattern.includes(':')) return [pattern];
  if (!session) return [];
  const segments = pattern.split('/');
  const optional = segments.findIndex((s) => s.startsWith(':') && s.endsWith('?'));
  const filled: string[] = [];
  for (const segment of segments) {
    if (!segment.startsWith(':')) {
      filled.push(segment);
      continue;
    }
    const name = segment.slice(1).replace(/\?$/, '');
    const list = listOf[name] ?? listOf[segments[1] ?? ''];
    if (!list) return [];
    let value: string | undefined;
    try {
      const page = await apiCall<{ items: Array<{ id: number; name?: string }> }>(
        baseUrl,
        `${list}?limit=1`,
        {},
        session.token,
      );
      const first = page.items[0];
      value = first ? String(name === 'supplierName' ? first.name : first.id) : undefined;
    } catch {
      value = undefined; // a list the employee may not read: the route is his 404 page anyway
    }
    if (value === undefined) return optional >= 0 ? [segments.slice(0, optional).join('/')] : [];
    filled.push(encodeURIComponent(value));
  }
  const full = filled.join('/');
  return optional >= 0 ? [segments.slice(0, optional).join('/'), full] : [full];
}

async function newContext(
  browser: Browser,
  baseUrl: string,
  session: Session | null,
  viewport?: { width: number; height: number },
): Promise<BrowserContext> {
  const size = viewport ? { viewport } : {};
  if (!session) return browser.newContext(size);
  const origin = new URL(baseUrl).origin;
  return browser.newContext({
    ...size,
    storageState: {
      cookies: [
        {
          name: 'lang',
          value: session.language,
          domain: new URL(baseUrl).hostname,
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [{ origin, localStorage: [{ name: 'mostrador.token', value: session.token }] }],
    },
  });
}

/**
 * What shows that a screen has rendered: the back office's menu (or its phone button), the login form, the
 * boot's error panel. A 404 screen signed in has the menu too.
 */
const rendered = '[data-testid="main-menu"], [data-testid="open-menu"], #login-license, [role="alert"]';

/**
 * The scripts one cold load of `url` downloads (module preloads included): until the screen has rendered and
 * the network has been quiet for a second (on a busy machine the boot may compute longer than the 500 ms of
 * "network idle" between two requests, which would end the count early).
 */
async function loadScripts(context: BrowserContext, url: string): Promise<ScriptLoad[]> {
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer | null>>();
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const settled = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || bodies.has(res.url())) return;
    bodies.set(
      res.url(),
      res.body().catch(() => null),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.locator(rendered).first().waitFor({ timeout: 120_000 });
  const deadline = Date.now() + 120_000;
  while (inFlight > 0 || Date.now() - lastActivity < 1000) {
    if (Date.now() > deadline) throw new Error(`${url}: the network never went quiet`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const scripts: ScriptLoad[] = [];
  for (const [file, body] of bodies) {
    const bytes = await body;
    if (!bytes) throw new Error(`no body for ${file}`);
    scripts.push({ url: file, rawBytes: bytes.length, gzBytes: gzipSync(bytes, { level: 9 }).length });
  }
  await page.close();
  return scripts;
}

function total(route: string, scripts: ScriptLoad[]): RouteLoad {
  return {
    route,
    files: scripts.length,
    rawBytes: scripts.reduce((sum, s) => sum + s.rawBytes, 0),
    gzBytes: scripts.reduce((sum, s) => sum + s.gzBytes, 0),
  };
}

/**
 * Each route's first load in a fresh browser context (cold cache): signed in through the API, the login
 * screen signed out. A pattern whose parameters take records (`/calendars/view/:id?`) is measured at the
 * paths they give (`/calendars/view` and `/calendars/view/3`).
 */
export async function measureWebRoutes(options: WebRoutesOptions): Promise<RouteLoad[]> {
  return (await measureWebRouteScripts(options)).map(({ route, scripts }) => total(route, scripts));
}

/** `measureWebRoutes` with each route's scripts, largest first; `onRoute` hears each route as it is measured. */
export async function measureWebRouteScripts(
  options: WebRoutesOptions,
  onRoute?: (load: RouteLoad, scripts: ScriptLoad[]) => void,
): Promise<Array<{ route: string; scripts: ScriptLoad[] }>> {
  const session = await signIn(options);
  const browser = await chromium.launch({
    executablePath: options.chromiumPath ?? defaultChromium,
    args: offlineFlags,
  });
  try {
    const loads: Array<{ route: string; scripts: ScriptLoad[] }> = [];
    for (const pattern of options.routes ?? screenRoutes()) {
      const signedOut = pattern === loginRoute;
      const who = signedOut ? null : session;
      for (const route of await pathsOf(pattern, options.baseUrl, who)) {
        const context = await newContext(browser, options.baseUrl, who, options.viewport);
        try {
          const scripts = await loadScripts(context, new URL(route, options.baseUrl).href);
          scripts.sort((a, b) => b.gzBytes - a.gzBytes);
          loads.push({ route, scripts });
          onRoute?.(total(route, scripts), scripts);
        } finally {
          await context.close();
        }
      }
    }
    return loads;
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's default run (mobile: a mid-range phone, slow 4G simulated, 4× CPU slowdown) of one page in
 * Debian's Chromium, performance only. With `session`, the page opens signed in: the token and language go
 * into the browser first (from an empty page of the origin), and Lighthouse keeps that storage.
 */
export async function lighthouseMobile(options: {
  url: string;
  chromiumPath?: string;
  session?: Session;
}): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromiumPath ?? defaultChromium,
    chromeFlags: ['--headless=new', ...offlineFlags],
    logLevel: 'silent',
  });
  try {
    if (options.session) await storeSession(chrome.port, options.url, options.session);
    const result = await lighthouse(options.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Storage is the session put in above; the HTTP cache is still cleared before the run.
      disableStorageReset: !!options.session,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${options.url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (options.session && new URL(lhr.finalDisplayedUrl).pathname.startsWith(loginRoute))
      throw new Error(
        `Lighthouse was sent to the login screen from ${options.url}: the session did not hold`,
      );
    const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      fcpMs: audit('first-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
}

/** The token in localStorage and the `lang` cookie of the page's origin, in the browser at `port`. */
async function storeSession(port: number, url: string, session: Session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const origin = new URL(url).origin;
    await context.addCookies([{ name: 'lang', value: session.language, url: `${origin}/` }]);
    const page = await context.newPage();
    const blank = `${origin}/bench-blank`;
    await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
    await page.goto(blank);
    await page.evaluate(`localStorage.setItem('mostrador.token', ${JSON.stringify(session.token)})`);
    await page.close();
  } finally {
    await browser.close();
  }
}

export { signIn as webSession };

function kb(bytes: number) {
  return (bytes / 1024).toFixed(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = await import('node:util').then(({ parseArgs }) =>
    parseArgs({
      options: {
        'base-url': { type: 'string', default: 'http://127.0.0.1:3300' },
        license: { type: 'string', default: 'demo' },
        username: { type: 'string', default: 'demo' },
        password: { type: 'string', default: 'demo-mostrador' },
        route: { type: 'string', multiple: true },
        lighthouse: { type: 'string', multiple: true },
        'chromium-path': { type: 'string' },
        json: { type: 'string' },
        files: { type: 'boolean', default: false },
        phone: { type: 'boolean', default: false },
        runs: { type: 'string', default: '1' },
      },
    }),
  );
  const options: WebRoutesOptions = {
    baseUrl: values['base-url'],
    license: values.license,
    username: values.username,
    password: values.password,
    routes: values.route,
    chromiumPath: values['chromium-path'],
    viewport: values.phone ? { width: 390, height: 844 } : undefined,
  };
  console.log('route'.padEnd(48), 'files'.padStart(6), 'raw KB'.padStart(9), 'gz KB'.padStart(8));
  const loads: RouteLoad[] = [];
  await measureWebRouteScripts(options, (load, scripts) => {
    loads.push(load);
    console.log(
      load.route.padEnd(48),
      String(load.files).padStart(6),
      kb(load.rawBytes).padStart(9),
      kb(load.gzBytes).padStart(8),
    );
    // --files: each script of the route, largest first.
    if (values.files)
      for (const script of scripts)
        console.log(`  ${new URL(script.url).pathname.padEnd(61)} ${kb(script.gzBytes).padStart(8)}`);
  });
  const scores: Array<{ url: string } & LighthouseFigures> = [];
  if (values.lighthouse?.length) {
    const session = await signIn(options);
    for (const route of values.lighthouse) {
      const url = new URL(route, options.baseUrl).href;
      // --runs N: Lighthouse's simulated figures move with the machine's load; the median run by score is kept.
      const runs: LighthouseFigures[] = [];
      for (let run = 0; run < Number(values.runs); run++)
        runs.push(
          await lighthouseMobile({
            url,
            chromiumPath: options.chromiumPath,
            session: route.startsWith(loginRoute) ? undefined : session,
          }),
        );
      runs.sort((a, b) => a.performance - b.performance);
      const figures = runs[Math.floor((runs.length - 1) / 2)] as LighthouseFigures;
      if (runs.length > 1)
        console.log(`  runs: ${runs.map((r) => `${r.performance} (LCP ${r.lcpMs})`).join(', ')}`);
      scores.push({ url, ...figures });
      console.log(
        `lighthouse mobile ${route}: performance ${figures.performance}, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, FCP ${figures.fcpMs} ms`,
      );
    }
  }
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ loads, lighthouse: scores }, null, 2)}\n`);
}
