import { ErrorCode } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.js';
import { buildTestApp, call, createEmployee, type TestApp } from './helpers.js';
import {
  created,
  createOrder,
  expectError,
  fieldsOf,
  type Order,
  openCompany,
  openRegister,
  type SalesCompany,
} from './sales-fixtures.js';

// The sales core's rules: money that is paid stays, statuses go forward, paid orders are refunded rather
// than deleted, and each payment method needs its permission.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/orders';

/** The body that sends `order` back as it is, with `changes` on top. */
const sameBody = (order: Order, changes: Record<string, unknown> = {}) => ({
  customerId: order.customerId,
  status: order.status,
  paymentMethod: order.paymentMethod,
  notes: order.notes,
  lines: order.lines.map((l: Order) => ({
    id: l.id,
    productId: l.productId,
    quantity: Math.abs(l.quantity),
    unitPrice: l.unitPrice,
    discount: Math.abs(l.discount),
  })),
  ...changes,
});
const put = (c: SalesCompany, id: number, payload: Record<string, unknown>) =>
  call(t, 'PUT', `${url}/${id}`, { token: c.token, payload });
const refund = (c: SalesCompany, id: number, payload: Record<string, unknown> = {}) =>
  call(t, 'POST', `${url}/${id}/refund`, { token: c.token, payload });
const getOrder = async (c: SalesCompany, id: number) =>
  (await call(t, 'GET', `${url}/${id}`, { token: c.token })).body.data as Order;
const withLine = (order: Order, index: number, changes: Record<string, unknown>) =>
  sameBody(order).lines.map((l: Order, i: number) => (i === index ? { ...l, ...changes } : l));

