import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type MailListItem,
  type Order,
  type Subscription,
  type SubscriptionBody,
  type SubscriptionListItem,
} from '@mostrador/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createSecretBox } from '../src/lib/secrets.js';
import { zonedToInstant } from '../src/lib/time.js';
import { subscriptionPeriods } from '../src/modules/subscriptions/subscriptions.table.js';
import { company, createCustomer, createProduct, readList } from './factories.js';
import { buildTestApp, call, createEmployee, expectError, failingFields, type TestApp } from './helpers.js';

/*
 * Subscriptions (issue 17): CRUD with the license's own customers and subscription products, activate
 * (the first period's order awaiting payment, or none during the free trial), cancel at once or at
 * period end, and the renewal job driven by a clock the test sets: one order per payment period, month
 * ends anchored, unpaid renewals cancelled after the days to pay, two runs at once charging once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function subscriptionCompany(product: Record<string, unknown> = {}) {
  const c = await company(t);
  const plan = await createProduct(t, c.token, {
    taxId: c.taxId,
    name: 'Cuota gimnasio',
    type: 'subscription',
    price: 30,
    periodicity: { quantity: 1, unit: 'month' },
    ...product,
  });
  const customer = await createCustomer(t, c.token, {
    name: 'Ana',
    surname: 'García',
    company: 'Ana SL',
    email: 'ana@example.es',
  });
  const made = { ...c, plan, customer };
  renewing(made);
  return made;
}

type Company = Awaited<ReturnType<typeof subscriptionCompany>>;

/** The renewal job at `now`, over this test's company (the other tests' subscriptions left alone). */
let renew: (now: Date) => ReturnType<TestApp['services']['subscriptionRenewals']['run']>;
const renewing = (c: Company) => {
  renew = (now) => t.services.subscriptionRenewals.run(now, { licenseId: c.license.id });
};

