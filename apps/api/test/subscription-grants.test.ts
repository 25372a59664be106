import {
  type Booking,
  type CustomerBalances,
  ErrorCode,
  type Order,
  type Subscription,
  type SubscriptionBody,
  type UsablePacks,
  type UsablePrograms,
} from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedToInstant } from '../src/lib/time.js';
import { balanceMovements } from '../src/modules/balances/balances.table.js';
import { company, createCalendar, createCustomer, createProduct, everyDay } from './factories.js';
import { buildTestApp, call, expectError, failingFields, type TestApp } from './helpers.js';

/*
 * What each subscription type grants while active (issue 17; workflows/subscription-grants.ts): a
 * bookings_subscription's sessions per paid period (a pack balance expiring with the period, revoked when
 * it ends at once), a credit_subscription's credit per paid period (kept when it ends), a
 * program_subscription's free bookings of its products (an explicit subscriptionId). The renewal runs at
 * the times the test gives it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The instant of a wall-clock time (YYYY-MM-DDTHH:mm) in Madrid, the companies' zone. */
const madrid = (local: string) => {
  const [year, month, day, hour, minute] = local.split(/[-T:]/).map(Number);
  return zonedToInstant({ year: year!, month: month!, day: day!, hour, minute }, 'Europe/Madrid');
};

/** A company with a calendar, a massage and a yoga class on it, and two customers. */
async function grantsCompany() {
  const c = await company(t);
  const calendar = await createCalendar(t, c.token, { name: 'Sala', schedule: everyDay(), duration: 30 });
  const bookable = (name: string, price: number) =>
    createProduct(t, c.token, {
      taxId: c.taxId,
      name,
      type: 'bookable',
      price,
      durationInMinutes: 60,
      bookingCalendarId: calendar.id,
    });
  const massage = await bookable('Masaje', 45);
  const yoga = await bookable('Yoga', 12);
  const ana = await createCustomer(t, c.token, { name: 'Ana', surname: 'García', email: 'ana@example.es' });
  const luis = await createCustomer(t, c.token, { name: 'Luis', surname: 'Pérez' });
  return { ...c, calendarId: calendar.id, massage, yoga, ana, luis };
}
type Company = Awaited<ReturnType<typeof grantsCompany>>;

const renew = (c: Company, now: Date) =>
  t.services.subscriptionRenewals.run(now, { licenseId: c.license.id });

