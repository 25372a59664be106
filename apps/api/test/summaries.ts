import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './helpers.js';

// The reports' summaries (migrations 0025–0026) checked against the base tables, for
// report-summaries.test.ts (after each kind of write) and demo.test.ts (after the demo seed).

type Row = Record<string, unknown>;
export const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const hourOf = (column: string) => `date_trunc('hour', ${column} at time zone 'UTC') at time zone 'UTC'`;

/** Each summary as the triggers keep it (rows fallen back to zeros left out) and as recomputed. */
const pairs: Record<string, [string, string]> = {
  booking_hours: [
    `select license_id, hour, booking_calendar_id, product_id, bookings, places::bigint, attended,
       not_attended, unmarked, cancelled, booked_place_minutes::bigint
     from booking_hours
     where (bookings, places, attended, not_attended, unmarked, cancelled, booked_place_minutes)
       <> (0, 0, 0, 0, 0, 0, 0)`,
    `select license_id, ${hourOf('starts_at')} as hour, booking_calendar_id, product_id,
       count(*) filter (where status <> 'cancelled')::int as bookings,
       coalesce(sum(quantity) filter (where status <> 'cancelled'), 0)::bigint as places,
       count(*) filter (where status <> 'cancelled' and attended)::int as attended,
       count(*) filter (where status <> 'cancelled' and not attended)::int as not_attended,
       count(*) filter (where status <> 'cancelled' and attended is null)::int as unmarked,
       count(*) filter (where status = 'cancelled')::int as cancelled,
       coalesce(sum(round(extract(epoch from ends_at - starts_at) / 60) * spaces)
         filter (where status <> 'cancelled'), 0)::bigint as booked_place_minutes
     from bookings group by 1, 2, 3, 4`,
  ],
  order_hours: [
    `select license_id, hour, payment_method, refund, orders, cents::bigint from order_hours
     where (orders, cents) <> (0, 0)`,
    `select license_id, ${hourOf('payment_date')} as hour, payment_method,
       original_order_id is not null as refund, count(*)::int as orders, sum(total_cents)::bigint as cents
     from orders where status in ('paid', 'refunded') and payment_date is not null group by 1, 2, 3, 4`,
  ],
  order_line_hours: [
    `select license_id, hour, product_id, refund, lines, units::bigint, cents::bigint from order_line_hours
     where (lines, units, cents) <> (0, 0, 0)`,
    `select o.license_id, ${hourOf('o.payment_date')} as hour, l.product_id,
       o.original_order_id is not null as refund, count(*)::int as lines, sum(l.quantity)::bigint as units,
       sum(l.total_cents)::bigint as cents
     from orders o join order_lines l on l.order_id = o.id
     where o.status in ('paid', 'refunded') and o.payment_date is not null group by 1, 2, 3, 4`,
  ],
};

/** The day summaries (migration 0026): the same, by UTC day. */
const dayPairs: Record<string, [string, string]> = Object.fromEntries(
  Object.entries(pairs).map(([table, [kept, recomputed]]) => [
    table.replace('_hours', '_days'),
    [
      kept.replace(/\bhour\b/g, 'day').replace(/_hours\b/, '_days'),
      recomputed.replace(/date_trunc\('hour'/g, "date_trunc('day'").replace(/as hour\b/g, 'as day'),
    ],
  ]),
);

const normal = (rows: Row[]) =>
  rows
    .map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [
          k,
          v instanceof Date
            ? v.toISOString()
            : typeof v === 'string' && (k === 'hour' || k === 'day')
              ? new Date(v).toISOString()
              : typeof v === 'bigint' || (typeof v === 'string' && /^-?\d+$/.test(v))
                ? Number(v)
                : v,
        ]),
      ),
    )
    .map((r) => JSON.stringify(r))
    .sort();

/** Every summary equals its recomputation; answers how many rows each has, so a step can show it moved. */
export async function expectExact(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, [kept, recomputed]] of Object.entries(pairs)) {
    const read = async (q: string) => normal(rowsOf(await t.database.db.execute(sql.raw(q))));
    const a = await read(kept);
    const b = await read(recomputed);
    expect(a, table).toEqual(b);
    counts[table] = a.length;
  }
  for (const [table, [kept, recomputed]] of Object.entries(dayPairs)) {
    const read = async (q: string) => normal(rowsOf(await t.database.db.execute(sql.raw(q))));
    expect(await read(kept), table).toEqual(await read(recomputed));
  }
  return counts;
}
