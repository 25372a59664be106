// The benchmark harness: `npm run bench` (see docs/performance.md).
//
// On a PostgreSQL server (DATABASE_URL) it seeds, in database mostrador_bench_full there, one license with
// 1M bookings over three years on 20 calendars, 300k orders with lines and refunds and 100k customers (reused
// by later runs); without DATABASE_URL, the embedded database under .bench/ with 100k bookings. `--small`
// seeds 10k bookings and runs each measure a second (CI's mode, so the harness cannot rot).
//
// For each endpoint it first records, in this process through the API's own code, the statements one request
// sends, and replays them from Node through the same driver: one client for the latency, ten at once for the
// throughput (the baseline). Then it starts the built API as `npm start` does and loads it with autocannon
// from 127.0.0.1: one connection for the latency (p50/p95/p99), 10 and 50 for the throughput, sampling the
// API's RSS. Booking creation runs 50 clients on one calendar and counts the overbooked places afterwards;
// the export streams every customer as CSV. The web part measures the JavaScript each route's first load
// transfers (gzipped) and Lighthouse's mobile score of the login screen.
//
// Options: --small, --fresh (seed again), --seconds N (each measure; default 5, small 1), --json FILE,
// --no-web, --only name,name. Prints a table and writes JSON (default bench-results/<size>-<database>.json).
// Exits 1 when an endpoint answered anything but its expected statuses or a place was overbooked.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { createSecretBox } from '../src/lib/secrets.js';
import {
  captureStatements,
  type Latency,
  loadHttp,
  loadSql,
  rssOf,
  rssSampler,
  type Statement,
  startBuiltApi,
} from './load.js';
import { type BenchCompany, calendarCount, creationCapacity, seedBench, sizes } from './seed.js';

const root = path.resolve(import.meta.dirname, '../../..');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const serverUrl = process.env.DATABASE_URL;
const size = flag('small') ? sizes.small : serverUrl ? sizes.full : sizes.embedded;
const seconds = Number(option('seconds') ?? (size.name === 'small' ? 1 : 5));
const only = option('only')?.split(',');
const kind = serverUrl ? 'postgres' : 'pglite';
const log = (line: string) => console.log(line);
const MB = 2 ** 20;

// ---- The database: created (or reused) beside the given one, or the embedded one under .bench/.
const dbName = `mostrador_bench_${size.name}`;
let databaseUrl: string | undefined;
const pgliteDir = path.join(root, '.bench', `pglite-${size.name}`);
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (flag('fresh')) await admin.query(`drop database if exists ${dbName} with (force)`);
  const found = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
  if (!found.rowCount) await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
} else if (flag('fresh')) rmSync(pgliteDir, { recursive: true, force: true });

const openBench = () =>
  openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(pgliteDir, 'pgdata') });

