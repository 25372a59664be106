import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginThrottle } from './login-throttle.table.js';

/**
 * Failed logins, counted per license+username and per client address. After `softLimit` failures an
 * attempt is slowed down; after the key's limit it is refused (429) for `lockMs`. The counters live in
 * the database (`login_throttle`): they hold across several API processes and survive a restart, and
 * each failure is counted by one atomic upsert, so parallel attempts cannot slip past the limit.
 */
export interface ThrottleOptions {
  windowMs: number;
  lockMs: number;
  userLimit: number;
  addressLimit: number;
  softLimit: number;
  stepDelayMs: number;
}

const defaults: ThrottleOptions = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  userLimit: 5,
  addressLimit: 20,
  softLimit: 3,
  stepDelayMs: 200,
};

export interface ThrottleGate {
  refused: boolean;
  /** How long to wait before checking the password. */
  delayMs: number;
  /** When refused: whole seconds until the lock ends (the 429's Retry-After). */
  retryAfterSeconds: number;
}

const keys = (license: string, username: string, address: string) => ({
  user: `u:${license.toLowerCase()}:${username.toLowerCase()}`,
  address: `a:${address}`,
});

export function createLoginThrottle(options: Partial<ThrottleOptions> = {}, now = () => Date.now()) {
  const o = { ...defaults, ...options };

  /** A row counts while its window runs or its lock holds. */
  const live = (row: { firstAt: Date; lockedUntil: Date | null }, t: number) =>
    (row.lockedUntil !== null && row.lockedUntil.getTime() > t) || t - row.firstAt.getTime() <= o.windowMs;

  return {
    /** Whether the attempt is refused (and for how long), and how long to wait before checking it. */
    async check(db: DbOrTx, license: string, username: string, address: string): Promise<ThrottleGate> {
      const k = keys(license, username, address);
      const t = now();
      const rows = await db
        .select()
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, [k.user, k.address]));
      const user = rows.find((r) => r.key === k.user && live(r, t));
      const addr = rows.find((r) => r.key === k.address && live(r, t));
      const lockEnd = Math.max(
        ...[user, addr].map((r) =>
          r?.lockedUntil && r.lockedUntil.getTime() > t ? r.lockedUntil.getTime() : 0,
        ),
      );
      if (lockEnd > t)
        return { refused: true, delayMs: 0, retryAfterSeconds: Math.ceil((lockEnd - t) / 1000) };
      const failures = Math.max(user?.failures ?? 0, addr ? addr.failures - o.addressLimit + o.userLimit : 0);
      const delayMs =
        failures >= o.softLimit ? Math.min((failures - o.softLimit + 1) * o.stepDelayMs, 2000) : 0;
      return { refused: false, delayMs, retryAfterSeconds: 0 };
    },

    /** Counts a failure for the username and the address, each in one atomic upsert. */
    async fail(db: DbOrTx, license: string, username: string, address: string) {
      const k = keys(license, username, address);
      const at = new Date(now());
      const lockUntil = new Date(at.getTime() + o.lockMs);
      const windowStart = new Date(at.getTime() - o.windowMs);
      for (const [key, limit] of [
        [k.user, o.userLimit],
        [k.address, o.addressLimit],
      ] as const) {
        // A row past its window and its lock starts over at one failure.
        const stale = sql`(${loginThrottle.firstAt} < ${windowStart} and (${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= ${at}))`;
        const count = sql`(case when ${stale} then 1 else ${loginThrottle.failures} + 1 end)`;
        await db
          .insert(loginThrottle)
          .values({ key, failures: 1, firstAt: at, lockedUntil: limit <= 1 ? lockUntil : null })
          .onConflictDoUpdate({
            target: loginThrottle.key,
            set: {
              failures: count,
              firstAt: sql`(case when ${stale} then ${at} else ${loginThrottle.firstAt} end)`,
              lockedUntil: sql`(case when ${count} >= ${limit} then ${lockUntil}
                when ${stale} then null else ${loginThrottle.lockedUntil} end)`,
            },
          });
      }
    },

    /** A successful login clears the username's count (not the address's). */
    async succeed(db: DbOrTx, license: string, username: string) {
      await db.delete(loginThrottle).where(inArray(loginThrottle.key, [keys(license, username, '').user]));
    },

    /** Deletes the rows that no longer count. */
    async sweep(db: DbOrTx) {
      const t = new Date(now());
      await db
        .delete(loginThrottle)
        .where(
          sql`${loginThrottle.firstAt} < ${new Date(t.getTime() - o.windowMs)} and (${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= ${t})`,
        );
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
