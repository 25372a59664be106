import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many times rows left a license's list (`bookings`, `orders`): bumped by a trigger on every delete,
 * in the deleting transaction (migration 0028). A list that once counted more rows than it shows a total
 * for (lib/list.ts `keysFirstPage`) need not count them again while this number stays the same: rows only
 * came in since. No foreign key: a license's deletion cascades into the lists it counts.
 */
export const listShrinks = pgTable(
  'list_shrinks',
  {
    licenseId: integer('license_id').notNull(),
    list: text('list').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.licenseId, t.list] })],
);
