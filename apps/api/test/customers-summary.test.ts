import { type CustomerSummary, ErrorCode } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.js';
import { company, createBooking, createCustomer } from './factories.js';
import { buildTestApp, call, createEmployee, expectError, type TestApp } from './helpers.js';
import { created, createOrder, openCompany, type SalesCompany } from './sales-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const summaryUrl = (id: number) => `/v1/admin/customers/${id}/summary`;

async function summaryOf(token: string, id: number): Promise<CustomerSummary> {
  const res = await call(t, 'GET', summaryUrl(id), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as CustomerSummary;
}

/** Mondays of 2027 (the tests run at the real date: bookings must be ahead of it to be made). */
const monday = '2027-03-01';

describe("a customer's summary", () => {
  let c: SalesCompany & { registerId: number };
  /** Ana's bookings: two moved to the past (one attended, one not), one ahead, one cancelled. */
  const pastAttended = '2026-01-12T09:00:00.000Z';
  const pastNotMarked = '2026-02-09T09:00:00.000Z';
  const pastNotAttended = '2026-03-02T09:00:00.000Z';

  beforeAll(async () => {
    c = await openCompany(t);
    const book = (time: string) =>
      createBooking(t, c.token, {
        bookingCalendarId: c.calendarId,
        productId: c.massageId,
        customerId: c.customerId,
        startsAt: `${monday}T${time}`,
      });
    const [a, b, d, ahead, cancelled] = await Promise.all(
      ['09:00', '10:00', '11:00', '12:00', '13:00'].map((time) => book(time)),
    );
    const db = t.database.db;
    // Time goes by: three of them are in the past now, marked attended, not marked, not attended.
    const move = (id: number, at: string, attended: boolean | null) =>
      db
        .update(bookings)
        .set({ startsAt: new Date(at), endsAt: new Date(Date.parse(at) + 3_600_000), attended })
        .where(eq(bookings.id, id));
    await move(a!.id, pastAttended, true);
    await move(b!.id, pastNotMarked, null);
    await move(d!.id, pastNotAttended, false);
    await db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled!.id));
    expect(ahead!.startsAt).toBe('2027-03-01T11:00:00.000Z');

    // Sales: 95 € paid (two massages with 5 € off, one oil), 10 € paid, a draft of 95 € (not spent).
    const first = await created(await createOrder(t, c, { customerId: c.customerId }));
    expect(first.total).toBe(95);
    await created(
      await createOrder(t, c, {
        customerId: c.customerId,
        lines: [{ productId: c.oilId, quantity: 1, unitPrice: 10 }],
      }),
    );
    await created(await createOrder(t, c, { customerId: c.customerId, status: 'draft' }));
    // Another customer's sale is not hers.
    await created(await createOrder(t, c, { customerId: c.noEmailCustomerId }));

    // Refunds of the first: one of the two discounted massages (42,50 €), then the oil (10 €).
    const massageLine = first.lines.find((l: { productId: number }) => l.productId === c.massageId);
    const oilLine = first.lines.find((l: { productId: number }) => l.productId === c.oilId);
    const refund = (lineId: number) =>
      call(t, 'POST', `/v1/admin/orders/${first.id}/refund`, {
        token: c.token,
        payload: { lines: [{ lineId, quantity: 1 }] },
      });
    await created(await refund(massageLine.id));
    await created(await refund(oilLine.id));
  });

  it('adds up paid sales minus refunds to the cent, and counts bookings by what became of them', async () => {
    const s = await summaryOf(c.token, c.customerId);
    expect(s.customerId).toBe(c.customerId);
    expect(s.orders).toMatchObject({
      orders: 3,
      paidOrders: 2,
      refunds: 2,
      paidCents: 10_500,
      refundedCents: 5_250,
      totalSpentCents: 5_250,
    });
    expect(s.orders?.lastOrderAt).toEqual(expect.any(String));
    expect(s.bookings).toEqual({
      upcoming: 1,
      past: 3,
      attended: 1,
      notAttended: 1,
      cancelled: 1,
      nextBooking: '2027-03-01T11:00:00.000Z',
      // The last one in the past was marked "not attended": the visit before it counts.
      lastVisit: pastNotMarked,
    });
  });

  it('a customer without history has zeros and no dates', async () => {
    const s = await summaryOf(c.token, c.noEmailCustomerId);
    expect(s.bookings).toEqual({
      upcoming: 0,
      past: 0,
      attended: 0,
      notAttended: 0,
      cancelled: 0,
      nextBooking: null,
      lastVisit: null,
    });
    expect(s.orders).toMatchObject({ orders: 1, paidOrders: 1, refunds: 0, refundedCents: 0 });
    const fresh = await createCustomer(t, c.token, { name: 'Nueva' });
    expect((await summaryOf(c.token, fresh.id)).orders).toEqual({
      orders: 0,
      paidOrders: 0,
      refunds: 0,
      paidCents: 0,
      refundedCents: 0,
      totalSpentCents: 0,
      lastOrderAt: null,
    });
  });

  it("another license's customer, or none, is not found", async () => {
    const other = await company(t);
    expectError(
      await call(t, 'GET', summaryUrl(c.customerId), { token: other.token }),
      404,
      ErrorCode.notFound,
    );
    expectError(await call(t, 'GET', summaryUrl(2_000_000_000), { token: c.token }), 404, ErrorCode.notFound);
  });

  it('shows each part only to who may find those records; customers_find is needed', async () => {
    const entry = (permission: string) => ({ scope: 'can_do' as const, permission });
    const onlyCustomers = await createEmployee(t, c.code, c.token, [entry('customers_find')]);
    const s1 = await summaryOf(onlyCustomers.token, c.customerId);
    expect(s1).toEqual({ customerId: c.customerId, bookings: null, orders: null });

    const withBookings = await createEmployee(t, c.code, c.token, [
      entry('customers_find'),
      entry('bookings_find'),
    ]);
    const s2 = await summaryOf(withBookings.token, c.customerId);
    expect(s2.bookings?.upcoming).toBe(1);
    expect(s2.orders).toBeNull();

    const withOrders = await createEmployee(t, c.code, c.token, [
      entry('customers_find'),
      entry('orders_find'),
    ]);
    const s3 = await summaryOf(withOrders.token, c.customerId);
    expect(s3.bookings).toBeNull();
    expect(s3.orders?.totalSpentCents).toBe(5_250);

    const noCustomers = await createEmployee(t, c.code, c.token, [entry('orders_find')]);
    expectError(
      await call(t, 'GET', summaryUrl(c.customerId), { token: noCustomers.token }),
      403,
      ErrorCode.forbidden,
    );
  });

  it("the bookings and orders lists filter by the customer's id", async () => {
    const filters = JSON.stringify({ customerId: { eq: c.customerId } });
    const bookingList = await call(t, 'GET', '/v1/admin/bookings', { token: c.token, query: { filters } });
    expect(bookingList.status, JSON.stringify(bookingList.body)).toBe(200);
    expect(bookingList.body.data.total).toBe(5);
    const orderList = await call(t, 'GET', '/v1/admin/orders', { token: c.token, query: { filters } });
    expect(orderList.status, JSON.stringify(orderList.body)).toBe(200);
    // Three sales and two refunds.
    expect(orderList.body.data.total).toBe(5);
  });
});
