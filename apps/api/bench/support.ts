import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type Services } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { createSecretBox } from '../src/lib/secrets.js';
import { licenses } from '../src/modules/licenses/licenses.table.js';

/**
 * A throwaway database for a benchmark: on the PostgreSQL server of BENCH_DATABASE_URL (default the
 * local one), or in PGlite with BENCH_PGLITE=1.
 */
export async function benchApp() {
  let drop = async () => {};
  let database: Database;
  /** The throwaway database's URL (PostgreSQL only), for a server process started on it. */
  let databaseUrl: string | undefined;
  if (process.env.BENCH_PGLITE === '1') {
    database = await openDatabase({});
  } else {
    const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    // BENCH_DATABASE=<name> times again a database an earlier run kept (BENCH_KEEP=1), without seeding.
    const reused = process.env.BENCH_DATABASE;
    const name = reused ?? `mostrador_bench_${randomBytes(4).toString('hex')}`;
    if (!reused) {
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
    }
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ url: databaseUrl });
    // BENCH_KEEP=1 leaves the database in place (named on the console) to look at its plans afterwards.
    if (process.env.BENCH_KEEP === '1' || reused) console.log(`bench database: ${databaseUrl}`);
    else
      drop = async () => {
        const c = new pg.Client({ connectionString: server });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
  }
  await runMigrations(database);
  const { app, services } = await buildApp({
    config: loadConfig({ DATA_DIR: '/nonexistent', WEB_DIST_DIR: '/nonexistent' }),
    database,
    secretBox: createSecretBox(randomBytes(32)),
  });
  await app.ready();
  return {
    app,
    services: services as Services,
    database,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * The bench's company: license `bench` with its owner signed in; `headers` carry his token. Answers the
 * license row too, for the benches that seed with SQL.
 */
export async function benchCompany(b: Awaited<ReturnType<typeof benchApp>>) {
  const [kept] = await b.database.db.select().from(licenses).where(eq(licenses.code, 'bench'));
  const seeded = Boolean(kept);
  const license =
    kept ??
    (
      await b.services.licenses.create({
        name: 'Bench',
        code: 'bench',
        adminUsername: 'owner',
        adminPassword: 'bench-password',
      })
    ).license;
  const login = await b.app.inject({
    method: 'POST',
    url: '/v1/admin/authentication/employee-password-login',
    payload: { license: 'bench', username: 'owner', password: 'bench-password' },
  });
  const headers = { authorization: `Bearer ${login.json().data as string}` };
  /** `seeded`: a kept database (BENCH_DATABASE) whose company is already there. */
  return { license, headers, seeded };
}

/** Times `count` sequential runs of `fn` after `warmup` and prints p50/p95/max in milliseconds. */
export async function timeIt(label: string, fn: () => Promise<unknown>, count = 200, warmup = 20) {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(
    `${label}: p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${at(1).toFixed(2)} ms (${count} runs)`,
  );
  return { p50: at(0.5), p95: at(0.95) };
}