describe('a paid order is read-only in its money', () => {
  it('refuses raising a unit price after a partial refund (1000131): refunds never exceed the sale', async () => {
    const c = await openCompany(t);
    const sale = await created(await createOrder(t, c));
    await created(await refund(c, sale.id, { lines: [{ lineId: sale.lines[0].id, quantity: 1 }] }));
    const partly = await getOrder(c, sale.id);
    const raised = await put(
      c,
      sale.id,
      sameBody(partly, { lines: withLine(partly, 0, { unitPrice: 450 }) }),
    );
    expectError(raised, 409, ErrorCode.orderMoneyLocked);
    expect(fieldsOf(raised)).toEqual(['lines.0.unitPrice']);
    expect(await getOrder(c, sale.id)).toEqual(partly);

    await created(await refund(c, sale.id));
    const refunds = (
      await call(t, 'GET', url, {
        token: c.token,
        query: { filters: JSON.stringify({ originalOrderId: { eq: sale.id } }) },
      })
    ).body.data.items;
    const refunded = refunds.reduce((sum: number, r: Order) => sum + Math.round(r.amount * 100), 0);
    expect(refunded).toBe(-Math.round(sale.total * 100));
  });

  it('keeps a fully refunded order refunded: no way back to draft (1000132), no price change (1000131)', async () => {
    const c = await openCompany(t);
    const sale = await created(await createOrder(t, c));
    await created(await refund(c, sale.id));
    const order = await getOrder(c, sale.id);
    expect(order.status).toBe('refunded');
    expectError(
      await put(c, sale.id, sameBody(order, { status: 'draft' })),
      409,
      ErrorCode.orderStatusBackwards,
    );
    expectError(
      await put(c, sale.id, sameBody(order, { status: 'paid' })),
      409,
      ErrorCode.orderStatusBackwards,
    );
    expectError(
      await put(c, sale.id, sameBody(order, { lines: withLine(order, 1, { unitPrice: 99 }) })),
      409,
      ErrorCode.orderMoneyLocked,
    );
    // Its notes still change, sent with the status it has.
    const noted = await put(c, sale.id, sameBody(order, { notes: 'devuelto' }));
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body.data).toMatchObject({ status: 'refunded', notes: 'devuelto', total: 95 });
  });

  it('takes notes and a customer, never lines, prices, discounts, quantities, method or status', async () => {
    const c = await openCompany(t);
    const sale = await created(await createOrder(t, c));
    const noted = await put(
      c,
      sale.id,
      sameBody(sale, { notes: 'factura completa', customerId: c.customerId }),
    );
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body.data).toMatchObject({
      notes: 'factura completa',
      customerId: c.customerId,
      total: 95,
      paymentDate: sale.paymentDate,
      cashRegisterId: c.registerId,
    });
    const order = noted.body.data;
    const other = await put(c, sale.id, sameBody(order, { customerId: c.noEmailCustomerId }));
    expect(other.body.data.customerId).toBe(c.noEmailCustomerId);

    const refused: [Record<string, unknown>, string[]][] = [
      [{ lines: withLine(order, 0, { quantity: 3 }) }, ['lines.0.quantity']],
      [{ lines: withLine(order, 0, { discount: 0 }) }, ['lines.0.discount']],
      [{ lines: withLine(order, 1, { unitPrice: 1 }) }, ['lines.1.unitPrice']],
      [{ lines: withLine(order, 1, { productId: c.massageId }) }, ['lines.1.productId']],
      [{ lines: [sameBody(order).lines[0]] }, ['lines']],
      [
        { lines: [...sameBody(order).lines, { productId: c.oilId, quantity: 1, unitPrice: 10 }] },
        ['lines.2'],
      ],
      [{ paymentMethod: 'card' }, ['paymentMethod']],
    ];
    for (const [changes, fields] of refused) {
      const res = await put(c, sale.id, sameBody(order, { ...changes, notes: 'no' }));
      expectError(res, 409, ErrorCode.orderMoneyLocked);
      expect(fieldsOf(res), JSON.stringify(changes)).toEqual(fields);
    }
    expectError(
      await put(c, sale.id, sameBody(order, { status: 'awaiting_payment' })),
      409,
      ErrorCode.orderStatusBackwards,
    );
    // The customer rules hold for the new customer.
    const unknown = await put(c, sale.id, sameBody(order, { customerId: 2_000_000_000 }));
    expectError(unknown, 400, ErrorCode.validation);
    expect(fieldsOf(unknown)).toEqual(['customerId']);
    expect(await getOrder(c, sale.id)).toMatchObject({ notes: 'factura completa', total: 95 });
    const summary = (await call(t, 'GET', '/v1/admin/cash-register/open', { token: c.token })).body.data;
    expect(summary).toMatchObject({ cashOrdersCount: 1, cashOrdersAmount: 95 });
  });

  it('keeps an online order’s customer with an email (1000046, 1000047)', async () => {
    const c = await openCompany(t);
    const sale = await created(
      await createOrder(t, c, { paymentMethod: 'online', customerId: c.customerId }),
    );
    expectError(
      await put(c, sale.id, sameBody(sale, { customerId: null })),
      409,
      ErrorCode.onlineOrderWithoutCustomer,
    );
    expectError(
      await put(c, sale.id, sameBody(sale, { customerId: c.noEmailCustomerId })),
      409,
      ErrorCode.onlineOrderCustomerWithoutEmail,
    );
  });

  it('keeps the customer of an invoiced order (1000135); its notes still change', async () => {
    const c = await openCompany(t);
    const sale = await created(await createOrder(t, c, { customerId: c.customerId }));
    await t.database.db.update(orders).set({ invoiceCode: '2026-000001' }).where(eq(orders.id, sale.id));
    const res = await put(c, sale.id, sameBody(sale, { customerId: c.noEmailCustomerId }));
    expectError(res, 409, ErrorCode.invoicedOrderCustomerLocked);
    expect(res.body.error.code).toBe(1000135);
    expectError(
      await put(c, sale.id, sameBody(sale, { customerId: null })),
      409,
      ErrorCode.invoicedOrderCustomerLocked,
    );
    const noted = await put(c, sale.id, sameBody(sale, { notes: 'enviada' }));
    expect(noted.body.data).toMatchObject({ notes: 'enviada', customerId: c.customerId });
  });

  it('locks what a closed register counted; a draft left there is not counted, and is paid on the open one', async () => {
    const c = await openCompany(t);
    const sale = await created(await createOrder(t, c));
    const draft = await created(await createOrder(t, c, { status: 'draft' }));
    const later = await created(await createOrder(t, c, { status: 'draft' }));
    expect(draft.cashRegisterId).toBe(c.registerId);
    const closed = await call(t, 'PATCH', '/v1/admin/cash-register/close', {
      token: c.token,
      payload: { countedCash: 0 },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const reopened = await openRegister(t, c.token);

    expectError(
      await put(c, sale.id, sameBody(sale, { lines: withLine(sale, 0, { discount: 45 }) })),
      409,
      ErrorCode.orderMoneyLocked,
    );
    const noted = await put(c, sale.id, sameBody(sale, { notes: 'cuadrada' }));
    expect(noted.body.data).toMatchObject({ notes: 'cuadrada', cashRegisterId: c.registerId, total: 95 });

    const paying = await put(c, draft.id, sameBody(draft, { status: 'paid', notes: 'otro día' }));
    expect(paying.status, JSON.stringify(paying.body)).toBe(200);
    expect(paying.body.data).toMatchObject({ status: 'paid', notes: 'otro día', cashRegisterId: reopened });
    expectError(
      await put(
        c,
        draft.id,
        sameBody(draft, { status: 'paid', lines: withLine(draft, 1, { unitPrice: 12 }) }),
      ),
      409,
      ErrorCode.orderMoneyLocked,
    );
    expect((await call(t, 'DELETE', `${url}/${later.id}`, { token: c.token })).status).toBe(200);
  });
});

