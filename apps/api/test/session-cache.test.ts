import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createSecretBox } from '../src/lib/secrets.js';
import { hashToken } from '../src/lib/tokens.js';
import { createLoginThrottle } from '../src/modules/authentication/login-throttle.js';
import { sessions } from '../src/modules/authentication/sessions.table.js';
import { users } from '../src/modules/employees/employees.table.js';
import { createDiskStorage } from '../src/modules/files/file-storage.js';
import { buildTestApp, call, createEmployee, createLicense, type TestApp } from './helpers.js';

// Sessions kept in memory (modules/authentication/session-cache.ts): read once, then from memory, and
// dropped by every change of what a session's context is made of, whoever makes it.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const info = (app: TestApp, token: string) => call(app, 'GET', '/v1/admin/users/info', { token });
const kept = (app: TestApp) => app.services.authentication.sessions.stats;

describe('kept sessions', () => {
  it('reads a session once, then answers it from memory', async () => {
    const { token } = await createLicense(t);
    expect((await info(t, token)).status).toBe(200);
    const hits = kept(t).hits;
    expect((await info(t, token)).status).toBe(200);
    expect((await info(t, token)).status).toBe(200);
    expect(kept(t).hits).toBe(hits + 2);
  });

  it('forgets a session changed behind its back: deleted, its employee disabled, a permission taken, the license off', async () => {
    const owner = await createLicense(t);
    const employee = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_do', permission: 'customers_find' },
    ]);
    const customers = () => call(t, 'GET', '/v1/admin/customers', { token: employee.token });
    expect((await customers()).status).toBe(200);
    expect((await customers()).status).toBe(200);

    // A permission taken by SQL, not through the API: the trigger's notification drops it.
    await t.database.db.execute(sql`delete from user_permissions where user_id = ${employee.id}`);
    await vi.waitFor(async () => expect((await customers()).status).toBe(403), {
      timeout: 2000,
      interval: 5,
    });

    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, employee.id));
    await vi.waitFor(async () => expect((await info(t, employee.token)).status).toBe(401), {
      timeout: 2000,
      interval: 5,
    });

    expect((await info(t, owner.token)).status).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(owner.token)));
    await vi.waitFor(async () => expect((await info(t, owner.token)).status).toBe(401), {
      timeout: 2000,
      interval: 5,
    });

    const other = await createLicense(t);
    expect((await info(t, other.token)).status).toBe(200);
    await t.database.db.execute(sql`update licenses set status = 'inactive' where id = ${other.license.id}`);
    await vi.waitFor(async () => expect((await info(t, other.token)).status).toBe(401), {
      timeout: 2000,
      interval: 5,
    });
  });

  it('takes a new time zone of the company at once', async () => {
    const { token, license } = await createLicense(t);
    const before = await t.services.authentication.authenticate(token);
    expect(before?.timeZone).toBe('Europe/Madrid');
    await t.database.db.execute(
      sql`update company_settings set data = jsonb_set(data, '{timeZone}', '"Atlantic/Canary"') where license_id = ${license.id}`,
    );
    await vi.waitFor(
      async () =>
        expect((await t.services.authentication.authenticate(token))?.timeZone).toBe('Atlantic/Canary'),
      { timeout: 2000, interval: 5 },
    );
  });

  it('is not dropped by a session’s minute touch, and a write of this process drops it before answering', async () => {
    const { token } = await createLicense(t);
    expect((await info(t, token)).status).toBe(200);
    // The touch moves the last use forward: no news.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const hits = kept(t).hits;
    expect((await info(t, token)).status).toBe(200);
    expect(kept(t).hits).toBe(hits + 1);

    expect((await call(t, 'POST', '/v1/admin/authentication/logout', { token })).status).toBe(200);
    // No wait: the logout's answer left after this process dropped what it kept.
    expect((await info(t, token)).status).toBe(401);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('kept sessions across processes (PostgreSQL)', () => {
  /** A second API on the same database, as another process would be. */
  async function secondApp(): Promise<TestApp & { stop(): Promise<void> }> {
    const database = await openDatabase({ url: t.database.url! });
    const filesDir = mkdtempSync(path.join(os.tmpdir(), 'mostrador-files-'));
    const { app, services } = await buildApp({
      config: loadConfig({ DATA_DIR: '/nonexistent', WEB_DIST_DIR: '/nonexistent' }),
      database,
      secretBox: createSecretBox(randomBytes(32)),
      storage: createDiskStorage(filesDir),
      throttle: createLoginThrottle({ stepDelayMs: 1 }),
    });
    await app.ready();
    const stop = async () => {
      await app.close();
      await database.close();
      rmSync(filesDir, { recursive: true, force: true });
    };
    return { app, services, database, close: stop, stop };
  }

  it('a logout in one process ends the session in another that kept it', async () => {
    const other = await secondApp();
    try {
      const { token } = await createLicense(t);
      expect((await info(other, token)).status).toBe(200);
      const hits = kept(other).hits;
      expect((await info(other, token)).status).toBe(200);
      expect(kept(other).hits).toBe(hits + 1);
      expect((await call(t, 'POST', '/v1/admin/authentication/logout', { token })).status).toBe(200);
      await vi.waitFor(async () => expect((await info(other, token)).status).toBe(401), {
        timeout: 2000,
        interval: 2,
      });
    } finally {
      await other.stop();
    }
  });

  it('reads every session from the database while it does not listen, and listens again', async () => {
    const other = await secondApp();
    try {
      const { token } = await createLicense(t);
      expect((await info(other, token)).status).toBe(200);
      const admin = new pg.Client({ connectionString: t.database.url });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%'`,
      );
      await admin.end();
      // The loss is seen, the cache is off: every request reads its session.
      await vi.waitFor(
        async () => {
          const hits = kept(other).hits;
          expect((await info(other, token)).status).toBe(200);
          expect(kept(other).hits).toBe(hits);
        },
        { timeout: 2000, interval: 10 },
      );
      // Reconnected a second later: kept again.
      await vi.waitFor(
        async () => {
          await info(other, token);
          const hits = kept(other).hits;
          expect((await info(other, token)).status).toBe(200);
          expect(kept(other).hits).toBe(hits + 1);
        },
        { timeout: 5000, interval: 100 },
      );
    } finally {
      await other.stop();
    }
  });
});
