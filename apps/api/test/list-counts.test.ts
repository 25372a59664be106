import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownCounts } from '../src/lib/list.js';
import {
  bookable,
  type Company,
  company,
  createCalendar,
  createCustomer,
  createProduct,
  readList,
} from './factories.js';
import { buildTestApp, call, type TestApp } from './helpers.js';

// An unfiltered list counted beyond the cap (10,000) is not counted again while no row left its license
// (lib/list.ts keysFirstPage, migration 0028's list_shrinks): every total stays exact.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** `n` bookings of the company, written by SQL (10,000 through the API would take minutes). */
async function insertBookings(c: Company, n: number) {
  const calendar = await createCalendar(t, c.token);
  const product = await createProduct(t, c.token, { taxId: c.taxId, ...bookable(30) });
  const customer = await createCustomer(t, c.token);
  await t.database.db.execute(sql`insert into bookings
    (license_id, booking_calendar_id, product_id, customer_id, starts_at, ends_at, quantity, spaces, price_cents)
    select ${c.license.id}, ${calendar.id}, ${product.id}, ${customer.id},
      timestamptz '2026-01-01 09:00+01' + g * interval '30 minutes',
      timestamptz '2026-01-01 09:30+01' + g * interval '30 minutes', 1, 1, 1000
    from generate_series(1, ${n}) g`);
}

const deleteBookings = (c: Company, n: number) =>
  t.database.db.execute(sql`delete from bookings where id in
    (select id from bookings where license_id = ${c.license.id} order by id limit ${n})`);

const total = async (c: Company, query: Record<string, unknown> = {}) => {
  const page = await readList(t, c.token, '/v1/admin/bookings', query);
  return page.totalCapped ? 'capped' : page.total;
};

/**
 * Under test the bookings list route reads each page twice, as JSON and as mapped rows, and compares them
 * (bookings.routes.ts `sameAsObjects`): a page answered without counting is two uses.
 */
const perRequest = 2;

describe('counts of unfiltered lists', () => {
  it('counts a list beyond the cap once, then again only after rows left it', async () => {
    const big = await company(t);
    const small = await company(t);
    await insertBookings(big, 10_005);
    await insertBookings(small, 3);

    expect(await total(big)).toBe('capped');
    let used = knownCounts.used;
    expect(await total(big)).toBe('capped');
    expect(knownCounts.used).toBe(used + perRequest);
    // Page 2 of the same list knows it too.
    expect(await total(big, { page: '2' })).toBe('capped');
    expect(knownCounts.used).toBe(used + 2 * perRequest);

    // Another license's rows leaving change nothing here.
    await deleteBookings(small, 1);
    expect(await total(small)).toBe(2);
    used = knownCounts.used;
    expect(await total(big)).toBe('capped');
    expect(knownCounts.used).toBe(used + perRequest);

    // Ten rows leave: counted again, exactly.
    await deleteBookings(big, 10);
    used = knownCounts.used;
    expect(await total(big)).toBe(9_995);
    expect(knownCounts.used).toBe(used);
    expect(await total(big)).toBe(9_995);

    // Rows come in beyond the cap again.
    await insertBookings(big, 10);
    expect(await total(big)).toBe('capped');
    used = knownCounts.used;
    expect(await total(big)).toBe('capped');
    expect(knownCounts.used).toBe(used + perRequest);

    // A filtered list counts its own rows every time.
    expect(await total(big, { filters: { status: { eq: 'cancelled' } } })).toBe(0);
    expect(knownCounts.used).toBe(used + perRequest);
    // A cancelled booking stays in the unfiltered list: nothing left it.
    await t.database.db.execute(
      sql`update bookings set status = 'cancelled' where id = (select min(id) from bookings where license_id = ${big.license.id})`,
    );
    expect(await total(big)).toBe('capped');
    expect(await total(big, { filters: { status: { eq: 'cancelled' } } })).toBe(1);
  });

  it('keeps the number of rows that left, per license and list, in the deleting transaction', async () => {
    const c = await company(t);
    await insertBookings(c, 2);
    const shrinks = async () => {
      const result = await t.database.db.execute(
        sql`select list, n::int as n from list_shrinks where license_id = ${c.license.id} order by list`,
      );
      return (result as unknown as { rows: { list: string; n: number }[] }).rows;
    };
    expect(await shrinks()).toEqual([]);
    await deleteBookings(c, 2);
    expect(await shrinks()).toEqual([{ list: 'bookings', n: 1 }]);
    // A rolled back delete moves nothing.
    await insertBookings(c, 1);
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from bookings where license_id = ${c.license.id}`);
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await shrinks()).toEqual([{ list: 'bookings', n: 1 }]);

    // An order deleted through the API: a draft.
    const product = await createProduct(t, c.token, { taxId: c.taxId });
    const placed = await call(t, 'POST', '/v1/admin/orders', {
      token: c.token,
      payload: {
        status: 'draft',
        paymentMethod: 'transfer',
        lines: [{ productId: product.id, quantity: 1, unitPrice: 10 }],
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.data.id as number;
    expect((await call(t, 'DELETE', `/v1/admin/orders/${orderId}`, { token: c.token })).status).toBe(200);
    expect(await shrinks()).toEqual([
      { list: 'bookings', n: 1 },
      { list: 'orders', n: 1 },
    ]);
  });
});
