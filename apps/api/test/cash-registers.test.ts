import { ErrorCode } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.js';
import { buildTestApp, call, createEmployee, type TestApp } from './helpers.js';
import { createOrder, expectError, fieldsOf, openRegister, salesCompany } from './sales-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/cash-register';

describe('opening a cash register', () => {
  it('opens with 300 € by default and answers the empty summary; GET open answers null when none is', async () => {
    const c = await salesCompany(t);
    expect((await call(t, 'GET', `${url}/open`, { token: c.token })).body).toEqual({ data: null });
    const res = await call(t, 'POST', `${url}/open`, { token: c.token, payload: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      initialAmount: 300,
      currentCashAmount: 300,
      ordersCount: 0,
      ordersAmount: 0,
      refundsCount: 0,
      refundsAmount: 0,
      endDate: null,
      notes: null,
      reportFileId: null,
      username: 'owner',
      openedBy: c.admin.id,
      productsSoldCash: [],
      productsRefundCash: [],
      productsSoldCard: [],
      productsRefundCard: [],
    });
    const open = await call(t, 'GET', `${url}/open`, { token: c.token });
    expect(open.body.data).toEqual(res.body.data);
  });

  it('refuses an initial amount below 0 or with three decimals (400 naming initialAmount)', async () => {
    const c = await salesCompany(t);
    for (const initialAmount of [-0.01, 1.005, 'x']) {
      const res = await call(t, 'POST', `${url}/open`, { token: c.token, payload: { initialAmount } });
      expectError(res, 400, ErrorCode.validation);
      expect(fieldsOf(res)).toEqual(['initialAmount']);
    }
    const zero = await call(t, 'POST', `${url}/open`, { token: c.token, payload: { initialAmount: 0 } });
    expect(zero.status).toBe(201);
    expect(zero.body.data.initialAmount).toBe(0);
  });

  it('keeps one open register per license: a second open is 409', async () => {
    const c = await salesCompany(t);
    await openRegister(t, c.token);
    expectError(
      await call(t, 'POST', `${url}/open`, { token: c.token, payload: { initialAmount: 10 } }),
      409,
      ErrorCode.conflict,
    );
    // Another company opens its own.
    const other = await salesCompany(t);
    await openRegister(t, other.token);
  });

  it('lets exactly one of five parallel opens through', async () => {
    const c = await salesCompany(t);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(t, 'POST', `${url}/open`, { token: c.token, payload: { initialAmount: 100 + i } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const list = await call(t, 'GET', url, { token: c.token });
    expect(list.body.data.total).toBe(1);
  });
});

describe('the summary', () => {
  it('counts cash and card sales and refunds exactly, with product lines; other methods and drafts do not count', async () => {
    const c = await salesCompany(t);
    const registerId = await openRegister(t, c.token, 300);
    const cash = await createOrder(t, c); // 85 + 10 = 95 € cash
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    const card = await createOrder(t, c, {
      paymentMethod: 'card',
      lines: [{ productId: c.oilId, quantity: 3, unitPrice: 10, discount: 0.5 }],
    }); // 29.50 € card
    expect(card.status).toBe(201);
    expect((await createOrder(t, c, { paymentMethod: 'transfer' })).status).toBe(201);
    expect((await createOrder(t, c, { status: 'draft' })).status).toBe(201);

    // A refund of one of the two massages in cash: half the 85 € line.
    const refund = await call(t, 'POST', `/v1/admin/orders/${cash.body.data.id}/refund`, {
      token: c.token,
      payload: { lines: [{ lineId: cash.body.data.lines[0].id, quantity: 1 }] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);

    const summary = (await call(t, 'GET', `${url}/open`, { token: c.token })).body.data;
    expect(summary).toMatchObject({
      id: registerId,
      initialAmount: 300,
      currentCashAmount: 352.5, // 300 + 95 − 42,50
      ordersCount: 2,
      ordersAmount: 124.5,
      refundsCount: 1,
      refundsAmount: 42.5,
      cashOrdersCount: 1,
      cashOrdersAmount: 95,
      cashRefundsCount: 1,
      cashRefundsAmount: 42.5,
      cardOrdersCount: 1,
      cardOrdersAmount: 29.5,
      cardRefundsCount: 0,
      cardRefundsAmount: 0,
    });
    expect(summary.productsSoldCash).toEqual([
      { name: 'Aceite', price: 10, quantity: 1, amount: 10 },
      { name: 'Masaje', price: 45, quantity: 2, amount: 85 },
    ]);
    expect(summary.productsRefundCash).toEqual([{ name: 'Masaje', price: 45, quantity: 1, amount: 42.5 }]);
    expect(summary.productsSoldCard).toEqual([{ name: 'Aceite', price: 10, quantity: 3, amount: 29.5 }]);
    expect(summary.productsRefundCard).toEqual([]);
    expect(summary.cashCount).toBeNull();

    // Closing stores the notes and the figures; later changes do not move them.
    const closed = await call(t, 'PATCH', `${url}/close`, {
      token: c.token,
      payload: { notes: 'Todo cuadra', countedCash: 337.5 },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({
      ...summary,
      endDate: expect.any(String),
      notes: 'Todo cuadra',
      // 15 € short of the 352,50 € the drawer should hold.
      cashCount: { countedCash: 337.5, expectedCash: 352.5, difference: -15, denominations: null },
      closedBy: c.admin.id,
      reportFileId: expect.any(Number),
    });
    expect(closed.body.data.endDate).not.toBeNull();
    await t.database.db.update(orders).set({ totalCents: 1 }).where(eq(orders.id, card.body.data.id));
    const again = await call(t, 'GET', `${url}/${registerId}`, { token: c.token });
    expect(again.body.data).toEqual(closed.body.data);

    expect((await call(t, 'GET', `${url}/open`, { token: c.token })).body).toEqual({ data: null });
    expectError(await createOrder(t, c), 409, ErrorCode.cashRegisterClosed);
    expectError(
      await call(t, 'PATCH', `${url}/close`, { token: c.token, payload: { countedCash: 0 } }),
      409,
      ErrorCode.cashRegisterClosed,
    );
  });
});

describe('the history', () => {
  it('lists registers latest first with their figures (the open one as of now)', async () => {
    const c = await salesCompany(t);
    const first = await openRegister(t, c.token, 100);
    await createOrder(t, c);
    await call(t, 'PATCH', `${url}/close`, { token: c.token, payload: { notes: 'uno', countedCash: 0 } });
    const second = await openRegister(t, c.token, 50);
    await createOrder(t, c, { paymentMethod: 'card' });
    const list = await call(t, 'GET', url, { token: c.token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.items.map((i: { id: number }) => i.id)).toEqual([second, first]);
    expect(list.body.data.items[0]).toMatchObject({
      endDate: null,
      initialAmount: 50,
      currentCashAmount: 50,
      cardOrdersCount: 1,
      cardOrdersAmount: 95,
      username: 'owner',
    });
    expect(list.body.data.items[1]).toMatchObject({
      notes: 'uno',
      initialAmount: 100,
      currentCashAmount: 195,
      cashOrdersCount: 1,
      ordersAmount: 95,
    });
    const filtered = await call(t, 'GET', url, {
      token: c.token,
      query: { filters: JSON.stringify({ cashOrdersAmount: { gte: 90 } }) },
    });
    expect(filtered.body.data.items.map((i: { id: number }) => i.id)).toEqual([first]);
  });
});

describe('cash register access', () => {
  it("answers 404 (1000010) for another company's register and never shows it", async () => {
    const mine = await salesCompany(t);
    const other = await salesCompany(t);
    const theirs = await openRegister(t, other.token);
    expectError(
      await call(t, 'GET', `${url}/${theirs}`, { token: mine.token }),
      404,
      ErrorCode.cashRegisterNotFound,
    );
    expect((await call(t, 'GET', `${url}/open`, { token: mine.token })).body.data).toBeNull();
    expect((await call(t, 'GET', url, { token: mine.token })).body.data.total).toBe(0);
    expectError(
      await call(t, 'PATCH', `${url}/close`, { token: mine.token, payload: { countedCash: 0 } }),
      409,
      ErrorCode.cashRegisterClosed,
    );
    expect((await call(t, 'GET', `${url}/open`, { token: other.token })).body.data.id).toBe(theirs);
  });

  it('needs cashRegisters_find to read, _open to open and _close to close', async () => {
    const c = await salesCompany(t);
    const none = await createEmployee(t, c.code, c.token, []);
    expectError(await call(t, 'GET', url, { token: none.token }), 403, ErrorCode.forbidden);
    expectError(await call(t, 'GET', `${url}/open`, { token: none.token }), 403, ErrorCode.forbidden);
    expectError(
      await call(t, 'POST', `${url}/open`, { token: none.token, payload: {} }),
      403,
      ErrorCode.forbidden,
    );
    const opener = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'cashRegisters_open' },
    ]);
    expect((await call(t, 'GET', `${url}/open`, { token: opener.token })).status).toBe(200);
    expectError(await call(t, 'GET', url, { token: opener.token }), 403, ErrorCode.forbidden);
    const opened = await call(t, 'POST', `${url}/open`, { token: opener.token, payload: {} });
    expect(opened.status).toBe(201);
    expect(opened.body.data.username).toBe(opener.username);
    expectError(
      await call(t, 'PATCH', `${url}/close`, { token: opener.token, payload: { countedCash: 0 } }),
      403,
      ErrorCode.forbidden,
    );
    const closer = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'cashRegisters_close' },
    ]);
    expect(
      (await call(t, 'PATCH', `${url}/close`, { token: closer.token, payload: { countedCash: 0 } })).status,
    ).toBe(200);
    const finder = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'cashRegisters_find' },
    ]);
    expect((await call(t, 'GET', `${url}/${opened.body.data.id}`, { token: finder.token })).status).toBe(200);
  });
});

describe('deleting a license', () => {
  it('takes its registers and orders with it', async () => {
    const c = await salesCompany(t);
    const registerId = await openRegister(t, c.token);
    expect((await createOrder(t, c, { customerId: c.customerId })).status).toBe(201);
    await call(t, 'PATCH', `${url}/close`, { token: c.token, payload: { countedCash: 0 } });
    await t.services.licenses.remove(c.license.id);
    expect(await t.database.db.select().from(orders).where(eq(orders.licenseId, c.license.id))).toEqual([]);
    expect(await t.database.db.select().from(orders).where(eq(orders.cashRegisterId, registerId))).toEqual(
      [],
    );
  });
});