async function createSubscription(c: Company, overrides: Partial<SubscriptionBody> = {}) {
  const res = await call(t, 'POST', '/v1/admin/subscriptions', {
    token: c.token,
    payload: {
      customerId: c.customer.id,
      productId: c.plan.id,
      startsAt: '2027-01-31T10:00',
      paymentMethod: 'transfer',
      ...overrides,
    },
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

async function order(c: Company, id: number) {
  const res = await call(t, 'GET', `/v1/admin/orders/${id}`, { token: c.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Order;
}

/** Staff mark the order paid (a transfer received). */
async function pay(c: Company, id: number) {
  const o = await order(c, id);
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

/** The instant of a wall-clock time (YYYY-MM-DDTHH:mm) in Madrid, the companies' zone. */
const madrid = (local: string) => {
  const [year, month, day, hour, minute] = local.split(/[-T:]/).map(Number);
  return zonedToInstant({ year: year!, month: month!, day: day!, hour, minute }, 'Europe/Madrid');
};

describe('subscriptions CRUD', () => {
  it('creates an inactive subscription, lists it with the spec columns by start desc, changes and deletes it', async () => {
    const c = await subscriptionCompany();
    const first = await createSubscription(c, { startsAt: '2027-01-31' });
    expect(first).toMatchObject({
      customerName: 'Ana',
      customerSurname: 'García',
      customerCompanyName: 'Ana SL',
      status: 'inactive',
      paymentPeriodicity: 'monthly',
      paymentMethod: 'transfer',
      productName: 'Cuota gimnasio',
      startsAt: '2027-01-30T23:00:00.000Z',
      periods: [],
      nextRenewalAt: null,
    });
    const later = await createSubscription(c, { startsAt: '2027-03-01', paymentPeriodicity: 'quarterly' });
    const list = await readList<SubscriptionListItem>(t, c.token, '/v1/admin/subscriptions');
    expect(list.items.map((s) => s.id)).toEqual([later.id, first.id]);
    expect(Object.keys(list.items[0]!)).toEqual(
      expect.arrayContaining([
        'id',
        'customerName',
        'customerSurname',
        'customerCompanyName',
        'status',
        'paymentPeriodicity',
        'paymentMethod',
        'startsAt',
        'productName',
      ]),
    );
    const quarterly = await readList<SubscriptionListItem>(t, c.token, '/v1/admin/subscriptions', {
      filters: { paymentPeriodicity: { eq: 'quarterly' }, productId: { eq: c.plan.id } },
    });
    expect(quarterly.items.map((s) => s.id)).toEqual([later.id]);
    const found = await readList<SubscriptionListItem>(t, c.token, '/v1/admin/subscriptions', {
      query: 'garcía',
    });
    expect(found.total).toBe(2);

    const res = await call(t, 'PUT', `/v1/admin/subscriptions/${first.id}`, {
      token: c.token,
      payload: {
        customerId: c.customer.id,
        productId: c.plan.id,
        startsAt: '2027-02-15T09:30',
        paymentPeriodicity: 'annual',
        paymentMethod: 'online',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ paymentPeriodicity: 'annual', paymentMethod: 'online' });
    expect(res.body.data.startsAt).toBe('2027-02-15T08:30:00.000Z');

    const del = await call(t, 'DELETE', `/v1/admin/subscriptions/${first.id}`, { token: c.token });
    expect(del.status).toBe(200);
    expect((await call(t, 'GET', `/v1/admin/subscriptions/${first.id}`, { token: c.token })).status).toBe(
      404,
    );
  });

  it('refuses a product that is not a subscription, a periodicity that does not fit, bad bodies', async () => {
    const c = await subscriptionCompany();
    const regular = await createProduct(t, c.token, { taxId: c.taxId });
    const post = (payload: Record<string, unknown>) =>
      call(t, 'POST', '/v1/admin/subscriptions', {
        token: c.token,
        payload: {
          customerId: c.customer.id,
          productId: c.plan.id,
          startsAt: '2027-01-01',
          paymentMethod: 'transfer',
          ...payload,
        },
      });
    expect(failingFields(await post({ productId: regular.id }))).toEqual(['productId']);
    expectError(
      await post({ paymentPeriodicity: 'weekly' }),
      409,
      ErrorCode.subscriptionPaymentPeriodicityInvalid,
    );
    const weekly = await createProduct(t, c.token, {
      taxId: c.taxId,
      type: 'credit_subscription',
      periodicity: { quantity: 1, unit: 'week' },
    });
    expectError(
      await post({ productId: weekly.id, paymentPeriodicity: 'monthly' }),
      409,
      ErrorCode.subscriptionPaymentPeriodicityInvalid,
    );
    // Absent, the periodicity is the product's own choice, else once per service period.
    const res = await post({ productId: weekly.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.paymentPeriodicity).toBe('weekly');
    expect(failingFields(await post({ paymentMethod: 'cash' }))).toEqual(['paymentMethod']);
    expect(failingFields(await post({ startsAt: '2027-02-30' }))).toEqual(['startsAt']);
    expect(failingFields(await post({ customerId: undefined }))).toEqual(['customerId']);
  });

  it('checks the permissions on the server', async () => {
    const c = await subscriptionCompany();
    const s = await createSubscription(c);
    const reader = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'subscriptions_find' },
    ]);
    expect((await call(t, 'GET', '/v1/admin/subscriptions', { token: reader.token })).status).toBe(200);
    expect((await call(t, 'GET', `/v1/admin/subscriptions/${s.id}`, { token: reader.token })).status).toBe(
      200,
    );
    const body = {
      customerId: c.customer.id,
      productId: c.plan.id,
      startsAt: '2027-01-01',
      paymentMethod: 'transfer',
    };
    for (const [method, url, payload] of [
      ['POST', '/v1/admin/subscriptions', body],
      ['PUT', `/v1/admin/subscriptions/${s.id}`, body],
      ['DELETE', `/v1/admin/subscriptions/${s.id}`, undefined],
      ['POST', `/v1/admin/subscriptions/${s.id}/activate`, undefined],
      ['POST', `/v1/admin/subscriptions/${s.id}/cancel`, {}],
    ] as const) {
      const res = await call(t, method, url, { token: reader.token, payload });
      expectError(res, 403, ErrorCode.forbidden);
    }
    const nobody = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'customers_find' },
    ]);
    expectError(
      await call(t, 'GET', '/v1/admin/subscriptions', { token: nobody.token }),
      403,
      ErrorCode.forbidden,
    );
    // Creating needs the right to sell with its payment method too.
    const creator = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'subscriptions_create' },
      { scope: 'can_do', permission: 'subscriptions_find' },
    ]);
    expectError(
      await call(t, 'POST', '/v1/admin/subscriptions', { token: creator.token, payload: body }),
      403,
      ErrorCode.forbidden,
    );
  });

  it("keeps to its license: another license's subscription is 404, its customer or product 400", async () => {
    const mine = await subscriptionCompany();
    const other = await subscriptionCompany();
    const theirs = await createSubscription(other);
    for (const [method, url, payload] of [
      ['GET', `/v1/admin/subscriptions/${theirs.id}`, undefined],
      [
        'PUT',
        `/v1/admin/subscriptions/${theirs.id}`,
        {
          customerId: mine.customer.id,
          productId: mine.plan.id,
          startsAt: '2027-01-01',
          paymentMethod: 'transfer',
        },
      ],
      ['DELETE', `/v1/admin/subscriptions/${theirs.id}`, undefined],
      ['POST', `/v1/admin/subscriptions/${theirs.id}/activate`, undefined],
      ['POST', `/v1/admin/subscriptions/${theirs.id}/cancel`, {}],
    ] as const) {
      expectError(await call(t, method, url, { token: mine.token, payload }), 404, ErrorCode.notFound);
    }
    const list = await readList(t, mine.token, '/v1/admin/subscriptions');
    expect(list.items.map((s) => s.id)).not.toContain(theirs.id);
    const res = await call(t, 'POST', '/v1/admin/subscriptions', {
      token: mine.token,
      payload: {
        customerId: other.customer.id,
        productId: other.plan.id,
        startsAt: '2027-01-01',
        paymentMethod: 'transfer',
      },
    });
    expect(failingFields(res)).toEqual(['customerId', 'productId']);
    expect((await getSubscription(other, theirs.id)).status).toBe('inactive');
  });

  it('keeps the customer and product a subscription names', async () => {
    const c = await subscriptionCompany();
    await createSubscription(c);
    expectError(
      await call(t, 'DELETE', `/v1/admin/customers/${c.customer.id}`, { token: c.token }),
      409,
      ErrorCode.cannotDeleteCustomer,
    );
    expectError(
      await call(t, 'DELETE', `/v1/admin/products/${c.plan.id}`, { token: c.token }),
      409,
      ErrorCode.productHasSubscriptions,
    );
  });
});

