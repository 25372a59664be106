import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { runMigrations } from '../../db/migrate.js';
import { createLoginThrottle, type ThrottleOptions } from './login-throttle.js';
import { loginThrottle } from './login-throttle.table.js';

let database: Database;
beforeAll(async () => {
  const template = inject('pgliteTemplate');
  database = await openDatabase(template ? { template: new Blob([readFileSync(template)]) } : {});
  await runMigrations(database);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(loginThrottle);
});

/** A throttle on a clock the test moves, its counters in the test's database. */
function throttleAt(options: Partial<ThrottleOptions>) {
  const clock = { now: Date.UTC(2026, 0, 1) };
  const inner = createLoginThrottle(options, () => clock.now);
  const db = database.db;
  const throttle = {
    check: (license: string, username: string, address: string) =>
      inner.check(db, license, username, address),
    fail: (license: string, username: string, address: string) => inner.fail(db, license, username, address),
    succeed: (license: string, username: string) => inner.succeed(db, license, username),
    sweep: () => inner.sweep(db),
  };
  return { throttle, clock };
}

const minute = 60_000;

describe('login throttle', () => {
  it('locks a license+username after userLimit failures, and unlocks after lockMs', async () => {
    const { throttle, clock } = throttleAt({ userLimit: 3, addressLimit: 100, lockMs: 10 * minute });
    for (let i = 0; i < 2; i++) {
      expect((await throttle.check('acme', 'ana', '10.0.0.1')).refused).toBe(false);
      await throttle.fail('acme', 'ana', '10.0.0.1');
    }
    expect((await throttle.check('acme', 'ana', '10.0.0.1')).refused).toBe(false);
    await throttle.fail('acme', 'ana', '10.0.0.1');
    expect((await throttle.check('acme', 'ana', '10.0.0.1')).refused).toBe(true);
    // Any address, any letter case: the key is the license and the username.
    expect((await throttle.check('ACME', 'Ana', '10.9.9.9')).refused).toBe(true);
    // Other usernames and licenses are not affected.
    expect((await throttle.check('acme', 'bea', '10.0.0.1')).refused).toBe(false);
    expect((await throttle.check('other', 'ana', '10.0.0.1')).refused).toBe(false);

    clock.now += 10 * minute - 1;
    expect((await throttle.check('acme', 'ana', '10.0.0.1')).refused).toBe(true);
    clock.now += 1;
    expect((await throttle.check('acme', 'ana', '10.0.0.1')).refused).toBe(false);
  });

  it('forgets failures older than the window', async () => {
    const { throttle, clock } = throttleAt({ userLimit: 3, addressLimit: 100, windowMs: 15 * minute });
    await throttle.fail('acme', 'ana', '10.0.0.1');
    await throttle.fail('acme', 'ana', '10.0.0.1');
    clock.now += 15 * minute + 1;
    await throttle.fail('acme', 'ana', '10.0.0.1');
    await throttle.fail('acme', 'ana', '10.0.0.1');
    expect((await throttle.check('acme', 'ana', '10.0.0.1')).refused).toBe(false);
    await throttle.fail('acme', 'ana', '10.0.0.1');
    expect((await throttle.check('acme', 'ana', '10.0.0.1')).refused).toBe(true);
  });

  it('resets the username’s count on success', async () => {
    const { throttle } = throttleAt({ userLimit: 3, addressLimit: 100 });
    await throttle.fail('acme', 'ana', '10.0.0.1');
    await throttle.fail('acme', 'ana', '10.0.0.1');
    await throttle.succeed('acme', 'ana');
    await throttle.fail('acme', 'ana', '10.0.0.1');
    await throttle.fail('acme', 'ana', '10.0.0.1');
    expect((await throttle.check('acme', 'ana', '10.0.0.1')).refused).toBe(false);
    await throttle.fail('acme', 'ana', '10.0.0.1');
    expect((await throttle.check('acme', 'ana', '10.0.0.1')).refused).toBe(true);
  });

  it('locks an address after addressLimit failures whatever the usernames', async () => {
    const { throttle, clock } = throttleAt({ userLimit: 100, addressLimit: 5, lockMs: minute });
    for (let i = 0; i < 5; i++) await throttle.fail('acme', `user${i}`, '10.0.0.1');
    expect((await throttle.check('acme', 'someone-else', '10.0.0.1')).refused).toBe(true);
    expect((await throttle.check('other', 'ana', '10.0.0.1')).refused).toBe(true);
    expect((await throttle.check('acme', 'someone-else', '10.0.0.2')).refused).toBe(false);
    // A success of one username does not clear the address.
    await throttle.succeed('acme', 'user0');
    expect((await throttle.check('acme', 'user0', '10.0.0.1')).refused).toBe(true);
    clock.now += minute;
    expect((await throttle.check('acme', 'someone-else', '10.0.0.1')).refused).toBe(false);
  });

  it('slows attempts down from softLimit failures, growing by step and capped at 2 s', async () => {
    const { throttle } = throttleAt({ userLimit: 100, addressLimit: 1000, softLimit: 2, stepDelayMs: 300 });
    const delay = async () => (await throttle.check('acme', 'ana', '10.0.0.1')).delayMs;
    expect(await delay()).toBe(0);
    await throttle.fail('acme', 'ana', '10.0.0.1');
    expect(await delay()).toBe(0);
    await throttle.fail('acme', 'ana', '10.0.0.1');
    expect(await delay()).toBe(300);
    await throttle.fail('acme', 'ana', '10.0.0.1');
    expect(await delay()).toBe(600);
    for (let i = 0; i < 20; i++) await throttle.fail('acme', 'ana', '10.0.0.1');
    expect(await delay()).toBe(2000);
    expect((await throttle.check('acme', 'bea', '10.0.0.2')).delayMs).toBe(0);
  });

  it('says how many whole seconds the lock has left', async () => {
    const { throttle, clock } = throttleAt({ userLimit: 2, addressLimit: 100, lockMs: 10 * minute });
    await throttle.fail('acme', 'ana', '10.0.0.1');
    await throttle.fail('acme', 'ana', '10.0.0.1');
    expect(await throttle.check('acme', 'ana', '10.0.0.1')).toEqual({
      refused: true,
      delayMs: 0,
      retryAfterSeconds: 600,
    });
    clock.now += 4 * minute + 500;
    expect((await throttle.check('acme', 'ana', '10.0.0.1')).retryAfterSeconds).toBe(360);
  });

  it('counts every one of many failures at once', async () => {
    const { throttle } = throttleAt({ userLimit: 30, addressLimit: 100 });
    await Promise.all(Array.from({ length: 30 }, () => throttle.fail('acme', 'ana', '10.0.0.1')));
    const rows = await database.db.select().from(loginThrottle);
    expect(Object.fromEntries(rows.map((r) => [r.key, r.failures]))).toEqual({
      'u:acme:ana': 30,
      'a:10.0.0.1': 30,
    });
    expect((await throttle.check('acme', 'ana', '10.0.0.1')).refused).toBe(true);
  });

  it('sweeps the counters that no longer count, and keeps those that do', async () => {
    const { throttle, clock } = throttleAt({
      userLimit: 2,
      addressLimit: 100,
      windowMs: minute,
      lockMs: 5 * minute,
    });
    await throttle.fail('acme', 'ana', '10.0.0.1');
    await throttle.fail('acme', 'ana', '10.0.0.1');
    clock.now += 2 * minute;
    await throttle.sweep();
    // The address's window has passed; the username's lock still holds.
    expect((await database.db.select().from(loginThrottle)).map((r) => r.key)).toEqual(['u:acme:ana']);
    clock.now += 3 * minute;
    await throttle.sweep();
    expect(await database.db.select().from(loginThrottle)).toEqual([]);
  });
});
