import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines } from '../src/modules/orders/order-lines.table.js';
import { orders } from '../src/modules/orders/orders.table.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { created, createOrder, type Order, openCompany } from './sales-fixtures.js';
import { expectExact, rowsOf } from './summaries.js';

/**
 * The reports' hourly summaries (migration 0025) are kept exact by their triggers: after every kind of
 * write the API makes (sales paid at once or from a draft, drafts edited and deleted, partial and whole
 * refunds, bookings made, moved, marked, cancelled and deleted) and a few made in SQL (a payment date and
 * method changed, an order deleted with its lines, lines deleted in one statement), each summary table
 * equals the same aggregate recomputed from the base tables, row for row, and so does each day summary
 * (migration 0026). After the demo seed: demo.test.ts.
 */

describe('the hourly summaries under the API’s writes', () => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof openCompany>>;
  beforeAll(async () => {
    t = await buildTestApp();
    c = await openCompany(t);
  }, 60_000);
  afterAll(() => t?.close());

  const put = (id: number, payload: Record<string, unknown>) =>
    call(t, 'PUT', `/v1/admin/orders/${id}`, { token: c.token, payload });

  it('follows sales paid at once and from a draft, a draft’s lines edited and a draft deleted', async () => {
    expect(await expectExact(t)).toEqual({ booking_hours: 0, order_hours: 0, order_line_hours: 0 });
    await created(await createOrder(t, c));
    expect(await expectExact(t)).toEqual({ booking_hours: 0, order_hours: 1, order_line_hours: 2 });

    const draft: Order = await created(
      await createOrder(t, c, { status: 'draft', paymentMethod: 'transfer' }),
    );
    await expectExact(t);
    const massage = draft.lines[0];
    // The draft's lines rewritten, still a draft: nothing counts yet.
    const edited = await put(draft.id, {
      status: 'draft',
      paymentMethod: 'transfer',
      lines: [
        { id: massage.id, productId: c.massageId, quantity: 3, unitPrice: 45 },
        { productId: c.oilId, quantity: 4, unitPrice: 10 },
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await expectExact(t)).toEqual({ booking_hours: 0, order_hours: 1, order_line_hours: 2 });
    // Paid with other lines in the same request.
    const paid = await put(draft.id, {
      status: 'paid',
      paymentMethod: 'card',
      lines: [{ id: massage.id, productId: c.massageId, quantity: 1, unitPrice: 40 }],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const counts = await expectExact(t);
    expect(counts.order_hours).toBeGreaterThanOrEqual(2);

    const other: Order = await created(await createOrder(t, c, { status: 'draft' }));
    await expectExact(t);
    expect((await call(t, 'DELETE', `/v1/admin/orders/${other.id}`, { token: c.token })).status).toBe(200);
    expect(await expectExact(t)).toEqual(counts);
  });

  it('follows partial and whole refunds', async () => {
    const sale: Order = await created(await createOrder(t, c, { paymentMethod: 'transfer' }));
    await expectExact(t);
    const partial = await call(t, 'POST', `/v1/admin/orders/${sale.id}/refund`, {
      token: c.token,
      payload: { lines: [{ lineId: sale.lines[0].id, quantity: 1 }] },
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(201);
    await expectExact(t);
    const whole = await call(t, 'POST', `/v1/admin/orders/${sale.id}/refund`, {
      token: c.token,
      payload: {},
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    const counts = await expectExact(t);
    const refunds = await t.database.db.execute(
      sql`select count(*)::int as n from order_hours where refund and orders > 0`,
    );
    expect(rowsOf(refunds)[0]?.n).toBeGreaterThan(0);
    expect(counts.order_line_hours).toBeGreaterThan(2);
  });

  it('moves an order’s lines when its payment date, method or status changes, and drops a deleted one', async () => {
    const sale: Order = await created(await createOrder(t, c));
    await t.database.db
      .update(orders)
      .set({ paymentDate: new Date('2025-06-01T10:30:00Z'), paymentMethod: 'online' })
      .where(eq(orders.id, sale.id));
    const moved = await t.database.db.execute(
      sql`select count(*)::int as n from order_line_hours where hour = '2025-06-01T10:00:00Z' and lines > 0`,
    );
    expect(rowsOf(moved)[0]?.n).toBe(2);
    await expectExact(t);
    await t.database.db.update(orders).set({ status: 'awaiting_payment' }).where(eq(orders.id, sale.id));
    await expectExact(t);
    await t.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, sale.id));
    await expectExact(t);
    // Its lines deleted in one statement, then it; another paid sale deleted with its lines (cascade).
    await t.database.db.delete(orderLines).where(eq(orderLines.orderId, sale.id));
    await expectExact(t);
    await t.database.db.delete(orders).where(eq(orders.id, sale.id));
    await expectExact(t);
    const gone: Order = await created(await createOrder(t, c));
    await expectExact(t);
    await t.database.db.delete(orders).where(eq(orders.id, gone.id));
    await expectExact(t);
  });

  it('follows bookings made, moved, marked, cancelled and deleted', async () => {
    const bookingsUrl = '/v1/admin/bookings';
    const body = {
      bookingCalendarId: c.calendarId,
      productId: c.massageId,
      customerId: c.customerId,
      startsAt: '2027-03-01T10:00',
    };
    const first = await call(t, 'POST', bookingsUrl, { token: c.token, payload: body });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await call(t, 'POST', bookingsUrl, {
      token: c.token,
      payload: { ...body, startsAt: '2027-03-01T12:00' },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect((await expectExact(t)).booking_hours).toBe(2);
    const b = first.body.data;
    const update = (changes: Record<string, unknown>) =>
      call(t, 'PUT', `${bookingsUrl}/${b.id}`, {
        token: c.token,
        payload: {
          bookingCalendarId: b.bookingCalendarId,
          customerId: b.customerId,
          startsAt: b.startsAt,
          quantity: b.quantity,
          notes: b.notes,
          price: b.price,
          ...changes,
        },
      });
    const moved = await update({ startsAt: '2027-03-02T17:00', overrideRescheduleRules: true });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    Object.assign(b, moved.body.data);
    await expectExact(t);
    for (const action of ['attended', 'unattended']) {
      expect((await call(t, 'POST', `${bookingsUrl}/${b.id}/${action}`, { token: c.token })).status).toBe(
        200,
      );
      await expectExact(t);
    }
    const cancelled = await update({ status: 'cancelled' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const rows = await t.database.db.execute(
      sql`select sum(cancelled)::int as cancelled, sum(bookings)::int as bookings from booking_hours`,
    );
    expect(rowsOf(rows)[0]).toEqual({ cancelled: 1, bookings: 1 });
    await expectExact(t);
    expect(
      (await call(t, 'DELETE', `${bookingsUrl}/${second.body.data.id}`, { token: c.token })).status,
    ).toBe(200);
    await expectExact(t);
  });
});
