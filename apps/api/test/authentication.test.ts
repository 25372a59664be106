import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { loginThrottle, sessions } from '../src/db/schema.js';
import { createSecretBox } from '../src/lib/secrets.js';
import { hashToken } from '../src/lib/tokens.js';
import { createLoginThrottle } from '../src/modules/authentication/login-throttle.js';
import { bootstrapPlatform } from '../src/modules/licenses/bootstrap.js';
import { buildTestApp, call, createEmployee, createLicense, login, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ throttle: { userLimit: 3, addressLimit: 1000 } });
});
afterAll(() => t.close());

const loginUrl = '/v1/admin/authentication/employee-password-login';

describe('employee password login', () => {
  it('answers a token that opens the session', async () => {
    const { token, license } = await createLicense(t);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await call(t, 'GET', '/v1/admin/users/info', { token });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ username: 'owner', licenseId: license.id, supportUser: null });
    expect(info.body.data.permissions.length).toBeGreaterThan(10);
  });

  it('stores only the hash of the token, with 12 hours or 30 days of life', async () => {
    const { code, password } = await createLicense(t);
    const short = await login(t, { license: code, username: 'owner', password });
    const long = await login(t, { license: code, username: 'owner', password, remember: true });
    const [s] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(short)));
    const [l] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(long)));
    const hours = (d: Date) => (d.getTime() - Date.now()) / 3_600_000;
    expect(hours(s!.expiresAt)).toBeGreaterThan(11.9);
    expect(hours(s!.expiresAt)).toBeLessThanOrEqual(12);
    expect(hours(l!.expiresAt)).toBeGreaterThan(30 * 24 - 0.1);
    const stored = await t.database.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(stored.map((r) => r.h)).not.toContain(short);
  });

  it('answers the same 401 whichever part is wrong', async () => {
    const { code, password } = await createLicense(t);
    for (const body of [
      { license: 'no-such-license', username: 'owner', password },
      { license: code, username: 'nobody', password },
      { license: code, username: 'owner', password: 'wrong-password' },
    ]) {
      const res = await call(t, 'POST', loginUrl, { payload: body });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(ErrorCode.loginFailed);
    }
  });

  it('refuses with 429 after repeated failures for one username, and not for another', async () => {
    const { code, password } = await createLicense(t);
    for (let i = 0; i < 3; i++) {
      const res = await call(t, 'POST', loginUrl, {
        payload: { license: code, username: 'owner', password: 'bad-one' },
      });
      expect(res.status).toBe(401);
    }
    const locked = await call(t, 'POST', loginUrl, {
      payload: { license: code, username: 'owner', password },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe(ErrorCode.tooManyAttempts);
    // Retry-After: the seconds left of the 15-minute lock.
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const other = await createLicense(t);
    expect(other.token).toBeTruthy();
  });

  it('counts every one of many failures at once (one atomic upsert each)', async () => {
    const { code } = await createLicense(t);
    const username = 'nobody-at-all';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(t, 'POST', loginUrl, { payload: { license: code, username, password: 'bad-one' } }),
      ),
    );
    const failed = answers.filter((a) => a.status === 401).length;
    expect(failed + answers.filter((a) => a.status === 429).length).toBe(12);
    const [row] = await t.database.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `u:${code}:${username}`));
    expect(row!.failures).toBe(failed);
  });

  it('keeps counting across API processes on one database, and after a restart', async () => {
    const { code, password } = await createLicense(t);
    /** Another API process on the same database, with a throttle of its own. */
    const instance = async () => {
      const { app } = await buildApp({
        config: loadConfig({ DATA_DIR: '/nonexistent', WEB_DIST_DIR: '/nonexistent' }),
        database: t.database,
        secretBox: createSecretBox(randomBytes(32)),
        throttle: createLoginThrottle({ userLimit: 3, addressLimit: 1000, stepDelayMs: 1 }),
      });
      await app.ready();
      return { ...t, app };
    };
    const bad = { license: code, username: 'owner', password: 'bad-one' };
    const second = await instance();
    // Failures spread over two processes add up.
    expect((await call(t, 'POST', loginUrl, { payload: bad })).status).toBe(401);
    expect((await call(second, 'POST', loginUrl, { payload: bad })).status).toBe(401);
    expect((await call(t, 'POST', loginUrl, { payload: bad })).status).toBe(401);
    const good = { license: code, username: 'owner', password };
    expect((await call(second, 'POST', loginUrl, { payload: good })).status).toBe(429);
    await second.app.close();
    // A restarted process still refuses.
    const restarted = await instance();
    try {
      const res = await call(restarted, 'POST', loginUrl, { payload: good });
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await restarted.app.close();
    }
  });

  it('validates the body and names the fields', async () => {
    const res = await call(t, 'POST', loginUrl, { payload: { license: '', password: 5 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(ErrorCode.validation);
    const fields = res.body.error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['license', 'username', 'password']));
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: loginUrl,
      headers: { 'content-type': 'application/json' },
      payload: '{"license": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(ErrorCode.validation);
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with an unknown one, and after logout', async () => {
    expect((await call(t, 'GET', '/v1/admin/users/info')).status).toBe(401);
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: 'made-up-token' })).status).toBe(401);
    const { token } = await createLicense(t);
    expect((await call(t, 'POST', '/v1/admin/authentication/logout', { token })).status).toBe(200);
    const after = await call(t, 'GET', '/v1/admin/users/info', { token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe(ErrorCode.unauthenticated);
  });

  it('ends a session not remembered after SESSION_IDLE_MINUTES without use (default 120), not a remembered one', async () => {
    const { code, password } = await createLicense(t);
    const short = await login(t, { license: code, username: 'owner', password });
    const long = await login(t, { license: code, username: 'owner', password, remember: true });
    const seen = async (token: string) =>
      (
        await t.database.db
          .select({ at: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      )[0]!.at;
    /** Moves a session's last use `minutes` into the past. */
    const idle = (token: string, minutes: number) =>
      t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(sessions.tokenHash, hashToken(token)));
    const info = (token: string) => call(t, 'GET', '/v1/admin/users/info', { token });

    // Used within the idle time: it goes on, and its use is recorded (at most once a minute).
    await idle(short, 119);
    expect((await info(short)).status).toBe(200);
    expect(Date.now() - (await seen(short)).getTime()).toBeLessThan(60_000);
    const recorded = await seen(short);
    expect((await info(short)).status).toBe(200);
    expect((await seen(short)).getTime()).toBe(recorded.getTime());

    await idle(short, 121);
    await idle(long, 121);
    // Moved behind the API's back: a session it kept is dropped when the change's notification arrives
    // (session-cache.ts), a moment after the commit on a PostgreSQL server.
    await vi.waitFor(
      async () => {
        const expired = await info(short);
        expect(expired.status).toBe(401);
        expect(expired.body.error.code).toBe(ErrorCode.unauthenticated);
      },
      { timeout: 2000, interval: 5 },
    );
    expect((await info(long)).status).toBe(200);
  });

  it('takes the idle time from SESSION_IDLE_MINUTES', async () => {
    const other = await buildTestApp({ env: { SESSION_IDLE_MINUTES: '5' } });
    try {
      const { code, password } = await createLicense(other);
      const token = await login(other, { license: code, username: 'owner', password });
      const idle = (minutes: number) =>
        other.database.db
          .update(sessions)
          .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
          .where(eq(sessions.tokenHash, hashToken(token)));
      await idle(4);
      expect((await call(other, 'GET', '/v1/admin/users/info', { token })).status).toBe(200);
      await idle(6);
      // As above: the kept session goes when the notification of the change arrives.
      await vi.waitFor(
        async () => expect((await call(other, 'GET', '/v1/admin/users/info', { token })).status).toBe(401),
        { timeout: 2000, interval: 5 },
      );
    } finally {
      await other.close();
    }
  });

  it('ends a disabled employee’s sessions at once', async () => {
    const owner = await createLicense(t);
    const employee = await createEmployee(t, owner.code, owner.token, []);
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: employee.token })).status).toBe(200);
    const res = await call(t, 'PATCH', `/v1/admin/users/${employee.id}`, {
      token: owner.token,
      payload: { enabled: false },
    });
    expect(res.status).toBe(200);
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: employee.token })).status).toBe(401);
  });
});

describe('bootstrap', () => {
  it('creates the platform SUPER_ADMIN once and never overwrites it', async () => {
    const first = await bootstrapPlatform(t.database.db, t.services.licenses, {
      license: 'platform',
      username: 'root',
    });
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const second = await bootstrapPlatform(t.database.db, t.services.licenses, {
      license: 'platform',
      username: 'root',
      password: 'another-password',
    });
    expect(second.created).toBe(false);
    const token = await login(t, {
      license: 'platform',
      username: 'root',
      password: first.generatedPassword!,
    });
    const info = await call(t, 'GET', '/v1/admin/users/info', { token });
    expect(info.body.data.roles).toContain('SUPER_ADMIN');
    expect(info.body.data.isPlatform).toBe(true);
  });
});