log(`Mostrador bench: ${size.name} (${size.bookings.toLocaleString('en')} bookings) on ${kind}`);
let database: Database = await openBench();
await runMigrations(database);
const inProcess = await buildApp({
  config: loadConfig({ DATA_DIR: '/nonexistent', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'warn' }),
  database,
  secretBox: createSecretBox(randomBytes(32)),
});
await inProcess.app.ready();
const seedStarted = performance.now();
const company: BenchCompany = await seedBench(database.db, inProcess.app, inProcess.services, size, log);
log(
  company.reused
    ? 'seed: reused from an earlier run'
    : `seed: ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
);
const db = database.db;
const scalar = async (query: ReturnType<typeof sql>) =>
  Number(Object.values((await db.execute(query)).rows[0] ?? {})[0] ?? 0);
const firstCustomer = await scalar(
  sql`select min(id) from customers where license_id = ${company.licenseId}`,
);
const counts = {
  bookings: await scalar(sql`select count(*) from bookings where license_id = ${company.licenseId}`),
  orders: await scalar(sql`select count(*) from orders where license_id = ${company.licenseId}`),
  customers: await scalar(sql`select count(*) from customers where license_id = ${company.licenseId}`),
};
// The creation calendar starts empty on every run.
const creationCalendar = company.calendars[calendarCount - 1]!;
const creationProduct = company.bookable[calendarCount - 1]!;
await db.execute(sql`delete from bookings where booking_calendar_id = ${creationCalendar}`);

// ---- The endpoints.
const DAY = 86_400_000;
const madridDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(Date.now() + offset * DAY));
const today = madridDay(0);
const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
interface Endpoint {
  name: string;
  path: string;
  /** Goals this endpoint is held to (milliseconds, requests per second, ratios). */
  goal?: { p50?: number; p95?: number; ratio?: number; rps10?: number; rps10Ratio?: number };
}
const thisYear = { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
const endpoints: Endpoint[] = [
  {
    name: 'bookings list, first page',
    path: '/v1/admin/bookings',
    goal: { p50: 3, p95: 8, ratio: 1.3, rps10: 1000, rps10Ratio: 0.8 },
  },
  { name: 'bookings list, page 100', path: `/v1/admin/bookings${q({ page: '100' })}`, goal: { p50: 10 } },
  { name: 'orders list, first page', path: '/v1/admin/orders' },
  {
    name: 'customer search "garcía"',
    path: `/v1/admin/customers${q({ query: 'garcía' })}`,
    goal: { p95: 10 },
  },
  { name: 'customer search "654 3"', path: `/v1/admin/customers${q({ query: '654 3' })}`, goal: { p95: 10 } },
  {
    name: 'customer search "zubizarreta"',
    path: `/v1/admin/customers${q({ query: 'zubizarreta' })}`,
    goal: { p95: 10 },
  },
  {
    name: `availability, 60 days, ${size.availabilityBookings.toLocaleString('en')} bookings`,
    path: `/v1/admin/booking-calendars/${company.calendars[0]}/availability${q({
      from: madridDay(1),
      to: madridDay(60),
      productId: String(company.bookable[0]),
    })}`,
    goal: { p50: 6 },
  },
  {
    name: 'dashboard, this month',
    path: `/v1/admin/reports/dashboard${q({ from: `${today.slice(0, 7)}-01`, to: today })}`,
    goal: { p95: 100 },
  },
  {
    name: 'dashboard, this year',
    path: `/v1/admin/reports/dashboard${q(thisYear)}`,
    goal: { p95: 100 },
  },
  {
    name: 'bookings report, this year',
    path: `/v1/admin/reports/bookings${q(thisYear)}`,
    goal: { p95: 100 },
  },
  {
    name: 'sales report, this year',
    path: `/v1/admin/reports/sales${q(thisYear)}`,
    goal: { p95: 100 },
  },
].filter((e) => !only || only.some((o) => e.name.includes(o)));

// ---- The baseline: each endpoint's statements, recorded in this process, replayed from Node.
const login = await inProcess.app.inject({
  method: 'POST',
  url: '/v1/admin/authentication/employee-password-login',
  payload: { license: 'bench', username: 'owner', password: 'bench-password' },
});
const captureHeaders = { authorization: `Bearer ${login.json().data as string}` };
const baselines = new Map<string, { statements: number; texts: string[]; latency: Latency; rps: number }>();
for (const e of endpoints) {
  const warm = await inProcess.app.inject({ method: 'GET', url: e.path, headers: captureHeaders });
  if (warm.statusCode !== 200) throw new Error(`${e.name}: ${warm.statusCode} ${warm.body.slice(0, 300)}`);
  const statements: Statement[] = await captureStatements(database.pglite, async () => {
    await inProcess.app.inject({ method: 'GET', url: e.path, headers: captureHeaders });
  });
  const baseline = await loadSql({ url: databaseUrl, pglite: database.pglite }, statements, 10, seconds);
  const texts = statements.map((s) =>
    (s.kind === 'pg' ? s.config.text : String(s.args[1])).replace(/\s+/g, ' ').slice(0, 4000),
  );
  baselines.set(e.name, { statements: statements.length, texts, ...baseline });
  log(
    `baseline ${e.name}: ${statements.length} statements, p50 ${baseline.latency.p50.toFixed(2)} ms, ${baseline.rps.toFixed(0)} req/s at 10 clients`,
  );
}
await inProcess.app.close();
await database.close();

// ---- The API, started as `npm start` starts it.
const dataDir = serverUrl ? mkdtempSync(path.join(os.tmpdir(), 'mostrador-bench-')) : pgliteDir;
const api = await startBuiltApi({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
const { baseUrl, pid, startMs, startScript } = api;
const restRss = rssOf(pid);
const signIn = await fetch(`${baseUrl}/v1/admin/authentication/employee-password-login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ license: 'bench', username: 'owner', password: 'bench-password' }),
});
const token = ((await signIn.json()) as { data: string }).data;
const headers = { authorization: `Bearer ${token}` };
log(
  `API started as \`${startScript}\` on ${kind} in ${startMs.toFixed(0)} ms to healthy (pid ${pid}, RSS ${(restRss / MB).toFixed(0)} MB at rest)`,
);

