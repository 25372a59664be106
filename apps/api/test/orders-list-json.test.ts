import { orderListFields } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, readList } from './factories.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { created, createOrder, openCompany } from './sales-fixtures.js';

/**
 * The orders list's answer is written by PostgreSQL as JSON (orders.repository.ts `listJson`); under test
 * the route checks every page against the same rows mapped by the service (lib/list-json.ts
 * `listJsonCheck`). Here the values where the two encodings could part: text that needs escaping, euros
 * that are no exact binary fractions, refunds' negative totals, orders without a customer or a payment
 * date, instants across a DST change, empty pages, pages past the end, every sort.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/orders';

describe('orders list written by PostgreSQL', () => {
  it('answers exactly what the rows mapped by the service give, whatever the values', async () => {
    const c = await openCompany(t);
    const customers = [
      c.customerId,
      (
        await createCustomer(t, c.token, {
          name: 'Jordi "el \\ gran"',
          surname: 'Puig\tFerrer',
          phone: '+34600111222',
          company: 'Ñandú «S.L.» 😀',
        })
      ).id,
      (await createCustomer(t, c.token, { name: '李', surname: '小龙', email: 'li@example.cn' })).id,
    ];
    const prices = [0.01, 19.99, 123456.78, 0.1, 33.33];
    const made: { id: number; total: number }[] = [];
    for (const [i, unitPrice] of prices.entries())
      made.push(
        await created(
          await createOrder(t, c, {
            customerId: i === 3 ? undefined : customers[i % customers.length],
            status: i === 4 ? 'draft' : 'paid',
            paymentMethod: i === 4 ? 'transfer' : i % 2 ? 'card' : 'cash',
            lines: [{ productId: c.oilId, quantity: 1 + i, unitPrice }],
          }),
        ),
      );
    // A refund: a paid order of negative amounts pointing at its sale.
    const refund = await call(t, 'POST', `${url}/${made[1]!.id}/refund`, { token: c.token, payload: {} });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    // Instants on both sides of the change to summer time (28 March 2027 in Madrid), and a blank surname.
    await t.database.db.execute(
      sql`update orders set created_at = '2027-03-28 00:30:00+00', payment_date = '2027-03-28 01:59:59.999+00' where id = ${made[0]!.id}`,
    );
    await t.database.db.execute(
      sql`update orders set created_at = '2027-03-28 02:00:00.5+00' where id = ${made[2]!.id}`,
    );
    await t.database.db.execute(sql`update customers set surname = '' where id = ${customers[2]!}`);

    const first = await readList(t, c.token, url);
    expect(first.total).toBe(6);
    const byId = new Map(first.items.map((o) => [o.id, o]));
    expect(byId.get(made[0]!.id)).toMatchObject({
      amount: 0.01,
      createdAt: '2027-03-28T00:30:00.000Z',
      paymentDate: '2027-03-28T01:59:59.999Z',
    });
    expect(byId.get(made[2]!.id)).toMatchObject({ amount: 370370.34, createdAt: '2027-03-28T02:00:00.500Z' });
    expect(byId.get(made[3]!.id)).toMatchObject({ customerId: null, name: null, surname: null, image: null });
    expect(byId.get(made[4]!.id)).toMatchObject({ status: 'draft', paymentDate: null, amount: 166.65 });
    expect(byId.get(refund.body.data.id)).toMatchObject({ originalOrderId: made[1]!.id, amount: -39.98 });
    expect(byId.get(made[1]!.id)).toMatchObject({ companyName: 'Ñandú «S.L.» 😀', surname: 'Puig\tFerrer' });

    for (const sort of orderListFields)
      for (const direction of ['asc', 'desc']) {
        const page = await readList(t, c.token, url, { orders: { [sort]: direction }, limit: 4, page: 2 });
        expect(page.items, `${sort} ${direction}`).toHaveLength(2);
      }
    // A search, a filter, an empty page and a page past the end carry their counts too.
    expect((await readList(t, c.token, url, { query: 'jordi' })).total).toBeGreaterThan(1);
    expect((await readList(t, c.token, url, { filters: { status: { eq: 'draft' } } })).total).toBe(1);
    const none = await readList(t, c.token, url, { query: 'nadie-se-llama-asi' });
    expect(none).toMatchObject({ items: [], total: 0 });
    const past = await readList(t, c.token, url, { page: 9, limit: 5 });
    expect(past).toMatchObject({ items: [], total: 6, page: 9, limit: 5 });
  });

  it('renders an unfiltered first page once per license, sort and size: each company reads its own', async () => {
    const companies = [await openCompany(t), await openCompany(t)];
    const made: number[][] = [];
    for (const c of companies) {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await created(await createOrder(t, c))).id);
      made.push(ids);
    }
    const ids = (page: { items: { id: number }[] }) => page.items.map((o) => o.id);
    // Alternately, twice each: the second read of a shape runs the statement kept from the first.
    for (let round = 0; round < 2; round++)
      for (const [i, c] of companies.entries()) {
        const own = made[i]!;
        expect(ids(await readList(t, c.token, url))).toEqual([...own].reverse());
        expect(ids(await readList(t, c.token, url, { orders: { id: 'asc' } }))).toEqual(own);
        expect(ids(await readList(t, c.token, url, { orders: { id: 'asc' }, limit: 2 }))).toEqual(
          own.slice(0, 2),
        );
        expect((await readList(t, c.token, url, { limit: 2 })).total).toBe(3);
      }
    // The kept statement reads the rows of now: a deleted order leaves the page and the count.
    const [first] = companies;
    const draft = await created(await createOrder(t, first!, { status: 'draft', paymentMethod: 'transfer' }));
    expect((await readList(t, first!.token, url, { orders: { id: 'asc' } })).total).toBe(4);
    expect((await call(t, 'DELETE', `${url}/${draft.id}`, { token: first!.token })).status).toBe(200);
    const after = await readList(t, first!.token, url, { orders: { id: 'asc' } });
    expect(ids(after)).toEqual(made[0]);
    expect(after.total).toBe(3);
  });

  it('answers a company without orders with an empty first page', async () => {
    const c = await openCompany(t);
    const res = await call(t, 'GET', url, { token: c.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ data: { items: [], total: 0, page: 1, limit: expect.any(Number) } });
  });
});
