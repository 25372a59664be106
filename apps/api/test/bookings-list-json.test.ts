import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookable,
  company,
  createBooking,
  createCalendar,
  createCustomer,
  createProduct,
  readList,
} from './factories.js';
import { buildTestApp, call, type TestApp } from './helpers.js';

/**
 * The bookings list's answer is written by PostgreSQL as JSON (bookings.repository.ts `listJson`); under
 * test the route checks every page against the same rows mapped by the service (bookings.routes.ts
 * `sameAsObjects`). Here the values where the two encodings could part: text that needs escaping, euros
 * that are no exact binary fractions, a blank surname, instants across a DST change, empty pages, pages
 * past the end, every sort.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/bookings';

describe('bookings list written by PostgreSQL', () => {
  it('answers exactly what the rows mapped by the service give, whatever the values', async () => {
    const c = await company(t);
    const calendarId = (
      await createCalendar(t, c.token, { name: 'Sala "grande" \\ 1', maximumConcurrentBookings: 10 })
    ).id;
    const products = [
      await createProduct(t, c.token, {
        taxId: c.taxId,
        ...bookable(45),
        name: 'Masaje 🌿 «relax»',
        price: 0.01,
      }),
      await createProduct(t, c.token, { taxId: c.taxId, ...bookable(90), name: 'Tratamiento', price: 19.99 }),
      await createProduct(t, c.token, { taxId: c.taxId, ...bookable(30), name: 'Sesión', price: 123456.78 }),
    ];
    const customers = [
      await createCustomer(t, c.token, { name: 'Ana', surname: 'García Núñez', email: 'ana@example.es' }),
      await createCustomer(t, c.token, { name: 'Jordi', phone: '+34600111222' }),
      await createCustomer(t, c.token, { name: '李', surname: '小龙', email: 'li@example.cn' }),
    ];
    const notes = ['línea 1\nlínea 2\t"citada" \\ barra', 'control \u0001\u001f fin', '', null, '😀 emoji'];
    // Days on both sides of the changes to summer time (28 March 2027 in Madrid) and back (31 October).
    const days = ['2027-03-27', '2027-03-28', '2027-03-29', '2027-10-31'];
    let n = 0;
    for (const day of days)
      for (const [i, product] of products.entries()) {
        const customer = customers[(i + n) % customers.length]!;
        const booking = await createBooking(t, c.token, {
          bookingCalendarId: calendarId,
          productId: product.id,
          customerId: customer.id,
          startsAt: `${day}T${String(9 + 2 * i).padStart(2, '0')}:00`,
          quantity: 1 + ((n * 7) % 3),
          notes: notes[n % notes.length] ?? undefined,
        });
        n++;
        if (n % 4 === 0) {
          const cancelled = await call(t, 'PUT', `${url}/${booking.id}`, {
            token: c.token,
            payload: {
              bookingCalendarId: booking.bookingCalendarId,
              customerId: booking.customerId,
              startsAt: booking.startsAt,
              quantity: booking.quantity,
              notes: booking.notes,
              price: booking.price,
              status: 'cancelled',
            },
          });
          expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        }
      }
    // A surname stored blank rather than null, as an import might leave it.
    await t.database.db.execute(sql`update customers set surname = '' where id = ${customers[1]!.id}`);

    const first = await readList(t, c.token, url);
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(12);
    const cheap = first.items.find((b) => b.productId === products[0]!.id)!;
    expect(cheap.price).toBe(0.01);
    expect(first.items.some((b) => b.notes === 'control \u0001\u001f fin')).toBe(true);
    expect(first.items.find((b) => b.customerId === customers[1]!.id)!.customerName).toBe('Jordi');
    expect(first.items.find((b) => b.customerId === customers[2]!.id)!.customerName).toBe('李 小龙');
    for (const b of first.items) {
      expect(b.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
      expect(b.startsAt).toBe(b.date);
    }

    for (const sort of [
      'id',
      'date',
      'price',
      'amount',
      'customerName',
      'productName',
      'duration',
      'status',
    ]) {
      for (const direction of ['asc', 'desc']) {
        const page = await readList(t, c.token, url, { orders: { [sort]: direction }, limit: 5, page: 2 });
        expect(page.items).toHaveLength(5);
      }
    }
    // A search, a filter, an empty page and a page past the end carry their counts too.
    expect((await readList(t, c.token, url, { query: 'garcía' })).total).toBeGreaterThan(0);
    expect((await readList(t, c.token, url, { filters: { status: { eq: 'cancelled' } } })).total).toBe(3);
    const none = await readList(t, c.token, url, { query: 'nadie-se-llama-asi' });
    expect(none).toMatchObject({ items: [], total: 0 });
    const past = await readList(t, c.token, url, { page: 9, limit: 5 });
    expect(past).toMatchObject({ items: [], total: 12, page: 9, limit: 5 });
  });

  it('renders an unfiltered first page once per license, sort and size: each company reads its own', async () => {
    const companies = [await company(t), await company(t)];
    const made: { id: number }[][] = [];
    for (const c of companies) {
      const calendarId = (await createCalendar(t, c.token, { maximumConcurrentBookings: 10 })).id;
      const productId = (await createProduct(t, c.token, { taxId: c.taxId, ...bookable(30) })).id;
      const customerId = (await createCustomer(t, c.token, { name: 'Irene' })).id;
      const bookings: { id: number }[] = [];
      for (const hour of ['09:00', '10:00', '11:00'])
        bookings.push(
          await createBooking(t, c.token, {
            bookingCalendarId: calendarId,
            productId,
            customerId,
            startsAt: `2027-05-10T${hour}`,
          }),
        );
      made.push(bookings);
    }
    const ids = (page: { items: { id: number }[] }) => page.items.map((b) => b.id);
    // Alternately, twice each: the second read of a shape runs the statement kept from the first.
    for (let round = 0; round < 2; round++)
      for (const [i, c] of companies.entries()) {
        const own = made[i]!.map((b) => b.id);
        expect(ids(await readList(t, c.token, url))).toEqual([...own].reverse());
        expect(ids(await readList(t, c.token, url, { orders: { date: 'asc' } }))).toEqual(own);
        expect(ids(await readList(t, c.token, url, { orders: { date: 'asc' }, limit: 2 }))).toEqual(
          own.slice(0, 2),
        );
        expect((await readList(t, c.token, url, { limit: 2 })).total).toBe(3);
      }
    // The kept statement reads the rows of now: one deleted leaves the page and the count.
    const [first] = companies;
    const gone = made[0]![1]!.id;
    expect((await call(t, 'DELETE', `${url}/${gone}`, { token: first!.token })).status).toBe(200);
    const after = await readList(t, first!.token, url, { orders: { date: 'asc' } });
    expect(ids(after)).toEqual([made[0]![0]!.id, made[0]![2]!.id]);
    expect(after.total).toBe(2);
  });

  it('answers a company without bookings with an empty first page', async () => {
    const c = await company(t);
    const res = await call(t, 'GET', url, { token: c.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ data: { items: [], total: 0, page: 1, limit: expect.any(Number) } });
  });
});
