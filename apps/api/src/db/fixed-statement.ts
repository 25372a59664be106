import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type DbOrTx, internalsOf } from './client.js';

const dialect = new PgDialect();

/**
 * A statement of fixed text for a hot path, its values given as `sql.placeholder(name)`: drizzle turns it
 * into SQL once, when the module loads, instead of at each call (its query building was a good part of a
 * booking's CPU), and it runs under `name`, so PostgreSQL plans it once per connection (PGlite ignores the
 * name). Rows come back as the driver reads them, as with `db.execute`: columns by their SQL names,
 * timestamps as text, json parsed.
 */
export function fixedStatement<Row extends Record<string, unknown>>(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> => {
    const result = await internalsOf(db).session.prepareQuery(built, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