describe('a status never goes backwards', () => {
  it('refuses awaiting_payment → draft and paid → awaiting_payment (1000132); forward is fine', async () => {
    const c = await openCompany(t);
    const order = await created(
      await createOrder(t, c, {
        status: 'awaiting_payment',
        paymentMethod: 'transfer',
        customerId: c.customerId,
      }),
    );
    const back = await put(c, order.id, sameBody(order, { status: 'draft' }));
    expectError(back, 409, ErrorCode.orderStatusBackwards);
    expect(back.body.error.code).toBe(1000132);
    const paid = await put(c, order.id, sameBody(order, { status: 'paid' }));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expectError(
      await put(c, order.id, sameBody(paid.body.data, { status: 'awaiting_payment' })),
      409,
      ErrorCode.orderStatusBackwards,
    );
    // refunded is reached through refunds only.
    const draft = await created(await createOrder(t, c, { status: 'draft' }));
    const refunded = await put(c, draft.id, sameBody(draft, { status: 'refunded' }));
    expectError(refunded, 400, ErrorCode.validation);
    expect(fieldsOf(refunded)).toEqual(['status']);
  });
});

describe('a refund is read-only but for its notes', () => {
  it('takes notes; refuses money and customer changes (1000130)', async () => {
    const c = await openCompany(t);
    const sale = await created(await createOrder(t, c, { customerId: c.customerId }));
    const r = await created(await refund(c, sale.id, { lines: [{ lineId: sale.lines[0].id, quantity: 1 }] }));
    const noted = await put(c, r.id, sameBody(r, { notes: 'cliente' }));
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body.data).toMatchObject({ notes: 'cliente', total: -42.5, originalOrderId: sale.id });
    for (const changes of [
      { lines: withLine(r, 0, { quantity: 2 }) },
      { lines: withLine(r, 0, { unitPrice: 50 }) },
      { paymentMethod: 'card' },
      { customerId: c.noEmailCustomerId },
    ])
      expectError(await put(c, r.id, sameBody(r, changes)), 409, ErrorCode.refundNotEditable);
    expect(await getOrder(c, r.id)).toMatchObject({
      notes: 'cliente',
      total: -42.5,
      customerId: c.customerId,
    });
  });
});

describe('deleting', () => {
  it('deletes drafts and awaiting orders without payments; refuses paid, refunds and refunded (1000133)', async () => {
    const c = await openCompany(t);
    const draft = await created(await createOrder(t, c, { status: 'draft' }));
    const awaiting = await created(
      await createOrder(t, c, {
        status: 'awaiting_payment',
        paymentMethod: 'transfer',
        customerId: c.customerId,
      }),
    );
    const remove = (id: number) => call(t, 'DELETE', `${url}/${id}`, { token: c.token });
    expect((await remove(draft.id)).status).toBe(200);
    expect((await remove(awaiting.id)).status).toBe(200);

    const paying = await created(
      await createOrder(t, c, {
        status: 'awaiting_payment',
        paymentMethod: 'online',
        customerId: c.customerId,
      }),
    );
    await t.database.db
      .update(orders)
      .set({ paymentTransactionToken: 'pi_123' })
      .where(eq(orders.id, paying.id));
    expectError(await remove(paying.id), 409, ErrorCode.orderNotDeletable);

    const sale = await created(await createOrder(t, c));
    const res = await remove(sale.id);
    expectError(res, 409, ErrorCode.orderNotDeletable);
    expect(res.body.error.code).toBe(1000133);
    const r = await created(await refund(c, sale.id, { lines: [{ lineId: sale.lines[1].id, quantity: 1 }] }));
    expectError(await remove(r.id), 409, ErrorCode.orderNotDeletable);
    expectError(await remove(sale.id), 409, ErrorCode.orderNotDeletable);
    expect((await getOrder(c, sale.id)).lines[1].refundedQuantity).toBe(1);
    // An invoiced order answers 1000006 before anything else.
    await t.database.db.update(orders).set({ invoiceCode: 'T2026-000001' }).where(eq(orders.id, sale.id));
    expectError(await remove(sale.id), 409, ErrorCode.orderHasInvoice);
  });
});