interface Row {
  name: string;
  latency: Latency;
  rps10: number;
  rps50: number;
  rssPeakMb: number;
  baseline?: { statements: number; p50: number; p95: number; p99: number; rps10: number; sql: string[] };
  latencyRatio?: number;
  rps10Ratio?: number;
  goal?: Endpoint['goal'];
  failures: string[];
}
const rows: Row[] = [];
const sampler = rssSampler(pid);
const unexpected = (l: Latency, allowed: string[]) =>
  Object.entries(l.statuses)
    .filter(([status]) => !allowed.includes(status))
    .map(([status, n]) => `${n} × ${status}`)
    .concat(l.errors ? [`${l.errors} errors`] : []);
for (const e of endpoints) {
  const target = { method: 'GET' as const, path: e.path, headers };
  sampler.reset();
  await loadHttp(baseUrl, target, 1, Math.min(1, seconds)); // warm up
  const latency = await loadHttp(baseUrl, target, 1, seconds);
  const at10 = await loadHttp(baseUrl, target, 10, seconds);
  const at50 = await loadHttp(baseUrl, target, 50, seconds);
  const b = baselines.get(e.name)!;
  const row: Row = {
    name: e.name,
    latency,
    rps10: at10.rps,
    rps50: at50.rps,
    rssPeakMb: sampler.peak() / MB,
    baseline: {
      statements: b.statements,
      p50: b.latency.p50,
      p95: b.latency.p95,
      p99: b.latency.p99,
      rps10: b.rps,
      sql: b.texts,
    },
    latencyRatio: latency.p50 / b.latency.p50,
    rps10Ratio: at10.rps / b.rps,
    goal: e.goal,
    failures: [latency, at10, at50].flatMap((l) => unexpected(l, ['200'])),
  };
  rows.push(row);
  log(
    `${e.name}: p50 ${latency.p50.toFixed(2)} ms, p95 ${latency.p95.toFixed(2)} ms, ${at10.rps.toFixed(0)} req/s at 10, ${at50.rps.toFixed(0)} at 50 (SQL ${b.latency.p50.toFixed(2)} ms, ${b.rps.toFixed(0)} req/s)`,
  );
}

