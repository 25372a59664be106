import pg from 'pg';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { SessionLookup } from './authentication.repository.js';

/** A kept session: its row as read, and the context built from it (shared: never mutated). */
export interface CachedSession {
  found: SessionLookup;
  context: AuthContext;
}

/** The channel migration 0027's triggers notify when what a session's context is made of changed. */
export const authChannel = 'mostrador_auth';

/**
 * The sessions this process found lately, by token hash, so that a request need not read its session
 * again: one statement less on every authenticated request.
 *
 * It stays exact because it is dropped whole whenever anything a session's context is made of changes,
 * in any process: the triggers of migration 0027 (a session deleted or changed but for its last use
 * moving forward; an employee disabled, deleted or given other roles; any permission entry; a license
 * switched off or made the platform; the company's time zone) notify `mostrador_auth` at their commit,
 * and every process listens (`listenForAuthChanges`). A write request of this process also drops it
 * before its answer leaves (`afterWrite`), so that the next request of the same client never races
 * the notification of the change it just made. While the listening connection is down the cache is
 * off, and it starts off until the first LISTEN succeeds.
 *
 * The expiry and the idle timeout are checked on every use against the kept row; a session that looks
 * idle is read again rather than refused, since another process may have recorded a later use.
 */
export interface SessionCache {
  get(tokenHash: string): CachedSession | undefined;
  set(tokenHash: string, session: CachedSession): void;
  /** Drops every kept session. */
  clear(): void;
  /** Switches the cache on (listening) or off (not listening: every request reads its session). */
  setEnabled(enabled: boolean): void;
  readonly stats: { hits: number; misses: number; clears: number };
}

export function createSessionCache(options: { maxEntries?: number; maxAgeMs?: number } = {}): SessionCache {
  const maxEntries = options.maxEntries ?? 10_000;
  // Defence in depth only: exactness comes from the notifications, not from this age.
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const entries = new Map<string, { session: CachedSession; at: number }>();
  let enabled = false;
  const stats = { hits: 0, misses: 0, clears: 0 };
  return {
    stats,
    get(tokenHash) {
      if (!enabled) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry || Date.now() - entry.at > maxAgeMs) {
        stats.misses++;
        return undefined;
      }
      stats.hits++;
      return entry.session;
    },
    set(tokenHash, session) {
      if (!enabled) return;
      if (entries.size >= maxEntries) {
        // The oldest first: a Map iterates in insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(tokenHash, { session, at: Date.now() });
    },
    clear() {
      if (entries.size) stats.clears++;
      entries.clear();
    },
    setEnabled(value) {
      entries.clear();
      enabled = value;
    },
  };
}

/**
 * Listens on `mostrador_auth` for the life of the app and drops `cache` at every notification. On a
 * PostgreSQL server: a connection of its own (LISTEN holds it), reconnected after a loss with the
 * cache off meanwhile. On PGlite: its `listen`. Answers the function that stops listening.
 */
export async function listenForAuthChanges(
  database: Pick<Database, 'kind' | 'url' | 'pglite'>,
  cache: SessionCache,
  log: (message: string) => void = () => {},
): Promise<() => Promise<void>> {
  if (database.kind === 'pglite' && database.pglite) {
    const unlisten = await database.pglite.listen(authChannel, () => cache.clear());
    cache.setEnabled(true);
    return async () => {
      cache.setEnabled(false);
      await unlisten();
    };
  }
  if (!database.url) return async () => {};
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const discard = (c: pg.Client) => {
    c.removeAllListeners();
    c.on('error', () => {});
    return c.end().catch(() => {});
  };
  const connect = async (attempt: number): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: database.url });
    client = next;
    let listening = false;
    let dropped = false;
    // Once per connection, whether it failed to open (an error event, then the rejected connect) or was
    // lost later: the cache off, one next try (a second after a loss, backing off while it will not open).
    const drop = () => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = undefined;
      cache.setEnabled(false);
      void discard(next);
      if (stopped) return;
      if (listening)
        log('session cache: the listening connection was lost; sessions are read from the database');
      const [delay, nextAttempt] = listening
        ? [1000, 0]
        : [Math.min(30_000, 500 * 2 ** attempt), attempt + 1];
      retry = setTimeout(() => void connect(nextAttempt), delay);
    };
    next.on('notification', () => cache.clear());
    next.on('error', drop);
    next.on('end', drop);
    try {
      await next.connect();
      await next.query(`LISTEN ${authChannel}`);
    } catch {
      drop();
      return;
    }
    if (stopped || dropped) return;
    listening = true;
    // Whatever changed while nobody listened is unknown: start empty.
    cache.setEnabled(true);
  };
  await connect(0);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    cache.setEnabled(false);
    const open = client;
    client = undefined;
    if (open) await discard(open);
  };
}
