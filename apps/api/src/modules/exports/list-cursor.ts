import type { Db, Tx } from '../../db/client.js';

/**
 * A list's page query read through a server-side cursor, so an export of N rows costs the database one
 * pass over them instead of N/page passes of growing OFFSETs (measured in apps/api/bench/export.ts).
 *
 * The list's own code runs unchanged: `readingForExport` (lib/list.ts) makes `listClauses` give the
 * page query the `marker` as its LIMIT and no OFFSET, and the handle answered here (the transaction
 * with its session wrapped) turns the query carrying that marker into
 * `DECLARE … NO SCROLL CURSOR FOR <the query without its LIMIT>` the first time and into
 * `FETCH FORWARD <pageSize>` every time, mapped into rows by drizzle exactly as the query's own answer
 * (the cursor has the query's columns). Every other query (the count, a page's custom fields or
 * permissions, a register's figures) runs as it is.
 */
export const cursorMarker = 2_147_480_077;
const cursorName = 'mostrador_export_rows';

interface Query {
  sql: string;
  params: unknown[];
}
type PrepareQuery = (query: Query, ...rest: unknown[]) => { execute(): Promise<unknown> };
interface Session {
  prepareQuery: PrepareQuery;
}

export function cursorReading(tx: Tx, pageSize: number): Db {
  const session = (tx as unknown as { session: Session }).session;
  let declared = false;
  const wrapped: Session = Object.create(session, {
    prepareQuery: {
      value(query: Query, ...rest: unknown[]) {
        const marked = query.params.length > 0 && query.params.at(-1) === cursorMarker;
        if (!marked) return session.prepareQuery(query, ...rest);
        const tail = new RegExp(` limit \\$${query.params.length}$`);
        // The marker must be the page's LIMIT, its last clause: otherwise refuse rather than read all.
        if (!tail.test(query.sql)) throw new Error('export: the list query does not end with its LIMIT');
        // Drizzle's own prepared query of the FETCH (it maps the rows as the list query's answer),
        // declaring the cursor before its first run.
        const fetch = session.prepareQuery(
          { sql: `fetch forward ${pageSize} from ${cursorName}`, params: [] },
          ...rest,
        ) as { execute(...args: unknown[]): Promise<unknown> };
        const run = fetch.execute.bind(fetch);
        fetch.execute = async (...args: unknown[]) => {
          if (!declared) {
            declared = true;
            await session
              .prepareQuery(
                {
                  sql: `declare ${cursorName} no scroll cursor for ${query.sql.replace(tail, '')}`,
                  params: query.params.slice(0, -1),
                },
                undefined,
                undefined,
                false,
              )
              .execute();
          }
          return run(...args);
        };
        return fetch;
      },
    },
  });
  return Object.create(tx, { session: { value: wrapped } }) as Db;
}
