/**
 * Failed logins, counted per license+username and per client address. After `softLimit` failures an
 * attempt is slowed down; after `hardLimit` the key is refused (429) for `lockMs`.
 * Kept in memory: one API instance. Several instances would share it through the database.
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

interface Entry {
  failures: number;
  firstAt: number;
  lockedUntil: number;
}

export function createLoginThrottle(options: Partial<ThrottleOptions> = {}, now = () => Date.now()) {
  const o = { ...defaults, ...options };
  const entries = new Map<string, Entry>();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const t = now();
    if (entry.lockedUntil <= t && t - entry.firstAt > o.windowMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const prune = () => {
    if (entries.size < 10_000) return;
    for (const key of [...entries.keys()]) live(key);
  };
  const keys = (license: string, username: string, address: string) => ({
    user: `u:${license.toLowerCase()}:${username.toLowerCase()}`,
    address: `a:${address}`,
  });

  return {
    /** Whether the attempt is refused, and how long to wait before checking it. */
    check(license: string, username: string, address: string): { refused: boolean; delayMs: number } {
      const k = keys(license, username, address);
      const t = now();
      const user = live(k.user);
      const addr = live(k.address);
      if ((user && user.lockedUntil > t) || (addr && addr.lockedUntil > t))
        return { refused: true, delayMs: 0 };
      const failures = Math.max(user?.failures ?? 0, addr ? addr.failures - o.addressLimit + o.userLimit : 0);
      const delayMs =
        failures >= o.softLimit ? Math.min((failures - o.softLimit + 1) * o.stepDelayMs, 2000) : 0;
      return { refused: false, delayMs };
    },
    fail(license: string, username: string, address: string) {
      prune();
      const k = keys(license, username, address);
      const t = now();
      for (const [key, limit] of [
        [k.user, o.userLimit],
        [k.address, o.addressLimit],
      ] as const) {
        const entry = live(key) ?? { failures: 0, firstAt: t, lockedUntil: 0 };
        entry.failures += 1;
        if (entry.failures >= limit) entry.lockedUntil = t + o.lockMs;
        entries.set(key, entry);
      }
    },
    succeed(license: string, username: string) {
      entries.delete(keys(license, username, '').user);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