describe('activate and cancel', () => {
  it("activation places the first period's order awaiting payment; an active one keeps its terms and its orders", async () => {
    const c = await subscriptionCompany();
    const s = await createSubscription(c, { paymentPeriodicity: 'quarterly' });
    const active = await activate(c, s.id);
    expect(active.status).toBe('active');
    expect(active.periods).toHaveLength(1);
    const [period] = active.periods;
    expect(period).toMatchObject({
      startsAt: madrid('2027-01-31T10:00').toISOString(),
      endsAt: madrid('2027-04-30T10:00').toISOString(),
      servicePeriods: 3,
      amount: 90,
      orderStatus: 'awaiting_payment',
    });
    // Quarterly on a monthly 30 € product: one line of 3 periods, 90 €.
    const o = await order(c, period!.orderId!);
    expect(o).toMatchObject({
      status: 'awaiting_payment',
      paymentMethod: 'transfer',
      total: 90,
      customerId: c.customer.id,
    });
    expect(o.lines).toMatchObject([{ productId: c.plan.id, quantity: 3, unitPrice: 30 }]);
    expect(active.nextRenewalAt).toBe(madrid('2027-04-30T10:00').toISOString());

    expectError(
      await call(t, 'POST', `/v1/admin/subscriptions/${s.id}/activate`, { token: c.token }),
      409,
      ErrorCode.subscriptionAlreadyActive,
    );
    const change = (payload: Record<string, unknown>) =>
      call(t, 'PUT', `/v1/admin/subscriptions/${s.id}`, {
        token: c.token,
        payload: {
          customerId: c.customer.id,
          productId: c.plan.id,
          startsAt: '2027-01-31T10:00',
          paymentPeriodicity: 'quarterly',
          paymentMethod: 'transfer',
          ...payload,
        },
      });
    expectError(await change({ paymentPeriodicity: 'monthly' }), 409, ErrorCode.subscriptionActiveLocked);
    expect((await change({ paymentMethod: 'external_billing' })).status).toBe(200);
    expectError(
      await call(t, 'DELETE', `/v1/admin/subscriptions/${s.id}`, { token: c.token }),
      409,
      ErrorCode.subscriptionActiveLocked,
    );
    // 1000043: its order stays while the subscription is active.
    expectError(
      await call(t, 'DELETE', `/v1/admin/orders/${period!.orderId}`, { token: c.token }),
      409,
      ErrorCode.orderHasActiveSubscription,
    );
    const cancelled = await call(t, 'POST', `/v1/admin/subscriptions/${s.id}/cancel`, {
      token: c.token,
      payload: { atPeriodEnd: false },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'inactive',
      cancelReason: 'cancelled',
      cancelAt: null,
    });
    expectError(
      await call(t, 'POST', `/v1/admin/subscriptions/${s.id}/cancel`, { token: c.token, payload: {} }),
      409,
      ErrorCode.subscriptionNotActive,
    );
    // Inactive, its awaiting order may go; the period stays without it.
    expect((await call(t, 'DELETE', `/v1/admin/orders/${period!.orderId}`, { token: c.token })).status).toBe(
      200,
    );
    expect((await getSubscription(c, s.id)).periods[0]!.orderId).toBeNull();
  });

  it('a free trial makes no order at activation; the first period is charged when it ends, then paid', async () => {
    const c = await subscriptionCompany({ freeSubscriptionTrialDays: 14 });
    const s = await createSubscription(c, { startsAt: '2027-03-01T00:00' });
    const active = await activate(c, s.id);
    expect(active.periods).toEqual([]);
    expect(active.trialEndsAt).toBe(madrid('2027-03-15T00:00').toISOString());
    expect(active.nextRenewalAt).toBe(madrid('2027-03-15T00:00').toISOString());
    expect(await renew(madrid('2027-03-14T23:59'))).toMatchObject({ orders: 0 });
    expect(await renew(madrid('2027-03-15T00:00'))).toMatchObject({ orders: 1 });
    const charged = await getSubscription(c, s.id);
    expect(charged.periods).toMatchObject([
      {
        startsAt: madrid('2027-03-15T00:00').toISOString(),
        endsAt: madrid('2027-04-15T00:00').toISOString(),
        amount: 30,
        orderStatus: 'awaiting_payment',
      },
    ]);
    await pay(c, charged.periods[0]!.orderId!);
    // Paid: nothing cancels it after the days to pay (5 by default).
    expect(await renew(madrid('2027-03-25T00:00'))).toMatchObject({ orders: 0, cancelled: 0 });
    const paid = await getSubscription(c, s.id);
    expect(paid).toMatchObject({ status: 'active', periods: [{ orderStatus: 'paid' }] });
  });

  it("the company's trial applies when the product has none; cancelled at period end during it, it ends with the trial", async () => {
    const c = await subscriptionCompany();
    const res = await call(t, 'PUT', '/v1/admin/settings', {
      token: c.token,
      payload: { subscriptions: { daysToPaySubscriptionRenewal: 5, freeSubscriptionTrialDays: 7 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = await createSubscription(c, { startsAt: '2027-03-25T12:00' });
    const active = await activate(c, s.id);
    // Seven days across the change to summer time: 12:00 Madrid time still.
    expect(active).toMatchObject({ trialEndsAt: madrid('2027-04-01T12:00').toISOString(), periods: [] });
    const cancelled = await call(t, 'POST', `/v1/admin/subscriptions/${s.id}/cancel`, {
      token: c.token,
      payload: { atPeriodEnd: true },
    });
    expect(cancelled.body.data).toMatchObject({ status: 'active', cancelAt: active.trialEndsAt });
    expect(await renew(madrid('2027-04-01T12:00'))).toMatchObject({ orders: 0, cancelled: 1 });
    expect(await getSubscription(c, s.id)).toMatchObject({ status: 'inactive', periods: [] });
  });

  it("reactivated, its periods start again from then, and an earlier activation's unpaid order does not end it", async () => {
    const c = await subscriptionCompany();
    const now = Date.now();
    const s = await createSubscription(c, { startsAt: new Date(now - 40 * 86_400_000).toISOString() });
    // Started 40 days ago: its first period and the one begun since are charged at once.
    expect((await activate(c, s.id)).periods).toHaveLength(2);
    // As if they had been made when their periods began.
    await t.database.db
      .update(subscriptionPeriods)
      .set({ createdAt: sql`${subscriptionPeriods.startsAt}` })
      .where(eq(subscriptionPeriods.subscriptionId, s.id));
    expect(await renew(new Date(now + 60_000))).toMatchObject({ cancelled: 1 });
    expect(await getSubscription(c, s.id)).toMatchObject({ status: 'inactive', cancelReason: 'unpaid' });
    const again = await activate(c, s.id);
    expect(again.periods).toHaveLength(3);
    expect(new Date(again.periods[0]!.startsAt).getTime()).toBeGreaterThanOrEqual(now);
    expect(again.trialEndsAt).toBeNull();
    expect(await renew(new Date(now + 2 * 86_400_000))).toMatchObject({ orders: 0, cancelled: 0 });
    expect((await getSubscription(c, s.id)).status).toBe('active');
  });

  it('cancelled at period end, it stays active and unrenewed until then, then turns inactive', async () => {
    const c = await subscriptionCompany();
    const s = await createSubscription(c, { startsAt: '2027-05-10T00:00' });
    const active = await activate(c, s.id);
    await pay(c, active.periods[0]!.orderId!);
    const res = await call(t, 'POST', `/v1/admin/subscriptions/${s.id}/cancel`, {
      token: c.token,
      payload: { atPeriodEnd: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'active',
      cancelAt: madrid('2027-06-10T00:00').toISOString(),
      nextRenewalAt: null,
    });
    expect(await renew(madrid('2027-06-09T23:00'))).toMatchObject({ orders: 0, cancelled: 0 });
    expect(await renew(madrid('2027-06-10T00:00'))).toMatchObject({ orders: 0, cancelled: 1 });
    const ended = await getSubscription(c, s.id);
    expect(ended).toMatchObject({
      status: 'inactive',
      cancelReason: 'period_end',
      cancelledAt: madrid('2027-06-10T00:00').toISOString(),
    });
    expect(ended.periods).toHaveLength(1);
  });
});

describe('renewals', () => {
  it('a year of monthly renewals from 31 January: month ends anchored, one order each, paid as they come', async () => {
    const c = await subscriptionCompany();
    const s = await createSubscription(c, { startsAt: '2027-01-31T10:00' });
    const first = await activate(c, s.id);
    await pay(c, first.periods[0]!.orderId!);
    const expected = [
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
    ];
    for (const day of expected) {
      const due = madrid(`${day}T10:00`);
      // A minute before it is due nothing happens; at its time, one order; again, nothing more.
      expect(await renew(new Date(due.getTime() - 60_000))).toMatchObject({ orders: 0, cancelled: 0 });
      expect(await renew(due)).toMatchObject({ orders: 1 });
      expect(await renew(new Date(due.getTime() + 60_000))).toMatchObject({ orders: 0 });
      const [latest] = (await getSubscription(c, s.id)).periods;
      expect(latest!.startsAt).toBe(due.toISOString());
      await pay(c, latest!.orderId!);
    }
    const year = await getSubscription(c, s.id);
    expect(year.status).toBe('active');
    expect(year.periods).toHaveLength(13);
    expect(year.periods.every((p) => p.orderStatus === 'paid' && p.amount === 30)).toBe(true);
    expect(new Set(year.periods.map((p) => p.orderId)).size).toBe(13);
    // 28 February 2027 → 31 March: the anchor's day, not the shorter month's.
    const feb = year.periods.find((p) => p.startsAt === madrid('2027-02-28T10:00').toISOString());
    expect(feb!.endsAt).toBe(madrid('2027-03-31T10:00').toISOString());
    expect(year.nextRenewalAt).toBe(madrid('2028-02-29T10:00').toISOString());
  });

  it('a renewal left unpaid beyond the days to pay cancels the subscription', async () => {
    const c = await subscriptionCompany({ daysToPaySubscriptionRenewal: 3 });
    const s = await createSubscription(c, { startsAt: '2027-01-10T00:00' });
    const first = await activate(c, s.id);
    await pay(c, first.periods[0]!.orderId!);
    expect(await renew(madrid('2027-02-10T00:00'))).toMatchObject({ orders: 1 });
    expect(await renew(madrid('2027-02-12T23:59'))).toMatchObject({ cancelled: 0 });
    expect((await getSubscription(c, s.id)).status).toBe('active');
    expect(await renew(madrid('2027-02-13T00:00'))).toMatchObject({ cancelled: 1 });
    const cancelled = await getSubscription(c, s.id);
    expect(cancelled).toMatchObject({ status: 'inactive', cancelReason: 'unpaid' });
    expect(cancelled.periods[0]!.orderStatus).toBe('awaiting_payment');
    // Inactive, it is no longer renewed.
    expect(await renew(madrid('2027-03-10T00:00'))).toMatchObject({ orders: 0 });
    expect((await getSubscription(c, s.id)).periods).toHaveLength(2);
  });

  it('two renewal runs at once place one order per period', async () => {
    const c = await subscriptionCompany();
    const s = await createSubscription(c, { startsAt: '2027-01-31T10:00' });
    const first = await activate(c, s.id);
    await pay(c, first.periods[0]!.orderId!);
    const at = madrid('2027-02-28T10:00');
    const runs = await Promise.all([renew(at), renew(at), renew(at)]);
    expect(runs.reduce((n, r) => n + r.orders, 0)).toBe(1);
    expect(runs.every((r) => r.failed === 0)).toBe(true);
    const periods = (await getSubscription(c, s.id)).periods;
    expect(periods).toHaveLength(2);
    const orders = await readList(t, c.token, '/v1/admin/orders', {
      filters: { customerId: { eq: c.customer.id } },
    });
    expect(orders.total).toBe(2);
  });

  it('two API processes on one PostgreSQL database renewing at once place one order per period', async (ctx) => {
    if (t.database.kind !== 'postgres' || !t.database.url) ctx.skip();
    // A second process: its own pool and services on the same database.
    const database = await openDatabase({ url: t.database.url! });
    const { app: other, services } = await buildApp({
      config: loadConfig({ DATA_DIR: '/nonexistent', WEB_DIST_DIR: '/nonexistent' }),
      database,
      secretBox: createSecretBox(randomBytes(32)),
    });
    try {
      const c = await subscriptionCompany({ daysToPaySubscriptionRenewal: 365 });
      const s = await createSubscription(c, { startsAt: '2027-01-31T10:00' });
      await activate(c, s.id);
      const at = madrid('2027-05-01T00:00');
      const scope = { licenseId: c.license.id };
      const runs = await Promise.all([
        t.services.subscriptionRenewals.run(at, scope),
        services.subscriptionRenewals.run(at, scope),
        t.services.subscriptionRenewals.run(at, scope),
        services.subscriptionRenewals.run(at, scope),
      ]);
      expect(runs.every((r) => r.failed === 0)).toBe(true);
      expect(runs.reduce((n, r) => n + r.orders, 0)).toBe(3);
      const periods = (await getSubscription(c, s.id)).periods;
      expect(periods.map((p) => p.startsAt)).toEqual(
        ['2027-04-30', '2027-03-31', '2027-02-28', '2027-01-31'].map((d) =>
          madrid(`${d}T10:00`).toISOString(),
        ),
      );
      const orders = await readList(t, c.token, '/v1/admin/orders', {
        filters: { customerId: { eq: c.customer.id } },
      });
      expect(orders.total).toBe(4);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('a job stopped for a while charges each missed period once when it runs again', async () => {
    const c = await subscriptionCompany({ daysToPaySubscriptionRenewal: 365 });
    const s = await createSubscription(c, { startsAt: '2027-01-15T00:00' });
    await activate(c, s.id);
    expect(await renew(madrid('2027-04-20T00:00'))).toMatchObject({ orders: 3 });
    const periods = (await getSubscription(c, s.id)).periods;
    expect(periods.map((p) => p.startsAt)).toEqual(
      ['2027-04-15', '2027-03-15', '2027-02-15', '2027-01-15'].map((d) => madrid(`${d}T00:00`).toISOString()),
    );
  });

  it("an online subscription's orders get a payment link, mailed to the customer at activation and at each renewal", async () => {
    // Online orders are paid by the gateway only: the first stays awaiting, within its days to pay.
    const c = await subscriptionCompany({ daysToPaySubscriptionRenewal: 60 });
    const settings = await call(t, 'PUT', '/v1/admin/settings', {
      token: c.token,
      payload: {
        payment: { gateway: 'stripe' },
        stripe: {
          mode: 'test',
          testPublishKey: 'pk_test_mostrador',
          testSecretKey: 'sk_test_mostrador',
          webhookSecret: 'whsec_mostrador',
        },
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const s = await createSubscription(c, { startsAt: '2027-01-31T10:00', paymentMethod: 'online' });
    const active = await activate(c, s.id);
    const first = await order(c, active.periods[0]!.orderId!);
    expect(first).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'online', total: 30 });
    const linkMails = async () =>
      (
        await readList<MailListItem>(t, c.token, '/v1/admin/mails', {
          filters: { kind: { eq: 'payment_link' } },
        })
      ).items;
    expect((await linkMails()).map((m) => m.contactEmail)).toEqual(['ana@example.es']);
    expect(await renew(madrid('2027-02-28T10:00'))).toMatchObject({ orders: 1, unmailed: 0 });
    expect(await linkMails()).toHaveLength(2);
  });
});

describe('what a subscription grants', () => {
  it('a supplier_subscription keeps its supplier active while paid and deactivates it when it ends', async () => {
    const c = await subscriptionCompany();
    const supplierRes = await call(t, 'POST', '/v1/admin/suppliers', {
      token: c.token,
      payload: { name: 'Fisioterapia Ruiz', customerId: c.customer.id },
    });
    expect(supplierRes.status, JSON.stringify(supplierRes.body)).toBe(201);
    const supplierId = supplierRes.body.data.id as number;
    const listing = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Cuota proveedor',
      type: 'supplier_subscription',
      price: 50,
      supplierId,
    });
    const supplierStatus = async () =>
      (await call(t, 'GET', `/v1/admin/suppliers/${supplierId}`, { token: c.token })).body.data.status;
    expect(await supplierStatus()).toBe('inactive');
    const s = await createSubscription(c, { productId: listing.id, startsAt: '2027-01-10T00:00' });
    const active = await activate(c, s.id);
    expect(await supplierStatus()).toBe('inactive');
    await pay(c, active.periods[0]!.orderId!);
    expect(await supplierStatus()).toBe('active');
    // A renewal left unpaid ends it, and the supplier's listing with it.
    expect(await renew(madrid('2027-02-10T00:00'))).toMatchObject({ orders: 1 });
    expect(await supplierStatus()).toBe('active');
    expect(await renew(madrid('2027-02-15T00:00'))).toMatchObject({ cancelled: 1 });
    expect(await supplierStatus()).toBe('inactive');
    // Reactivated and paid, then cancelled at once by staff.
    const again = await activate(c, s.id);
    const [latest] = again.periods;
    await pay(c, latest!.orderId!);
    expect(await supplierStatus()).toBe('active');
    const cancelled = await call(t, 'POST', `/v1/admin/subscriptions/${s.id}/cancel`, {
      token: c.token,
      payload: {},
    });
    expect(cancelled.status).toBe(200);
    expect(await supplierStatus()).toBe('inactive');
  });
});
