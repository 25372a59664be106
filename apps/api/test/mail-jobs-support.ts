import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { type JobRuntime, startJobs } from '../src/jobs/runtime.js';
import { createSecretBox } from '../src/lib/secrets.js';
import { createLoginThrottle } from '../src/modules/authentication/login-throttle.js';
import { createDiskStorage } from '../src/modules/files/file-storage.js';
import { serverDatabase, type TestApp } from './helpers.js';

/** The job queue's warnings and errors, shown only with JOBS_LOG=1. */
export const jobsLog = process.env.JOBS_LOG
  ? {
      warn: (o: object, m: string) => console.warn(m, o),
      error: (o: object, m: string) => console.error(m, o),
    }
  : { warn: () => undefined, error: () => undefined };

/** The background jobs of a test app (the worker, the sweep, the minute schedules), retrying after 1 s. */
export function startTestJobs(t: TestApp, overrides: { retryLimit?: number } = {}): Promise<JobRuntime> {
  return startJobs({
    database: t.database,
    config: { MAIL_RETRY_LIMIT: overrides.retryLimit ?? 3, MAIL_RETRY_DELAY_SECONDS: 1 },
    mails: t.services.mails,
    settings: t.services.settings,
    storage: t.services.storage,
    notifications: t.services.notifications,
    smtp: t.services.smtp,
    log: jobsLog,
  });
}

/** Reads until `ok` holds, every 100 ms; fails after `timeoutMs` showing the last value. */
export async function until<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A database that outlives the processes using it, to open again as a restarted process does: a fresh
 * database on the PostgreSQL server of TEST_DATABASE_URL, or PGlite in a directory on disk (started
 * from the migrated template). `open` gives a new handle with its own connections each time.
 */
export async function durableDatabase(): Promise<{
  /** DATABASE_URL for a process (PostgreSQL), or the PGlite directory (DATA_DIR/pgdata). */
  url?: string;
  dataDir?: string;
  open(): Promise<Database>;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mostrador-durable-'));
    const dataDir = path.join(dir, 'pgdata');
    const template = inject('pgliteTemplate');
    const first = await openDatabase({
      dataDir,
      ...(template ? { template: new Blob([readFileSync(template)]) } : {}),
    });
    await runMigrations(first);
    await first.close();
    return {
      dataDir,
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const server = await serverDatabase(serverUrl);
  const first = await openDatabase({ url: server.url });
  await runMigrations(first);
  await first.close();
  return { url: server.url, open: () => openDatabase({ url: server.url }), drop: server.drop };
}

/**
 * The API of one process on an existing database: its own handle (pool or PGlite), services, files
 * directory and Fastify app, as `main.ts` builds them; `close` ends them and leaves the database.
 * Processes that share a database share the key that seals its secrets, as SECRETS_KEY makes them.
 */
export async function appOn(
  database: Database,
  options: { env?: Record<string, string>; secretsKey?: Buffer } = {},
): Promise<TestApp> {
  const config = loadConfig({ DATA_DIR: '/nonexistent', WEB_DIST_DIR: '/nonexistent', ...options.env });
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'mostrador-files-'));
  const { app, services } = await buildApp({
    config,
    database,
    secretBox: createSecretBox(options.secretsKey ?? randomBytes(32)),
    storage: createDiskStorage(filesDir),
    throttle: createLoginThrottle({ stepDelayMs: 1 }),
  });
  await app.ready();
  return {
    app,
    services,
    database,
    async close() {
      await app.close();
      await database.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
