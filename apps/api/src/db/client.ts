import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server's address (postgres), for the job queue's own connections. */
  url?: string;
  /** The embedded database (pglite): the job queue shares its single connection. */
  pglite?: PGlite;
  close(): Promise<void>;
  /** PGlite only: its files as a tarball, to start other databases from. */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * The data lives in memory or on SSD: random reads cost about as much as sequential ones. PostgreSQL's
 * default of 4 makes it scan whole tables instead of using the trigram indexes of free-text search.
 */
const randomPageCost = 1.1;

/** The embedded database's shared buffers (see openDatabase). */
const embeddedSharedBuffers = '32MB';

/** PGlite in `dataDir` (or in memory with `memory://`), or a PostgreSQL server when `url` is given. */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  template?: Blob;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      options: `-c random_page_cost=${randomPageCost}`,
    });
    // Return timestamps and bigints as strings we convert ourselves; keep dates exact.
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', url: options.url, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  // PGlite's WebAssembly compiled by V8's baseline compiler (Liftoff) only, never by its optimizing one
  // (TurboFan): the optimized code of PostgreSQL's hot functions and its compilation held ~55 MB more
  // resident (the bench's 100k bookings: API RSS peak 323–331 → 272–282 MB), for no difference measured in
  // CPU per request (lists, customer search, the month's dashboard: within ±8 %, both ways). The flag is
  // read when a module compiles, so it is set before PGlite's is; the process has no other WebAssembly
  // worth optimizing. docs/performance.md, "The embedded database's memory".
  v8.setFlagsFromString('--liftoff-only');
  // Loaded only for the embedded database: on a PostgreSQL server the process never holds its ~11 MB.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  // On disk, PostgreSQL's 128 MB of shared buffers would sit in the process's own memory on top of
  // the operating system's cache of the same files: with 32 MB the API's RSS at rest on the bench's
  // 100k bookings is 325 MB instead of 428 (16 MB gains nothing more). In memory, the same setting.
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${embeddedSharedBuffers}`];
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    loadDataDir: options.template,
    startParams,
  });
  await client.exec(`set random_page_cost = ${randomPageCost}`);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * The driver session and SQL dialect behind a drizzle handle, which drizzle keeps internal: what runs a
 * statement under a name (PostgreSQL plans it once per connection) or with rows as arrays and a mapper of
 * its own (lib/list.ts `keysFirstPage`, db/fixed-statement.ts).
 */
export interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
      mapper?: (rows: unknown[][]) => unknown[],
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
}
export const internalsOf = (db: DbOrTx) => db as unknown as DrizzleInternals;

/**
 * The name a statement runs under, from its text (`prefix` and a hash): PostgreSQL parses a named
 * statement once per connection and, after five runs, may keep its generic plan instead of planning it
 * at every request. For hot statements whose text is one of a few (their values are parameters).
 */
export function statementNameOf(text: string, prefix: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= 1000) statementNames.clear();
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 32)}`;
    statementNames.set(text, name);
  }
  return name;
}
/** Each named statement's name by its text, hashed once. */
const statementNames = new Map<string, string>();
