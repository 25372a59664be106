import { ErrorCode } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.js';
import { buildTestApp, call, createEmployee, type TestApp } from './helpers.js';
import {
  created,
  createOrder,
  expectError,
  fieldsOf,
  openCompany,
  openRegister,
  type SalesCompany,
  salesCompany,
} from './sales-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/orders';

const refund = (c: SalesCompany, id: number, payload: Record<string, unknown> = {}) =>
  call(t, 'POST', `${url}/${id}/refund`, { token: c.token, payload });
const getOrder = async (c: SalesCompany, id: number) =>
  (await call(t, 'GET', `${url}/${id}`, { token: c.token })).body.data;
const summary = async (c: SalesCompany) =>
  (await call(t, 'GET', '/v1/admin/cash-register/open', { token: c.token })).body.data;

describe('refunding an order', () => {
  it('refunds everything left with {}: negative amounts, pointing at the original, which becomes refunded', async () => {
    const c = await openCompany(t);
    const sale = await created(await createOrder(t, c, { customerId: c.customerId }));
    const r = await created(await refund(c, sale.id));
    expect(r).toMatchObject({
      originalOrderId: sale.id,
      customerId: c.customerId,
      status: 'paid',
      paymentMethod: 'cash',
      total: -95,
      taxBase: -(sale.taxBase as number),
      cashRegisterId: c.registerId,
      paymentDate: expect.any(String),
    });
    expect(r.code).toBe(sale.code + 1);
    expect(r.lines).toEqual([
      expect.objectContaining({
        productId: c.massageId,
        quantity: -2,
        unitPrice: 45,
        discount: -5,
        total: -85,
        originalLineId: sale.lines[0].id,
      }),
      expect.objectContaining({
        productId: c.oilId,
        quantity: -1,
        total: -10,
        originalLineId: sale.lines[1].id,
      }),
    ]);
    const original = await getOrder(c, sale.id);
    expect(original.status).toBe('refunded');
    expect(original.lines.map((l: { refundedQuantity: number }) => l.refundedQuantity)).toEqual([2, 1]);

    // Nothing is left: a second refund, all or a line, is refused.
    expectError(await refund(c, sale.id), 409, ErrorCode.orderNotRefundable);
    const again = await refund(c, sale.id, { lines: [{ lineId: sale.lines[1].id, quantity: 1 }] });
    expectError(again, 409, ErrorCode.refundExceedsRemaining);
    expect(fieldsOf(again)).toEqual(['lines.0.quantity']);
    // A refund is neither refunded nor edited.
    expectError(await refund(c, r.id), 409, ErrorCode.orderNotRefundable);
    const edit = await call(t, 'PUT', `${url}/${r.id}`, {
      token: c.token,
      payload: {
        status: 'paid',
        paymentMethod: 'cash',
        lines: [{ productId: c.oilId, quantity: 1, unitPrice: 1 }],
      },
    });
    expectError(edit, 409, ErrorCode.refundNotEditable);
  });

  it('refunds chosen lines and quantities in parts that add up to the cent', async () => {
    const c = await openCompany(t);
    // 3 oils at 10 € with 1 € off: 29 €; a third of it is 9,67 €.
    const sale = await created(
      await createOrder(t, c, { lines: [{ productId: c.oilId, quantity: 3, unitPrice: 10, discount: 1 }] }),
    );
    const lineId = sale.lines[0].id;
    const first = await created(
      await refund(c, sale.id, { lines: [{ lineId, quantity: 1 }], notes: 'Roto' }),
    );
    expect(first).toMatchObject({ total: -9.67, notes: 'Roto' });
    expect(first.lines[0]).toMatchObject({ quantity: -1, total: -9.67, discount: -0.33 });
    expect((await getOrder(c, sale.id)).status).toBe('paid');

    const over = await refund(c, sale.id, { lines: [{ lineId, quantity: 3 }] });
    expectError(over, 409, ErrorCode.refundExceedsRemaining);
    expect(fieldsOf(over)).toEqual(['lines.0.quantity']);

    const rest = await created(await refund(c, sale.id, { lines: [{ lineId, quantity: 2 }] }));
    expect(rest.total).toBe(-19.33);
    expect(Math.round((first.taxBase + rest.taxBase) * 100)).toBe(-Math.round(sale.taxBase * 100));
    expect((await getOrder(c, sale.id)).status).toBe('refunded');
  });

  it('refuses bad input: 400 naming the field, unknown lines, quantity 0', async () => {
    const c = await openCompany(t);
    const sale = await created(await createOrder(t, c));
    const zero = await refund(c, sale.id, { lines: [{ lineId: sale.lines[0].id, quantity: 0 }] });
    expectError(zero, 400, ErrorCode.validation);
    expect(fieldsOf(zero)).toEqual(['lines.0.quantity']);
    const foreign = await refund(c, sale.id, { lines: [{ lineId: 2_000_000_000, quantity: 1 }] });
    expectError(foreign, 400, ErrorCode.validation);
    expect(fieldsOf(foreign)).toEqual(['lines.0.lineId']);
    const note = await refund(c, sale.id, { notes: 'x'.repeat(51) });
    expect(fieldsOf(note)).toEqual(['notes']);
    const twice = await refund(c, sale.id, {
      lines: [
        { lineId: sale.lines[0].id, quantity: 1 },
        { lineId: sale.lines[0].id, quantity: 1 },
      ],
    });
    expectError(twice, 400, ErrorCode.validation);
    expect(fieldsOf(twice)).toEqual(['lines']);
  });

  it('refunds only paid sales', async () => {
    const c = await openCompany(t);
    const draft = await created(await createOrder(t, c, { status: 'draft' }));
    expectError(await refund(c, draft.id), 409, ErrorCode.orderNotRefundable);
  });

  it('never refunds twice under parallel requests', async () => {
    const c = await openCompany(t);
    const sale = await created(
      await createOrder(t, c, { lines: [{ productId: c.oilId, quantity: 4, unitPrice: 10 }] }),
    );
    const all = await Promise.all(Array.from({ length: 6 }, () => refund(c, sale.id)));
    expect(all.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of all.filter((r) => r.status !== 201)) expectError(r, 409, ErrorCode.orderNotRefundable);

    const other = await created(
      await createOrder(t, c, { lines: [{ productId: c.oilId, quantity: 4, unitPrice: 10 }] }),
    );
    const lineId = other.lines[0].id;
    const parts = await Promise.all(
      Array.from({ length: 6 }, () => refund(c, other.id, { lines: [{ lineId, quantity: 1 }] })),
    );
    expect(parts.filter((r) => r.status === 201)).toHaveLength(4);
    for (const r of parts.filter((r) => r.status !== 201))
      expectError(r, 409, ErrorCode.refundExceedsRemaining);
    const original = await getOrder(c, other.id);
    expect(original).toMatchObject({ status: 'refunded' });
    expect(original.lines[0].refundedQuantity).toBe(4);
  });

  it('refunds in another payment method when asked; cash and card need an open register (1000013)', async () => {
    const c = await salesCompany(t);
    const sale = await created(await createOrder(t, c, { paymentMethod: 'transfer' }));
    expectError(await refund(c, sale.id, { paymentMethod: 'cash' }), 409, ErrorCode.cashRegisterClosed);
    const r = await created(await refund(c, sale.id, { lines: [{ lineId: sale.lines[1].id, quantity: 1 }] }));
    expect(r).toMatchObject({ paymentMethod: 'transfer', cashRegisterId: null, total: -10 });
    await openRegister(t, c.token);
    const cash = await created(await refund(c, sale.id, { paymentMethod: 'cash' }));
    expect(cash).toMatchObject({ paymentMethod: 'cash', total: -85 });
  });

  it('moves the register: a sale and a partial refund change its counts and amounts exactly', async () => {
    const c = await openCompany(t);
    const before = await summary(c);
    expect(before).toMatchObject({ currentCashAmount: 300, ordersCount: 0, refundsCount: 0 });
    const sale = await created(await createOrder(t, c)); // 85 + 10 = 95 € cash
    const card = await created(
      await createOrder(t, c, {
        paymentMethod: 'card',
        lines: [{ productId: c.oilId, quantity: 3, unitPrice: 10, discount: 0.5 }],
      }),
    ); // 29,50 € by card
    await created(await refund(c, sale.id, { lines: [{ lineId: sale.lines[0].id, quantity: 1 }] })); // 42,50 €
    await created(await refund(c, card.id, { lines: [{ lineId: card.lines[0].id, quantity: 1 }] })); // 9,83 €
    const s = await summary(c);
    expect(s).toMatchObject({
      currentCashAmount: 352.5, // 300 + 95 − 42,50
      ordersCount: 2,
      ordersAmount: 124.5,
      refundsCount: 2,
      refundsAmount: 52.33,
      cashOrdersCount: 1,
      cashOrdersAmount: 95,
      cashRefundsCount: 1,
      cashRefundsAmount: 42.5,
      cardOrdersCount: 1,
      cardOrdersAmount: 29.5,
      cardRefundsCount: 1,
      cardRefundsAmount: 9.83,
    });
    expect(s.productsRefundCash).toEqual([{ name: 'Masaje', price: 45, quantity: 1, amount: 42.5 }]);
    expect(s.productsRefundCard).toEqual([{ name: 'Aceite', price: 10, quantity: 1, amount: 9.83 }]);
    expect(s.productsSoldCash).toEqual([
      { name: 'Aceite', price: 10, quantity: 1, amount: 10 },
      { name: 'Masaje', price: 45, quantity: 2, amount: 85 },
    ]);
  });

  it('frees the places of a booking still ahead; neither the refund nor the sale can be deleted', async () => {
    const c = await openCompany(t);
    const bookingLine = {
      productId: c.massageId,
      quantity: 1,
      unitPrice: 45,
      booking: { bookingCalendarId: c.calendarId, startsAt: '2027-03-02T10:00' },
    };
    const sale = await created(await createOrder(t, c, { customerId: c.customerId, lines: [bookingLine] }));
    const bookingId = sale.lines[0].bookingId;
    const r = await created(await refund(c, sale.id));
    expect(await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId))).toEqual([]);
    // The start is free again.
    await created(await createOrder(t, c, { customerId: c.customerId, lines: [bookingLine] }));

    // A refund is not undone by deleting it, and the sale it refunds stays (409 1000133).
    expectError(
      await call(t, 'DELETE', `${url}/${r.id}`, { token: c.token }),
      409,
      ErrorCode.orderNotDeletable,
    );
    expectError(
      await call(t, 'DELETE', `${url}/${sale.id}`, { token: c.token }),
      409,
      ErrorCode.orderNotDeletable,
    );
    const original = await getOrder(c, sale.id);
    expect(original.status).toBe('refunded');
    expect(original.lines[0].refundedQuantity).toBe(1);
    expect((await getOrder(c, r.id)).total).toBe(-45);
  });

  it('needs orders_create and the payment method’s permission; another company’s order is 404', async () => {
    const c = await openCompany(t);
    const sale = await created(await createOrder(t, c));
    const can = (...names: string[]) => names.map((permission) => ({ scope: 'can_do' as const, permission }));
    const reader = await createEmployee(t, c.code, c.token, can('orders_find'));
    expect(
      (await call(t, 'POST', `${url}/${sale.id}/refund`, { token: reader.token, payload: {} })).status,
    ).toBe(403);
    const online = await createEmployee(
      t,
      c.code,
      c.token,
      can('orders_find', 'orders_create', 'sales_online'),
    );
    expect(
      (await call(t, 'POST', `${url}/${sale.id}/refund`, { token: online.token, payload: {} })).status,
    ).toBe(403);
    const other = await salesCompany(t);
    expectError(await refund(other, sale.id), 404, ErrorCode.notFound);
    expect((await getOrder(c, sale.id)).status).toBe('paid');
  });
});