describe('a refunded line stays', () => {
  it('answers 409 1000134 for removing it, whatever the order’s status', async () => {
    const c = await openCompany(t);
    const sale = await created(await createOrder(t, c));
    await created(await refund(c, sale.id, { lines: [{ lineId: sale.lines[0].id, quantity: 1 }] }));
    const order = await getOrder(c, sale.id);
    const res = await put(c, sale.id, sameBody(order, { lines: [sameBody(order).lines[1]] }));
    expectError(res, 409, ErrorCode.refundedLineNotRemovable);
    // An order put back to draft before statuses only went forward: still 409, never 500.
    await t.database.db.update(orders).set({ status: 'draft' }).where(eq(orders.id, sale.id));
    const legacy = await put(
      c,
      sale.id,
      sameBody(order, { status: 'draft', lines: [sameBody(order).lines[1]] }),
    );
    expectError(legacy, 409, ErrorCode.refundedLineNotRemovable);
    expect((await getOrder(c, sale.id)).lines).toHaveLength(2);
    // Nor does deleting that order fail with 500, even without its payment: its refund points at it.
    await t.database.db.update(orders).set({ paymentDate: null }).where(eq(orders.id, sale.id));
    expectError(
      await call(t, 'DELETE', `${url}/${sale.id}`, { token: c.token }),
      409,
      ErrorCode.orderNotDeletable,
    );
  });
});

describe('payment methods need their permission', () => {
  it('sales_physical for cash and card, sales_online for online, transfer and external_billing', async () => {
    const c = await openCompany(t);
    const can = (...names: string[]) => names.map((permission) => ({ scope: 'can_do' as const, permission }));
    const physical = await createEmployee(
      t,
      c.code,
      c.token,
      can('orders_find', 'orders_create', 'orders_edit', 'sales_physical'),
    );
    const online = await createEmployee(
      t,
      c.code,
      c.token,
      can('orders_find', 'orders_create', 'orders_edit', 'sales_online'),
    );
    const sell = (token: string, paymentMethod: string) =>
      call(t, 'POST', url, {
        token,
        payload: {
          status: 'paid',
          paymentMethod,
          lines: [{ productId: c.oilId, quantity: 1, unitPrice: 10 }],
        },
      });
    expectError(await sell(physical.token, 'transfer'), 403, ErrorCode.forbidden);
    expectError(await sell(physical.token, 'external_billing'), 403, ErrorCode.forbidden);
    expectError(await sell(online.token, 'cash'), 403, ErrorCode.forbidden);
    expectError(await sell(online.token, 'card'), 403, ErrorCode.forbidden);
    const cash = await created(await sell(physical.token, 'cash'));
    await created(await sell(online.token, 'transfer'));
    await created(await sell(online.token, 'external_billing'));

    // On edit: a draft cannot be turned into a transfer without sales_online.
    const draft = await created(await createOrder(t, c, { status: 'draft' }));
    expectError(
      await call(t, 'PUT', `${url}/${draft.id}`, {
        token: physical.token,
        payload: sameBody(draft, { paymentMethod: 'transfer' }),
      }),
      403,
      ErrorCode.forbidden,
    );
    // On refund: in the method the refund is paid in.
    expectError(
      await call(t, 'POST', `${url}/${cash.id}/refund`, {
        token: physical.token,
        payload: { paymentMethod: 'transfer' },
      }),
      403,
      ErrorCode.forbidden,
    );
    expectError(
      await call(t, 'POST', `${url}/${cash.id}/refund`, { token: online.token, payload: {} }),
      403,
      ErrorCode.forbidden,
    );
    expect((await getOrder(c, cash.id)).status).toBe('paid');
    expect((await getOrder(c, draft.id)).paymentMethod).toBe('cash');
  });
});