async function subscribe(c: Company, body: Partial<SubscriptionBody> & { productId: number }) {
  const res = await call(t, 'POST', '/v1/admin/subscriptions', {
    token: c.token,
    payload: { customerId: c.ana.id, paymentMethod: 'transfer', startsAt: '2027-03-01T00:00', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Subscription;
}

async function getSubscription(c: Company, id: number) {
  const res = await call(t, 'GET', `/v1/admin/subscriptions/${id}`, { token: c.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Subscription;
}

async function activate(c: Company, id: number) {
  const res = await call(t, 'POST', `/v1/admin/subscriptions/${id}/activate`, { token: c.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Subscription;
}

async function cancel(c: Company, id: number, atPeriodEnd = false) {
  const res = await call(t, 'POST', `/v1/admin/subscriptions/${id}/cancel`, {
    token: c.token,
    payload: { atPeriodEnd },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Subscription;
}

/** Staff mark the order paid (a transfer received). */
async function pay(c: Company, id: number) {
  const o = (await call(t, 'GET', `/v1/admin/orders/${id}`, { token: c.token })).body.data as Order;
  const res = await call(t, 'PUT', `/v1/admin/orders/${id}`, {
    token: c.token,
    payload: {
      customerId: o.customerId,
      status: 'paid',
      paymentMethod: o.paymentMethod,
      notes: o.notes,
      lines: o.lines.map((l) => ({
        id: l.id,
        productId: l.productId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discount,
      })),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function balancesOf(c: Company, customerId = c.ana.id) {
  const res = await call(t, 'GET', `/v1/admin/customers/${customerId}/balances`, { token: c.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Oldest first, easier to read against the periods.
  return (res.body.data as CustomerBalances).items.toReversed();
}

async function usablePacks(c: Company, productId: number) {
  const res = await call(t, 'GET', `/v1/admin/customers/${c.ana.id}/pack-sessions?productId=${productId}`, {
    token: c.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as UsablePacks).items;
}

const book = (c: Company, payload: Record<string, unknown>) =>
  call(t, 'POST', '/v1/admin/bookings', {
    token: c.token,
    payload: { bookingCalendarId: c.calendarId, productId: c.massage.id, customerId: c.ana.id, ...payload },
  });

async function booked(c: Company, payload: Record<string, unknown>) {
  const res = await book(c, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Booking;
}

async function programs(c: Company, customerId: number, productId: number) {
  const res = await call(
    t,
    'GET',
    `/v1/admin/customers/${customerId}/program-subscriptions?productId=${productId}`,
    { token: c.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as UsablePrograms).items;
}

const reasons = async (balanceId: number) =>
  (
    await t.database.db
      .select()
      .from(balanceMovements)
      .where(eq(balanceMovements.balanceId, balanceId))
      .orderBy(balanceMovements.id)
  ).map((m) => [m.reason, m.delta]);

describe('bookings_subscription', () => {
  async function sessionsPlan(c: Company, product: Record<string, unknown> = {}) {
    return createProduct(t, c.token, {
      taxId: c.taxId,
      name: '4 masajes al mes',
      type: 'bookings_subscription',
      price: 150,
      durationInMinutes: 60,
      periodicity: { quantity: 1, unit: 'month' },
      packSessions: 4,
      packProductIds: [c.massage.id],
      ...product,
    });
  }

  it("each paid period gives its sessions as a pack expiring at the period's end; they pay bookings as a pack's; cancelled at once, what is left is revoked", async () => {
    const c = await grantsCompany();
    const plan = await sessionsPlan(c);
    const s = await subscribe(c, { productId: plan.id });
    const active = await activate(c, s.id);
    // Not paid yet: nothing to book with.
    expect(await usablePacks(c, c.massage.id)).toEqual([]);
    await pay(c, active.periods[0]!.orderId!);
    const [first] = await usablePacks(c, c.massage.id);
    expect(first).toMatchObject({
      productId: plan.id,
      productName: '4 masajes al mes',
      initial: 4,
      remaining: 4,
      expiresAt: madrid('2027-04-01T00:00').toISOString(),
    });
    // Only the products it names.
    expect(await usablePacks(c, c.yoga.id)).toEqual([]);
    const paidWithSession = await booked(c, { startsAt: '2027-03-10T10:00', balanceId: first!.id });
    expect(paidWithSession).toMatchObject({ price: 0, orderId: null, balanceId: first!.id });
    expect((await usablePacks(c, c.massage.id))[0]).toMatchObject({ remaining: 3 });

    // The next period, paid, gives four more of its own.
    expect(await renew(c, madrid('2027-04-01T00:00'))).toMatchObject({ orders: 1 });
    const renewed = await getSubscription(c, s.id);
    await pay(c, renewed.periods[0]!.orderId!);
    const held = await balancesOf(c);
    expect(held.map((b) => [b.kind, b.initial, b.remaining, b.expiresAt])).toEqual([
      ['pack', 4, 3, madrid('2027-04-01T00:00').toISOString()],
      ['pack', 4, 4, madrid('2027-05-01T00:00').toISOString()],
    ]);
    expect(held.map((b) => b.orderId)).toEqual(renewed.periods.map((p) => p.orderId).toReversed());

    // Staff cancel it at once: the sessions left go, the booking paid keeps its session.
    await cancel(c, s.id);
    const after = await balancesOf(c);
    expect(after.map((b) => b.remaining)).toEqual([0, 0]);
    expect(await reasons(first!.id)).toEqual([
      ['granted', 4],
      ['booking', -1],
      ['revoked', -3],
    ]);
    expect(await reasons(after[1]!.id)).toEqual([
      ['granted', 4],
      ['revoked', -4],
    ]);
    expect(await usablePacks(c, c.massage.id)).toEqual([]);
    // Cancelling that booking gives nothing back to a revoked balance.
    const res = await call(t, 'PUT', `/v1/admin/bookings/${paidWithSession.id}`, {
      token: c.token,
      payload: {
        bookingCalendarId: c.calendarId,
        customerId: c.ana.id,
        startsAt: paidWithSession.startsAt,
        quantity: 1,
        price: 0,
        status: 'cancelled',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await balancesOf(c)).map((b) => b.remaining)).toEqual([0, 0]);
  });

  it('ended unpaid, the sessions left of a paid period are revoked, never below 0; an order paid after the end gives nothing', async () => {
    const c = await grantsCompany();
    const plan = await sessionsPlan(c, {
      name: '2 masajes a la semana',
      packSessions: 2,
      periodicity: { quantity: 1, unit: 'week' },
      daysToPaySubscriptionRenewal: 10,
    });
    // Weekly, with ten days to pay: a later period can be paid while an earlier one is still unpaid.
    const s = await subscribe(c, {
      productId: plan.id,
      startsAt: '2027-06-07T00:00',
      paymentPeriodicity: 'weekly',
    });
    const active = await activate(c, s.id);
    const unpaidOrderId = active.periods[0]!.orderId!;
    expect(await renew(c, madrid('2027-06-14T00:00'))).toMatchObject({ orders: 1 });
    const second = (await getSubscription(c, s.id)).periods[0]!;
    await pay(c, second.orderId!);
    const [balance] = await usablePacks(c, c.massage.id);
    expect(balance).toMatchObject({
      initial: 2,
      remaining: 2,
      expiresAt: madrid('2027-06-21T00:00').toISOString(),
    });
    await booked(c, { startsAt: '2027-06-15T10:00', balanceId: balance!.id });
    // The first period's order still unpaid ten days after it began: ended, its sessions left revoked.
    expect(await renew(c, madrid('2027-06-17T00:00'))).toMatchObject({ cancelled: 1 });
    expect(await getSubscription(c, s.id)).toMatchObject({ status: 'inactive', cancelReason: 'unpaid' });
    expect(await reasons(balance!.id)).toEqual([
      ['granted', 2],
      ['booking', -1],
      ['revoked', -1],
    ]);
    // Paid after it ended, its order gives nothing (staff refund it).
    await pay(c, unpaidOrderId);
    expect(await balancesOf(c)).toHaveLength(1);
  });

  it('a payment covering several service periods gives their sessions together; cancelled at period end, they stay until it ends', async () => {
    const c = await grantsCompany();
    const plan = await sessionsPlan(c);
    const s = await subscribe(c, {
      productId: plan.id,
      startsAt: '2027-05-01T00:00',
      paymentPeriodicity: 'quarterly',
    });
    const active = await activate(c, s.id);
    await pay(c, active.periods[0]!.orderId!);
    // A quarter of a monthly plan: three months' sessions (one balance each, as the line's three units),
    // for the quarter.
    const quarter = await usablePacks(c, c.massage.id);
    expect(quarter.map((b) => [b.initial, b.expiresAt])).toEqual(
      Array(3).fill([4, madrid('2027-08-01T00:00').toISOString()]),
    );
    expect(await cancel(c, s.id, true)).toMatchObject({ status: 'active' });
    expect(await usablePacks(c, c.massage.id)).toHaveLength(3);
    expect(await renew(c, madrid('2027-08-01T00:00'))).toMatchObject({ cancelled: 1 });
    for (const b of quarter) expect(await reasons(b.id)).toEqual([['granted', 4]]);
  });
});

describe('bookings_subscription taking turns', () => {
  it('a cancellation at once and a booking on its last session at the same time: one of them has it, never below 0', async () => {
    const c = await grantsCompany();
    const plan = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Un masaje al mes',
      type: 'bookings_subscription',
      price: 40,
      durationInMinutes: 60,
      periodicity: { quantity: 1, unit: 'month' },
      packSessions: 1,
      packProductIds: [c.massage.id],
    });
    const s = await subscribe(c, { productId: plan.id, startsAt: '2027-09-01T00:00' });
    await pay(c, (await activate(c, s.id)).periods[0]!.orderId!);
    const [balance] = await usablePacks(c, c.massage.id);
    const [cancelled, booking] = await Promise.all([
      call(t, 'POST', `/v1/admin/subscriptions/${s.id}/cancel`, { token: c.token, payload: {} }),
      book(c, { startsAt: '2027-09-02T10:00', balanceId: balance!.id }),
    ]);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const moves = await reasons(balance!.id);
    if (booking.status === 201)
      expect(moves).toEqual([
        ['granted', 1],
        ['booking', -1],
      ]);
    else {
      expectError(booking, 409, ErrorCode.packSessionsExhausted);
      expect(moves).toEqual([
        ['granted', 1],
        ['revoked', -1],
      ]);
    }
    expect((await balancesOf(c))[0]!.remaining).toBe(0);
  });
});

describe('credit_subscription', () => {
  it('each paid period adds its credit (the credit amount, else the price) times the service periods; a cancellation keeps it', async () => {
    const c = await grantsCompany();
    const plan = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Créditos mensuales 50 €',
      type: 'credit_subscription',
      price: 45,
      creditAmount: 50,
      periodicity: { quantity: 1, unit: 'month' },
    });
    expect(plan.creditAmount).toBe(50);
    const s = await subscribe(c, { productId: plan.id, paymentPeriodicity: 'quarterly' });
    const active = await activate(c, s.id);
    expect(active.periods[0]).toMatchObject({ amount: 135 });
    expect(await balancesOf(c)).toEqual([]);
    await pay(c, active.periods[0]!.orderId!);
    // One credit of 50 € per month of the quarter.
    const credits = await balancesOf(c);
    expect(credits.map((b) => [b.kind, b.initial, b.remaining, b.expiresAt])).toEqual(
      Array(3).fill(['credit', 50, 50, null]),
    );
    await cancel(c, s.id);
    const kept = await balancesOf(c);
    expect(kept.map((b) => [b.remaining, b.movements.map((m) => [m.reason, m.delta])])).toEqual(
      Array(3).fill([50, [['granted', 50]]]),
    );
    // Refunding two of the order's three months takes back two untouched credits, as for a credit sold.
    const line = (await call(t, 'GET', `/v1/admin/orders/${active.periods[0]!.orderId}`, { token: c.token }))
      .body.data.lines[0];
    const refund = await call(t, 'POST', `/v1/admin/orders/${active.periods[0]!.orderId}/refund`, {
      token: c.token,
      payload: { lines: [{ lineId: line.id, quantity: 2 }] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect((await balancesOf(c)).map((b) => b.remaining)).toEqual([0, 0, 50]);

    // Without a credit amount, the price.
    const plain = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Saldo mensual',
      type: 'credit_subscription',
      price: 20,
      periodicity: { quantity: 1, unit: 'month' },
    });
    expect(plain.creditAmount).toBe(20);
    const other = await subscribe(c, { productId: plain.id, customerId: c.luis.id });
    await pay(c, (await activate(c, other.id)).periods[0]!.orderId!);
    expect(await balancesOf(c, c.luis.id)).toMatchObject([{ kind: 'credit', initial: 20, remaining: 20 }]);
  });
});

describe('program_subscription', () => {
  it('books the products it names free while active, on an explicit subscriptionId; refused otherwise on the field', async () => {
    const c = await grantsCompany();
    const program = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Programa yoga',
      type: 'program_subscription',
      price: 39,
      periodicity: { quantity: 1, unit: 'month' },
      packProductIds: [c.yoga.id],
    });
    expect(program.packProductIds).toEqual([c.yoga.id]);
    const s = await subscribe(c, { productId: program.id, startsAt: '2027-03-01T00:00' });
    const yoga = { productId: c.yoga.id, subscriptionId: s.id };
    // Not active yet.
    const inactive = await book(c, { ...yoga, startsAt: '2027-03-02T10:00' });
    expectError(inactive, 409, ErrorCode.subscriptionNotActive);
    expect(inactive.body.error.details).toEqual([expect.objectContaining({ field: 'subscriptionId' })]);
    await activate(c, s.id);
    // The booking drawer's offer: the customer's active programmes including the product.
    expect(await programs(c, c.ana.id, c.yoga.id)).toEqual([
      { id: s.id, productId: program.id, productName: 'Programa yoga', cancelAt: null },
    ]);
    expect(await programs(c, c.ana.id, c.massage.id)).toEqual([]);
    expect(await programs(c, c.luis.id, c.yoga.id)).toEqual([]);
    // Not before it starts.
    expectError(
      await book(c, { ...yoga, startsAt: '2027-02-28T10:00' }),
      409,
      ErrorCode.subscriptionNotActive,
    );
    const free = await booked(c, { ...yoga, startsAt: '2027-03-02T10:00' });
    expect(free).toMatchObject({
      price: 0,
      orderId: null,
      balanceId: null,
      subscriptionId: s.id,
      subscriptionName: 'Programa yoga',
    });
    const listed = await call(t, 'GET', '/v1/admin/bookings?limit=10', { token: c.token });
    expect(listed.body.data.items).toEqual([
      expect.objectContaining({ id: free.id, subscriptionName: 'Programa yoga' }),
    ]);
    // Free for its holder only: handing it to Luis is refused.
    const handed = await call(t, 'PUT', `/v1/admin/bookings/${free.id}`, {
      token: c.token,
      payload: {
        bookingCalendarId: free.bookingCalendarId,
        customerId: c.luis.id,
        startsAt: free.startsAt,
        quantity: 1,
        price: 0,
      },
    });
    expectError(handed, 409, ErrorCode.bookingPrepaidKeepsCustomer);
    // Not a product of its programme.
    const massage = await book(c, { subscriptionId: s.id, startsAt: '2027-03-02T12:00' });
    expectError(massage, 409, ErrorCode.subscriptionNotForProduct);
    expect(massage.body.error.details).toEqual([expect.objectContaining({ field: 'subscriptionId' })]);
    // Another customer's subscription, another company's, one unit only, not with a pack too.
    expect(
      failingFields(await book(c, { ...yoga, customerId: c.luis.id, startsAt: '2027-03-03T10:00' })),
    ).toEqual(['subscriptionId']);
    const foreign = await grantsCompany();
    expect(
      failingFields(
        await call(t, 'POST', '/v1/admin/bookings', {
          token: foreign.token,
          payload: {
            bookingCalendarId: foreign.calendarId,
            productId: foreign.yoga.id,
            customerId: foreign.ana.id,
            startsAt: '2027-03-03T10:00',
            subscriptionId: s.id,
          },
        }),
      ),
    ).toEqual(['subscriptionId']);
    const offer = (customerId: number, productId: number) =>
      call(t, 'GET', `/v1/admin/customers/${customerId}/program-subscriptions?productId=${productId}`, {
        token: c.token,
      });
    expectError(await offer(foreign.ana.id, c.yoga.id), 404, ErrorCode.notFound);
    expect(failingFields(await offer(c.ana.id, foreign.yoga.id))).toEqual(['productId']);
    expect(failingFields(await book(c, { ...yoga, quantity: 2, startsAt: '2027-03-03T11:00' }))).toEqual([
      'quantity',
    ]);
    expect(failingFields(await book(c, { ...yoga, balanceId: 1, startsAt: '2027-03-03T11:00' }))).toEqual([
      'subscriptionId',
    ]);
    // A subscription of another type does not make bookings free.
    const credit = await createProduct(t, c.token, {
      taxId: c.taxId,
      type: 'credit_subscription',
      price: 10,
      periodicity: { quantity: 1, unit: 'month' },
    });
    const creditSub = await subscribe(c, { productId: credit.id });
    await activate(c, creditSub.id);
    expectError(
      await book(c, { ...yoga, subscriptionId: creditSub.id, startsAt: '2027-03-03T12:00' }),
      409,
      ErrorCode.subscriptionNotForProduct,
    );
    await cancel(c, creditSub.id);
    // Not chargeable by an order: it was free.
    const charge = await call(t, 'POST', '/v1/admin/orders', {
      token: c.token,
      payload: {
        customerId: c.ana.id,
        status: 'awaiting_payment',
        paymentMethod: 'transfer',
        lines: [{ productId: c.yoga.id, quantity: 1, unitPrice: 12, discount: 0, bookingId: free.id }],
      },
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(400);

    // Cancelled at period end: free until then, not for a booking after it.
    const ending = await cancel(c, s.id, true);
    expect(ending.cancelAt).toBe(madrid('2027-04-01T00:00').toISOString());
    expect(await programs(c, c.ana.id, c.yoga.id)).toMatchObject([{ id: s.id, cancelAt: ending.cancelAt }]);
    await booked(c, { ...yoga, startsAt: '2027-03-31T10:00' });
    expectError(
      await book(c, { ...yoga, startsAt: '2027-04-01T10:00' }),
      409,
      ErrorCode.subscriptionNotActive,
    );
    // Ended: no more free bookings; the ones made stay; with them it is not deleted.
    expect(await renew(c, madrid('2027-04-01T00:00'))).toMatchObject({ cancelled: 1 });
    expectError(
      await book(c, { ...yoga, startsAt: '2027-03-20T10:00' }),
      409,
      ErrorCode.subscriptionNotActive,
    );
    expect(await programs(c, c.ana.id, c.yoga.id)).toEqual([]);
    expect(
      (await call(t, 'GET', `/v1/admin/bookings/${free.id}`, { token: c.token })).body.data,
    ).toMatchObject({
      status: 'confirmed',
      subscriptionId: s.id,
    });
    expectError(
      await call(t, 'DELETE', `/v1/admin/subscriptions/${s.id}`, { token: c.token }),
      409,
      ErrorCode.subscriptionHasBookings,
    );
  });
});
