import { ErrorCode } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, orders } from '../src/db/schema.js';
import { buildTestApp, call, createEmployee, type TestApp } from './helpers.js';
import {
  created,
  createOrder,
  expectError,
  fieldsOf,
  openCompany,
  type SalesCompany,
  salesCompany,
  twoLines,
} from './sales-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/orders';

describe('creating an order', () => {
  it('computes each line and the order from the products’ taxes (prices include VAT)', async () => {
    const c = await openCompany(t);
    const order = await created(await createOrder(t, c, { customerId: c.customerId, notes: ' Mostrador ' }));
    expect(order).toMatchObject({
      code: 1,
      customerId: c.customerId,
      status: 'paid',
      paymentMethod: 'cash',
      notes: 'Mostrador',
      // 85 / 1.21 = 70.2479… → 70.25; 10 / 1.10 = 9.0909… → 9.09
      taxBase: 79.34,
      taxes: 15.66,
      total: 95,
      invoiceCode: null,
      originalOrderId: null,
      paymentTransactionToken: null,
      cashRegisterId: c.registerId,
    });
    expect(order.paymentDate).not.toBeNull();
    expect(order.lines).toEqual([
      {
        id: expect.any(Number),
        productId: c.massageId,
        productName: 'Masaje',
        quantity: 2,
        unitPrice: 45,
        discount: 5,
        taxPercentage: 21,
        taxBase: 70.25,
        total: 85,
        refundedQuantity: 0,
        originalLineId: null,
        bookingId: null,
      },
      {
        id: expect.any(Number),
        productId: c.oilId,
        productName: 'Aceite',
        quantity: 1,
        unitPrice: 10,
        discount: 0,
        taxPercentage: 10,
        taxBase: 9.09,
        total: 10,
        refundedQuantity: 0,
        originalLineId: null,
        bookingId: null,
      },
    ]);
    expect((await call(t, 'GET', `${url}/${order.id}`, { token: c.token })).body.data).toEqual(order);
    // Half up to the cent: 0.05 at 10 % is 0.04545… → 0.05.
    const tiny = await created(
      await createOrder(t, c, { lines: [{ productId: c.oilId, quantity: 1, unitPrice: 0.05 }] }),
    );
    expect(tiny).toMatchObject({ code: 2, taxBase: 0.05, taxes: 0, total: 0.05 });
  });

  it('leaves paymentDate null until paid and attaches only cash and card orders to the register', async () => {
    const c = await openCompany(t);
    const draft = await created(await createOrder(t, c, { status: 'draft', paymentMethod: 'transfer' }));
    expect(draft).toMatchObject({ paymentDate: null, cashRegisterId: null });
    const card = await created(await createOrder(t, c, { paymentMethod: 'card' }));
    expect(card.cashRegisterId).toBe(c.registerId);
  });

  it('needs an open register for cash and card (409 1000013), not for other methods', async () => {
    const c = await salesCompany(t);
    for (const paymentMethod of ['cash', 'card']) {
      const res = await createOrder(t, c, { paymentMethod });
      expectError(res, 409, ErrorCode.cashRegisterClosed);
      expect(res.body.error.code).toBe(1000013);
    }
    expect((await createOrder(t, c, { paymentMethod: 'transfer' })).status).toBe(201);
    expect((await createOrder(t, c, { paymentMethod: 'external_billing' })).status).toBe(201);
    const list = await call(t, 'GET', url, { token: c.token });
    expect(list.body.data.total).toBe(2);
  });

  it('applies the customer rules: 1000046, 1000047, 1000048', async () => {
    const c = await openCompany(t);
    expectError(
      await createOrder(t, c, { paymentMethod: 'online' }),
      409,
      ErrorCode.onlineOrderWithoutCustomer,
    );
    expectError(
      await createOrder(t, c, { paymentMethod: 'online', customerId: c.noEmailCustomerId }),
      409,
      ErrorCode.onlineOrderCustomerWithoutEmail,
    );
    expectError(
      await createOrder(t, c, { status: 'awaiting_payment', customerId: null }),
      409,
      ErrorCode.awaitingPaymentWithoutCustomer,
    );
    expect(
      (
        await createOrder(t, c, {
          paymentMethod: 'online',
          status: 'awaiting_payment',
          customerId: c.customerId,
        })
      ).status,
    ).toBe(201);
    expect(
      (await createOrder(t, c, { status: 'awaiting_payment', customerId: c.noEmailCustomerId })).status,
    ).toBe(201);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const c = await openCompany(t);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ lines: [{ productId: c.oilId, quantity: 0, unitPrice: 10 }] }, ['lines.0.quantity']],
      [{ lines: [{ productId: c.oilId, quantity: -1, unitPrice: 10 }] }, ['lines.0.quantity']],
      [
        { lines: [{ productId: c.oilId, quantity: 2, unitPrice: 10, discount: 20.01 }] },
        ['lines.0.discount'],
      ],
      [{ lines: [{ productId: c.oilId, quantity: 1, unitPrice: 10, discount: -1 }] }, ['lines.0.discount']],
      [{ lines: [{ productId: c.oilId, quantity: 1, unitPrice: 10.001 }] }, ['lines.0.unitPrice']],
      [{ notes: 'x'.repeat(51) }, ['notes']],
      [{ lines: [] }, ['lines']],
      [{ status: 'shipped' }, ['status']],
      [{ paymentMethod: 'bitcoin' }, ['paymentMethod']],
      [{ status: 'refunded' }, ['status']],
      [
        { lines: [...twoLines(c), { productId: 2_000_000_000, quantity: 1, unitPrice: 1 }] },
        ['lines.2.productId'],
      ],
      [{ customerId: 2_000_000_000 }, ['customerId']],
    ];
    for (const [payload, fields] of cases) {
      const res = await createOrder(t, c, payload);
      expectError(res, 400, ErrorCode.validation);
      expect(fieldsOf(res), JSON.stringify(payload)).toEqual(fields);
    }
    // A discount of the whole line and a note of 50 characters are fine.
    expect(
      (
        await createOrder(t, c, {
          notes: 'x'.repeat(50),
          lines: [{ productId: c.oilId, quantity: 2, unitPrice: 10, discount: 20 }],
        })
      ).status,
    ).toBe(201);
    expect((await call(t, 'GET', url, { token: c.token })).body.data.total).toBe(1);
  });

  it('numbers orders per license, one at a time under parallel requests', async () => {
    const c = await openCompany(t);
    const results = await Promise.all(Array.from({ length: 5 }, () => createOrder(t, c)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((r) => r.body.data.code).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('payment method permissions', () => {
  it('needs sales_physical for cash and card, sales_online for online', async () => {
    const c = await openCompany(t);
    const base = [{ scope: 'can_do' as const, permission: 'orders_create' }];
    const clerk = await createEmployee(t, c.code, c.token, base);
    const as = (token: string, payload: Record<string, unknown>) =>
      call(t, 'POST', url, {
        token,
        payload: { status: 'paid', paymentMethod: 'cash', lines: twoLines(c), ...payload },
      });
    expectError(await as(clerk.token, {}), 403, ErrorCode.forbidden);
    expectError(await as(clerk.token, { paymentMethod: 'card' }), 403, ErrorCode.forbidden);
    expectError(
      await as(clerk.token, { paymentMethod: 'online', customerId: c.customerId }),
      403,
      ErrorCode.forbidden,
    );
    expectError(await as(clerk.token, { paymentMethod: 'transfer' }), 403, ErrorCode.forbidden);
    const physical = await createEmployee(t, c.code, c.token, [
      ...base,
      { scope: 'can_do', permission: 'sales_physical' },
    ]);
    expect((await as(physical.token, {})).status).toBe(201);
    expectError(
      await as(physical.token, { paymentMethod: 'online', customerId: c.customerId }),
      403,
      ErrorCode.forbidden,
    );
    const online = await createEmployee(t, c.code, c.token, [
      ...base,
      { scope: 'can_do', permission: 'sales_online' },
    ]);
    expect((await as(online.token, { paymentMethod: 'online', customerId: c.customerId })).status).toBe(201);
    expect((await as(online.token, { paymentMethod: 'transfer' })).status).toBe(201);
  });

  it('needs orders_find, _create, _edit and _delete', async () => {
    const c = await openCompany(t);
    const order = await created(await createOrder(t, c));
    const none = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'sales_physical' },
    ]);
    const body = { status: 'paid', paymentMethod: 'cash', lines: twoLines(c) };
    expectError(await call(t, 'GET', url, { token: none.token }), 403, ErrorCode.forbidden);
    expectError(await call(t, 'GET', `${url}/${order.id}`, { token: none.token }), 403, ErrorCode.forbidden);
    expectError(await call(t, 'POST', url, { token: none.token, payload: body }), 403, ErrorCode.forbidden);
    expectError(
      await call(t, 'PUT', `${url}/${order.id}`, { token: none.token, payload: body }),
      403,
      ErrorCode.forbidden,
    );
    expectError(
      await call(t, 'DELETE', `${url}/${order.id}`, { token: none.token }),
      403,
      ErrorCode.forbidden,
    );
    expect((await call(t, 'GET', `${url}/${order.id}`, { token: c.token })).body.data).toEqual(order);
  });
});

describe('the order list', () => {
  it('answers the spec’s columns, latest first, filtered by status, method and customer', async () => {
    const c = await openCompany(t);
    const first = await created(await createOrder(t, c, { customerId: c.customerId }));
    const second = await created(await createOrder(t, c, { status: 'draft', paymentMethod: 'transfer' }));
    const list = await call(t, 'GET', url, { token: c.token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.items.map((i: { id: number }) => i.id)).toEqual([second.id, first.id]);
    expect(list.body.data.items[1]).toEqual({
      id: first.id,
      originalOrderId: null,
      code: 1,
      image: null,
      createdAt: first.createdAt,
      contactEmail: 'ana@example.es',
      contactPhone: '+34600111222',
      companyName: 'ACME',
      name: 'Ana',
      surname: 'García',
      amount: 95,
      status: 'paid',
      invoiceCode: null,
      paymentDate: first.paymentDate,
      paymentMethod: 'cash',
      paymentTransactionToken: null,
      customerId: c.customerId,
      cashRegisterId: c.registerId,
    });
    const ids = async (query: Record<string, string>) =>
      (await call(t, 'GET', url, { token: c.token, query })).body.data.items.map((i: { id: number }) => i.id);
    expect(await ids({ filters: JSON.stringify({ status: { eq: 'draft' } }) })).toEqual([second.id]);
    expect(await ids({ filters: JSON.stringify({ paymentMethod: { eq: 'cash' } }) })).toEqual([first.id]);
    expect(await ids({ filters: JSON.stringify({ customerId: { eq: c.customerId } }) })).toEqual([first.id]);
    expect(await ids({ filters: JSON.stringify({ amount: { gte: 95 } }) })).toEqual([second.id, first.id]);
    expect(await ids({ orders: JSON.stringify({ code: 'asc' }) })).toEqual([first.id, second.id]);
    expect(await ids({ query: 'garc' })).toEqual([first.id]);
  });
});

describe('editing an order', () => {
  it('recomputes the figures, keeps lines named by id, removes the others, sets paymentDate when paid', async () => {
    const c = await openCompany(t);
    const order = await created(await createOrder(t, c, { status: 'draft', paymentMethod: 'transfer' }));
    expect(order.paymentDate).toBeNull();
    const [massage] = order.lines;
    const res = await call(t, 'PUT', `${url}/${order.id}`, {
      token: c.token,
      payload: {
        status: 'paid',
        paymentMethod: 'cash',
        customerId: c.customerId,
        notes: 'cambiado',
        lines: [{ id: massage.id, productId: c.massageId, quantity: 1, unitPrice: 45 }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'paid',
      paymentMethod: 'cash',
      customerId: c.customerId,
      notes: 'cambiado',
      total: 45,
      taxBase: 37.19,
      taxes: 7.81,
      cashRegisterId: c.registerId,
    });
    expect(res.body.data.paymentDate).not.toBeNull();
    expect(res.body.data.lines).toHaveLength(1);
    expect(res.body.data.lines[0]).toMatchObject({ id: massage.id, quantity: 1, total: 45 });

    expectError(
      await call(t, 'PUT', `${url}/${order.id}`, {
        token: c.token,
        payload: {
          status: 'paid',
          paymentMethod: 'cash',
          lines: [{ id: 2_000_000_000, productId: c.oilId, quantity: 1, unitPrice: 1 }],
        },
      }),
      400,
      ErrorCode.validation,
    );
    const summary = (await call(t, 'GET', '/v1/admin/cash-register/open', { token: c.token })).body.data;
    expect(summary).toMatchObject({ cashOrdersCount: 1, cashOrdersAmount: 45, currentCashAmount: 345 });
  });
});

describe('deleting an order', () => {
  it('deletes it with its lines; an invoiced one stays (1000006)', async () => {
    const c = await openCompany(t);
    const order = await created(await createOrder(t, c, { status: 'draft' }));
    const removed = await call(t, 'DELETE', `${url}/${order.id}`, { token: c.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { ok: true } });
    expectError(await call(t, 'GET', `${url}/${order.id}`, { token: c.token }), 404, ErrorCode.notFound);

    const invoiced = await created(await createOrder(t, c));
    await t.database.db.update(orders).set({ invoiceCode: '2026-000001' }).where(eq(orders.id, invoiced.id));
    const refused = await call(t, 'DELETE', `${url}/${invoiced.id}`, { token: c.token });
    expectError(refused, 409, ErrorCode.orderHasInvoice);
    expect(refused.body.error.code).toBe(1000006);
    expect((await call(t, 'GET', `${url}/${invoiced.id}`, { token: c.token })).status).toBe(200);
  });
});

describe('booking lines', () => {
  const startsAt = '2027-03-01T10:00';
  const bookingLine = (c: SalesCompany) => ({
    productId: c.massageId,
    quantity: 1,
    unitPrice: 40,
    booking: { bookingCalendarId: c.calendarId, startsAt },
  });

  it('books in the same transaction; a full start refuses the whole order; deleting the order frees it', async () => {
    const c = await openCompany(t);
    const order = await created(
      await createOrder(t, c, { customerId: c.customerId, lines: [bookingLine(c), twoLines(c)[1]] }),
    );
    const bookingId = order.lines[0].bookingId;
    expect(bookingId).toEqual(expect.any(Number));
    const booking = await call(t, 'GET', `/v1/admin/bookings/${bookingId}`, { token: c.token });
    expect(booking.body.data).toMatchObject({
      orderId: order.id,
      customerId: c.customerId,
      productId: c.massageId,
      price: 40,
      quantity: 1,
      startsAt: '2027-03-01T09:00:00.000Z',
    });

    // The calendar takes one at a time: a second order for that start is refused whole.
    const full = await createOrder(t, c, { customerId: c.customerId, lines: [bookingLine(c)] });
    expectError(full, 409, ErrorCode.bookingFull);
    expect((await call(t, 'GET', url, { token: c.token })).body.data.total).toBe(1);

    const odd = await createOrder(t, c, {
      customerId: c.customerId,
      lines: [
        { ...bookingLine(c), booking: { bookingCalendarId: c.calendarId, startsAt: '2027-03-01T10:10' } },
      ],
    });
    expectError(odd, 409, ErrorCode.bookingNotAStartTime);

    const noCustomer = await createOrder(t, c, { lines: [bookingLine(c)] });
    expectError(noCustomer, 400, ErrorCode.validation);
    expect(fieldsOf(noCustomer)).toEqual(['customerId']);
    const notBookable = await createOrder(t, c, {
      customerId: c.customerId,
      lines: [{ ...bookingLine(c), productId: c.oilId }],
    });
    expect(fieldsOf(notBookable)).toEqual(['lines.0.booking']);
    const unknownCalendar = await createOrder(t, c, {
      customerId: c.customerId,
      lines: [{ ...bookingLine(c), booking: { bookingCalendarId: 2_000_000_000, startsAt } }],
    });
    expect(fieldsOf(unknownCalendar)).toEqual(['lines.0.booking.bookingCalendarId']);

    // The booking goes with its order; a paid order is not deleted but refunded, which frees it too.
    expectError(
      await call(t, 'DELETE', `/v1/admin/bookings/${bookingId}`, { token: c.token }),
      409,
      ErrorCode.conflict,
    );
    expectError(
      await call(t, 'DELETE', `${url}/${order.id}`, { token: c.token }),
      409,
      ErrorCode.orderNotDeletable,
    );
    expect(await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId))).toHaveLength(1);
    expect((await call(t, 'POST', `${url}/${order.id}/refund`, { token: c.token, payload: {} })).status).toBe(
      201,
    );
    expect(await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId))).toEqual([]);
    const draft = await created(
      await createOrder(t, c, { status: 'draft', customerId: c.customerId, lines: [bookingLine(c)] }),
    );
    expect((await call(t, 'DELETE', `${url}/${draft.id}`, { token: c.token })).status).toBe(200);
    expect(
      await t.database.db.select().from(bookings).where(eq(bookings.id, draft.lines[0].bookingId)),
    ).toEqual([]);
    expect((await createOrder(t, c, { customerId: c.customerId, lines: [bookingLine(c)] })).status).toBe(201);
  });

  it('keeps the booking of a line kept on edit and books new lines', async () => {
    const c = await openCompany(t);
    const order = await created(
      await createOrder(t, c, { status: 'draft', customerId: c.customerId, lines: [bookingLine(c)] }),
    );
    const line = order.lines[0];
    const res = await call(t, 'PUT', `${url}/${order.id}`, {
      token: c.token,
      payload: {
        status: 'paid',
        paymentMethod: 'cash',
        customerId: c.customerId,
        lines: [
          { id: line.id, productId: c.massageId, quantity: 1, unitPrice: 40 },
          { ...bookingLine(c), booking: { bookingCalendarId: c.calendarId, startsAt: '2027-03-01T12:00' } },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.lines[0].bookingId).toBe(line.bookingId);
    expect(res.body.data.lines[1].bookingId).toEqual(expect.any(Number));
    expect(res.body.data.total).toBe(80);
  });
});

describe('rules now enforced by real orders', () => {
  it('a customer with orders cannot be deleted (1000109)', async () => {
    const c = await openCompany(t);
    await created(await createOrder(t, c, { customerId: c.customerId }));
    expectError(
      await call(t, 'DELETE', `/v1/admin/customers/${c.customerId}`, { token: c.token }),
      409,
      ErrorCode.cannotDeleteCustomer,
    );
    expect(
      (await call(t, 'DELETE', `/v1/admin/customers/${c.noEmailCustomerId}`, { token: c.token })).status,
    ).toBe(200);
  });

  it('a product in an order cannot be deleted (1000020) nor change type (1000044)', async () => {
    const c = await openCompany(t);
    await created(await createOrder(t, c, { lines: [{ productId: c.oilId, quantity: 1, unitPrice: 10 }] }));
    expectError(
      await call(t, 'DELETE', `/v1/admin/products/${c.oilId}`, { token: c.token }),
      409,
      ErrorCode.productUsedInOrder,
    );
    expectError(
      await call(t, 'PUT', `/v1/admin/products/${c.oilId}`, {
        token: c.token,
        payload: { name: 'Aceite', type: 'credit', price: 10, taxType: c.tax10 },
      }),
      409,
      ErrorCode.productTypeLocked,
    );
  });
});

describe('order isolation', () => {
  it("answers 404 for another company's order and never lists it", async () => {
    const mine = await openCompany(t);
    const other = await openCompany(t);
    const theirs = await created(await createOrder(t, other));
    const body = { status: 'paid', paymentMethod: 'cash', lines: twoLines(mine) };
    expectError(await call(t, 'GET', `${url}/${theirs.id}`, { token: mine.token }), 404, ErrorCode.notFound);
    expectError(
      await call(t, 'PUT', `${url}/${theirs.id}`, { token: mine.token, payload: body }),
      404,
      ErrorCode.notFound,
    );
    expectError(
      await call(t, 'DELETE', `${url}/${theirs.id}`, { token: mine.token }),
      404,
      ErrorCode.notFound,
    );
    expect((await call(t, 'GET', url, { token: mine.token })).body.data.total).toBe(0);
    // Their products and customers are unknown here.
    const res = await createOrder(t, mine, { customerId: other.customerId, lines: twoLines(other) });
    expect(fieldsOf(res)).toEqual(['customerId', 'lines.0.productId', 'lines.1.productId']);
    expect((await call(t, 'GET', `${url}/${theirs.id}`, { token: other.token })).body.data).toEqual(theirs);
  });
});