// Booking creation: 50 clients on the creation calendar, each request a random half-hour start among 63
// days × 24 starts (four places each), far enough ahead to be free of the seeded bookings.
const slots: string[] = [];
for (let d = 120; d < 183; d++) {
  const day = madridDay(d);
  for (let h = 8; h < 20; h++)
    for (const m of ['00', '30']) slots.push(`${day}T${String(h).padStart(2, '0')}:${m}`);
}
let creation: Row | undefined;
if (!only || only.some((o) => 'booking creation'.includes(o))) {
  sampler.reset();
  const body = () =>
    JSON.stringify({
      bookingCalendarId: creationCalendar,
      productId: creationProduct,
      customerId: firstCustomer + Math.floor(Math.random() * counts.customers),
      startsAt: slots[Math.floor(Math.random() * slots.length)],
    });
  const target = { method: 'POST' as const, path: '/v1/admin/bookings', headers, body };
  // Warmed up as the reads are: the first creations compile the code and open the pool's connections.
  await loadHttp(baseUrl, target, 50, Math.min(2, seconds));
  const at50 = await loadHttp(baseUrl, target, 50, seconds);
  creation = {
    name: 'booking creation, 50 clients, one calendar',
    latency: at50,
    rps10: Number.NaN,
    rps50: at50.rps,
    rssPeakMb: sampler.peak() / MB,
    goal: {},
    failures: unexpected(at50, ['201', '409']),
  };
  log(
    `booking creation: ${at50.rps.toFixed(0)} answers/s at 50 clients (${JSON.stringify(at50.statuses)} by status, ${at50.errors} errors), p50 ${at50.p50.toFixed(1)} ms, p95 ${at50.p95.toFixed(1)} ms`,
  );
}

// The export: every customer as CSV, streamed, timed to its last byte.
let exportResult: { rows: number; seconds: number; megabytes: number; rssPeakMb: number } | undefined;
if (!only || only.some((o) => 'export'.includes(o))) {
  sampler.reset();
  const started = performance.now();
  const res = await fetch(`${baseUrl}/v1/admin/exports/customers`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      format: 'csv',
      columns: [
        { key: 'contactName', label: 'Nombre' },
        { key: 'contactSurname', label: 'Apellidos' },
        { key: 'contactEmail', label: 'Email' },
        { key: 'contactPhone', label: 'Teléfono' },
      ],
      orders: {},
    }),
  });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  exportResult = {
    rows: lines - 1,
    seconds: (performance.now() - started) / 1000,
    megabytes: bytes / 1e6,
    rssPeakMb: sampler.peak() / MB,
  };
  log(
    `export: ${exportResult.rows.toLocaleString('en')} customers as CSV in ${exportResult.seconds.toFixed(2)} s, API RSS peak ${exportResult.rssPeakMb.toFixed(0)} MB`,
  );
}

// The web: each route's first load, and Lighthouse's mobile figures.
let web: unknown;
let webFailure: string | undefined;
if (!flag('no-web') && (!only || only.includes('web'))) {
  try {
    const { measureWebRoutes, lighthouseMobile } = await import('./web-load.js');
    const routes = await measureWebRoutes({
      baseUrl,
      license: 'bench',
      username: 'owner',
      password: 'bench-password',
      ...(size.name === 'small' ? { routes: ['/login', '/calendars/view'] } : {}),
    });
    const lighthouse =
      size.name === 'small' ? undefined : await lighthouseMobile({ url: `${baseUrl}/login` });
    web = { routes, lighthouse };
    for (const r of routes)
      log(
        `web ${r.route}: ${r.files} files, ${(r.gzBytes / 1024).toFixed(0)} KB gz (${(r.rawBytes / 1024).toFixed(0)} KB)`,
      );
    if (lighthouse)
      log(
        `lighthouse mobile /login: performance ${lighthouse.performance}, LCP ${lighthouse.lcpMs.toFixed(0)} ms, TBT ${lighthouse.tbtMs.toFixed(0)} ms`,
      );
  } catch (error) {
    web = { error: String(error) };
    webFailure = `web: not measured (${String(error).split('\n')[0]})`;
    log(webFailure);
  }
}
const peakRss = sampler.peak();
sampler.stop();
await api.stop();
if (serverUrl) rmSync(dataDir, { recursive: true, force: true });

// Overbooked: any creation-calendar start holding more places than the calendar has.
database = await openBench();
const overbooked = await database.db.execute<{ starts_at: string; places: number }>(sql`
  select starts_at, sum(spaces)::int as places from bookings
  where booking_calendar_id = ${creationCalendar} and status <> 'cancelled'
  group by starts_at having sum(spaces) > ${creationCapacity}`);
