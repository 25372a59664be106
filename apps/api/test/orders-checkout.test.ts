import { ErrorCode } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.js';
import { createBooking, createCustomer, readList } from './factories.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import {
  created,
  expectError,
  fieldsOf,
  type Order,
  openCompany,
  type SalesCompany,
  salesCompany,
} from './sales-fixtures.js';

/*
 * Checkout from a booking: a booking made in the calendar is charged by an order line that points at it,
 * with other products on the same ticket; the order pays it, and removing the line leaves it in place.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const book = (c: SalesCompany, startsAt: string, customerId = c.customerId, quantity = 1) =>
  createBooking(t, c.token, {
    bookingCalendarId: c.calendarId,
    productId: c.massageId,
    customerId,
    startsAt,
    quantity,
    price: 42,
  });

const charge = (bookingId: number, quantity = 1, unitPrice = 42) => ({
  productId: 0,
  quantity,
  unitPrice,
  bookingId,
});

const order = (c: SalesCompany, lines: object[], extra: object = {}) =>
  call(t, 'POST', '/v1/admin/orders', {
    token: c.token,
    payload: { customerId: c.customerId, status: 'paid', paymentMethod: 'cash', lines, ...extra },
  });
const bookingOf = async (c: SalesCompany, id: number) =>
  (await call(t, 'GET', `/v1/admin/bookings/${id}`, { token: c.token })).body.data;

describe('charging bookings made in the calendar', () => {
  it('charges two bookings of one customer and a product sale on one ticket; the bookings show their order', async () => {
    const c = await openCompany(t);
    const first = await book(c, '2027-04-05T10:00');
    const second = await book(c, '2027-04-06T10:00');
    const sale: Order = await created(
      await order(c, [
        { ...charge(first.id), productId: c.massageId },
        { ...charge(second.id), productId: c.massageId },
        { productId: c.oilId, quantity: 1, unitPrice: 10 },
      ]),
    );
    expect(sale).toMatchObject({ status: 'paid', total: 94 });
    expect(sale.lines.map((l: { bookingId: number | null }) => l.bookingId)).toEqual([
      first.id,
      second.id,
      null,
    ]);
    for (const b of [first, second])
      expect(await bookingOf(c, b.id)).toMatchObject({
        orderId: sale.id,
        status: 'confirmed',
        startsAt: b.startsAt,
      });
    // Read back, the order says the same.
    const read = (await call(t, 'GET', `/v1/admin/orders/${sale.id}`, { token: c.token })).body.data;
    expect(read.lines.map((l: { bookingId: number | null }) => l.bookingId)).toEqual([
      first.id,
      second.id,
      null,
    ]);
    // Sold: a second order cannot charge them again.
    const again = await order(c, [{ ...charge(first.id), productId: c.massageId }]);
    expectError(again, 400, ErrorCode.validation);
    expect(again.body.error.details).toEqual([
      { field: 'lines.0.bookingId', message: 'the booking is sold already' },
    ]);
  });

  it('refuses what a booking cannot be charged with, naming the line’s field', async () => {
    const c = await openCompany(t);
    const other = await openCompany(t);
    const someoneElse = (await createCustomer(t, c.token, { name: 'Marta', email: 'marta@example.es' })).id;
    const booking = await book(c, '2027-04-07T10:00');
    const hers = await book(c, '2027-04-07T12:00', someoneElse);
    const foreign = await book(other, '2027-04-07T10:00', other.customerId);
    const cancelled = await book(c, '2027-04-08T10:00');
    // A booking a refund released (its sale's units given back) is cancelled.
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled.id));
    const cases: [object[], string[]][] = [
      [[{ ...charge(2_000_000_000), productId: c.massageId }], ['lines.0.bookingId']],
      [[{ ...charge(foreign.id), productId: c.massageId }], ['lines.0.bookingId']],
      [[{ ...charge(hers.id), productId: c.massageId }], ['lines.0.bookingId']],
      [[{ ...charge(booking.id), productId: c.oilId }], ['lines.0.productId']],
      [[{ ...charge(booking.id, 2), productId: c.massageId }], ['lines.0.quantity']],
      [
        [
          { ...charge(booking.id), productId: c.massageId },
          { ...charge(booking.id), productId: c.massageId },
        ],
        ['lines.1.bookingId'],
      ],
      [
        [
          {
            ...charge(booking.id),
            productId: c.massageId,
            booking: { bookingCalendarId: c.calendarId, startsAt: '2027-04-09T10:00' },
          },
        ],
        ['lines.0.bookingId'],
      ],
    ];
    cases.push([[{ ...charge(cancelled.id), productId: c.massageId }], ['lines.0.bookingId']]);
    for (const [lines, fields] of cases) {
      const res = await order(c, lines);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
    // Without a customer there is nothing to charge.
    const walkIn = await order(c, [{ ...charge(booking.id), productId: c.massageId }], { customerId: null });
    expect(fieldsOf(walkIn)).toContain('customerId');
    // Nothing was sold meanwhile.
    expect((await bookingOf(c, booking.id)).orderId).toBeNull();
    expect((await bookingOf(other, foreign.id)).orderId).toBeNull();
  });

  it('leaves a charged booking in place, unsold, when its line is removed or its draft is deleted', async () => {
    const c = await openCompany(t);
    const booking = await book(c, '2027-04-10T10:00');
    const draft: Order = await created(
      await order(
        c,
        [
          { ...charge(booking.id), productId: c.massageId },
          { productId: c.oilId, quantity: 1, unitPrice: 10 },
        ],
        {
          status: 'draft',
          paymentMethod: 'transfer',
        },
      ),
    );
    // Edited without the booking's line: the booking stays and may be charged again.
    const oilLine = draft.lines[1];
    const edited = await call(t, 'PUT', `/v1/admin/orders/${draft.id}`, {
      token: c.token,
      payload: {
        customerId: c.customerId,
        status: 'draft',
        paymentMethod: 'transfer',
        lines: [{ id: oilLine.id, productId: c.oilId, quantity: 1, unitPrice: 10 }],
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await bookingOf(c, booking.id)).toMatchObject({ orderId: null, status: 'confirmed' });
    // Charged again by a new line of the same draft, then the draft deleted: the booking stays.
    const recharged = await call(t, 'PUT', `/v1/admin/orders/${draft.id}`, {
      token: c.token,
      payload: {
        customerId: c.customerId,
        status: 'draft',
        paymentMethod: 'transfer',
        lines: [
          { id: oilLine.id, productId: c.oilId, quantity: 1, unitPrice: 10 },
          { ...charge(booking.id), productId: c.massageId },
        ],
      },
    });
    expect(recharged.status, JSON.stringify(recharged.body)).toBe(200);
    expect((await bookingOf(c, booking.id)).orderId).toBe(draft.id);
    // A kept line keeps the booking it charges.
    const swapped = await call(t, 'PUT', `/v1/admin/orders/${draft.id}`, {
      token: c.token,
      payload: {
        customerId: c.customerId,
        status: 'draft',
        paymentMethod: 'transfer',
        lines: [
          { id: oilLine.id, productId: c.oilId, quantity: 1, unitPrice: 10 },
          { id: recharged.body.data.lines[1].id, ...charge(2_000_000_000), productId: c.massageId },
        ],
      },
    });
    expect(fieldsOf(swapped)).toEqual(['lines.1.bookingId']);
    expect((await call(t, 'DELETE', `/v1/admin/orders/${draft.id}`, { token: c.token })).status).toBe(200);
    expect(await bookingOf(c, booking.id)).toMatchObject({ orderId: null, status: 'confirmed' });
    // A booking the order itself made still goes with it.
    const made: Order = await created(
      await order(
        c,
        [
          {
            productId: c.massageId,
            quantity: 1,
            unitPrice: 40,
            booking: { bookingCalendarId: c.calendarId, startsAt: '2027-04-11T10:00' },
          },
        ],
        {
          status: 'draft',
          paymentMethod: 'transfer',
        },
      ),
    );
    expect((await call(t, 'DELETE', `/v1/admin/orders/${made.id}`, { token: c.token })).status).toBe(200);
    expect(
      (await call(t, 'GET', `/v1/admin/bookings/${made.lines[0].bookingId}`, { token: c.token })).status,
    ).toBe(404);
  });

  it('lists each booking with the order that sold or charges it and its status, null while unsold', async () => {
    const c = await openCompany(t);
    const paid = await book(c, '2027-04-13T10:00');
    const drafted = await book(c, '2027-04-13T12:00');
    const unsold = await book(c, '2027-04-13T16:00');
    const sale: Order = await created(await order(c, [{ ...charge(paid.id), productId: c.massageId }]));
    const draft: Order = await created(
      await order(c, [{ ...charge(drafted.id), productId: c.massageId }], {
        status: 'draft',
        paymentMethod: 'transfer',
      }),
    );
    // A booking the order made itself is sold by it too.
    const made: Order = await created(
      await order(c, [
        {
          productId: c.massageId,
          quantity: 1,
          unitPrice: 40,
          booking: { bookingCalendarId: c.calendarId, startsAt: '2027-04-13T18:00' },
        },
      ]),
    );
    type Row = { id: number; orderId: number | null; orderStatus: string | null };
    const rows = (await readList<Row>(t, c.token, '/v1/admin/bookings', { orders: { date: 'asc' } })).items;
    expect(rows.map(({ id, orderId, orderStatus }) => ({ id, orderId, orderStatus }))).toEqual([
      { id: paid.id, orderId: sale.id, orderStatus: 'paid' },
      { id: drafted.id, orderId: draft.id, orderStatus: 'draft' },
      { id: unsold.id, orderId: null, orderStatus: null },
      { id: made.lines[0].bookingId, orderId: made.id, orderStatus: 'paid' },
    ]);
    // Filters, the search and the count still read the bookings alone.
    const found = await readList<Row>(t, c.token, '/v1/admin/bookings', {
      filters: { status: { eq: 'confirmed' } },
    });
    expect(found.total).toBe(4);
  });

  it('lets one of two parallel orders charge a booking', async () => {
    const c = await salesCompany(t);
    const booking = await book(c, '2027-04-12T10:00');
    const body = [{ ...charge(booking.id), productId: c.massageId }];
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => order(c, body, { paymentMethod: 'transfer' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400]);
    const winner = answers.find((a) => a.status === 201)!;
    expect((await bookingOf(c, booking.id)).orderId).toBe(winner.body.data.id);
  });
});