const booked = Number(
  (
    await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from bookings where booking_calendar_id = ${creationCalendar}`,
    )
  ).rows[0]?.n ?? 0,
);
await database.close();
if (creation) creation.failures.push(...overbooked.rows.map((r) => `overbooked ${r.starts_at}: ${r.places}`));

// ---- The table, the goals, the JSON.
const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '' : n.toFixed(2));
const verdicts: string[] = [];
const check = (label: string, value: number | undefined, goal: number | undefined, atMost = true) => {
  if (goal === undefined || value === undefined) return;
  const ok = atMost ? value <= goal : value >= goal;
  verdicts.push(`${ok ? 'ok  ' : 'OVER'} ${label}: ${value.toFixed(2)} (goal ${atMost ? '≤' : '≥'} ${goal})`);
};
for (const r of rows) {
  check(`${r.name} p50 ms`, r.latency.p50, r.goal?.p50);
  check(`${r.name} p95 ms`, r.latency.p95, r.goal?.p95);
  check(`${r.name} × SQL`, r.latencyRatio, r.goal?.ratio);
  check(`${r.name} req/s at 10`, r.rps10, r.goal?.rps10, false);
  check(`${r.name} req/s at 10 ÷ SQL's`, r.rps10Ratio, r.goal?.rps10Ratio, false);
}
if (creation) check('booking creation answers/s at 50', creation.rps50, 400, false);
check(`API RSS peak MB (${kind})`, peakRss / MB, kind === 'postgres' ? 200 : 300);
if (exportResult) check(`export of ${exportResult.rows} rows, s`, exportResult.seconds, 10);

const table = [
  '| endpoint | p50 ms | p95 ms | p99 ms | req/s at 10 | req/s at 50 | SQL p50 ms | SQL req/s at 10 | × SQL p50 | req/s ÷ SQL |',
  '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ...[...rows, ...(creation ? [creation] : [])].map(
    (r) =>
      `| ${r.name} | ${ms(r.latency.p50)} | ${ms(r.latency.p95)} | ${ms(r.latency.p99)} | ${r.rps10 ? r.rps10.toFixed(0) : ''} | ${r.rps50.toFixed(0)} | ${ms(r.baseline?.p50)} | ${r.baseline ? r.baseline.rps10.toFixed(0) : ''} | ${ms(r.latencyRatio)} | ${ms(r.rps10Ratio)} |`,
  ),
];
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`;
log('');
log(
  `${size.name} on ${kind}: ${counts.bookings.toLocaleString('en')} bookings, ${counts.orders.toLocaleString('en')} orders, ${counts.customers.toLocaleString('en')} customers; ${seconds} s per measure; ${machine}`,
);
log(table.join('\n'));
log(
  `API RSS: ${(restRss / MB).toFixed(0)} MB at rest, peak ${(peakRss / MB).toFixed(0)} MB under load; booking creation left ${booked} bookings, ${overbooked.rows.length} starts overbooked`,
);
log(verdicts.join('\n'));
const failures = [...rows, ...(creation ? [creation] : [])]
  .flatMap((r) => r.failures.map((f) => `${r.name}: ${f}`))
  .concat(webFailure ? [webFailure] : []);
const out = option('json') ?? path.join(root, 'bench-results', `${size.name}-${kind}.json`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      size,
      database: kind,
      counts,
      seconds,
      machine,
      seed: { reused: company.reused, seconds: company.seconds },
      endpoints: rows,
      bookingCreation: creation && { ...creation, booked, overbooked: overbooked.rows.length },
      export: exportResult,
      rss: { restMb: restRss / MB, peakMb: peakRss / MB },
      startToHealthyMs: startMs,
      web,
      verdicts,
      failures,
    },
    null,
    2,
  )}\n`,
);
log(`written: ${path.relative(root, out)}`);
if (failures.length) {
  log(`FAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
process.exit(0);
