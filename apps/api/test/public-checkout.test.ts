import { ErrorCode } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, createCalendar, createProduct, everyDay } from './factories.js';
import { buildTestApp, call, expectError, type TestApp } from './helpers.js';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe.js';

/*
 * Issue 20's hold during checkout, end to end over the public API and the local Stripe fake: parallel
 * customers after the last place get exactly one hold and no overbooking; the payment turns the hold into
 * the booking; an expired hold gives its place back (0 places lost), and a payment that comes after its
 * place was taken is refunded through the gateway, never overbooked.
 */

const testKey = 'sk_test_public_1';
const webhookSecret = 'whsec_public_test';
let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKeys: [testKey] });
  t = await buildTestApp({
    env: { STRIPE_API_URL: stripe.apiBase, PUBLIC_URL: 'https://shop.example.test' },
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** A company paid through Stripe, one calendar of `capacity` places and a product sold online on it. */
async function shop(capacity = 1) {
  const c = await company(t);
  const settings = await call(t, 'PUT', '/v1/admin/settings', {
    token: c.token,
    payload: {
      payment: { gateway: 'stripe' },
      stripe: { mode: 'test', testPublishKey: 'pk_test_x', testSecretKey: testKey, webhookSecret },
    },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const calendar = await createCalendar(t, c.token, {
    schedule: everyDay(),
    duration: 60,
    maximumConcurrentBookings: capacity,
  });
  const product = await createProduct(t, c.token, {
    taxId: c.taxId,
    name: 'Masaje',
    type: 'bookable',
    durationInMinutes: 60,
    price: 45,
    sellOnline: true,
    bookingCalendarId: calendar.id,
  });
  return { ...c, calendarId: calendar.id, productId: product.id };
}
type Shop = Awaited<ReturnType<typeof shop>>;

const base = (s: Shop) => `/v1/public/${s.code}`;
const localDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function slots(s: Shop) {
  const res = await call(t, 'GET', `${base(s)}/products/${s.productId}/availability`, {
    query: { from: localDay(2), to: localDay(3) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.days as { slots: { startsAt: string; freePlaces: number }[] }[]).flatMap(
    (d) => d.slots,
  );
}

let customers = 0;
const checkout = (s: Shop, startsAt: string, payment: Record<string, unknown> = { method: 'online' }) =>
  call(t, 'POST', `${base(s)}/checkouts`, {
    payload: {
      productId: s.productId,
      startsAt,
      quantity: 1,
      customer: { name: 'Cliente', email: `cliente${++customers}@example.es`, phone: '+34600123456' },
      language: 'es',
      payment,
    },
  });

async function placesTaken(s: Shop, startsAt: string) {
  const rows = await t.database.db.execute<{ bookings: number; holds: number }>(sql`select
    (select coalesce(sum(spaces), 0)::int from bookings where license_id = ${s.license.id}
      and starts_at = ${startsAt}::timestamptz and status = 'confirmed') as bookings,
    (select coalesce(sum(spaces), 0)::int from booking_holds where license_id = ${s.license.id}
      and starts_at = ${startsAt}::timestamptz and state = 'held' and expires_at > now()) as holds`);
  const row = (Array.isArray(rows) ? rows[0] : (rows as { rows: unknown[] }).rows[0]) as {
    bookings: number;
    holds: number;
  };
  return { bookings: Number(row.bookings), holds: Number(row.holds) };
}

/** The customer opens the payment page, pays at Stripe, and Stripe notifies. */
async function pay(s: Shop, payUrl: string) {
  const opened = await t.app.inject({ method: 'GET', url: new URL(payUrl).pathname });
  expect(opened.statusCode).toBe(303);
  const sessionId = [...stripe.sessions.keys()].at(-1)!;
  const delivery = stripe.completeSession(sessionId);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/payments/stripe/webhook/${s.license.id}`,
    payload: delivery.payload,
    headers: stripe.signedDelivery(delivery.payload, webhookSecret),
  });
  expect(res.statusCode, res.body).toBe(200);
  return sessionId;
}

const state = async (s: Shop, token: string) =>
  (await call(t, 'GET', `${base(s)}/checkouts/${token}`)).body.data;

describe('Hold during checkout', () => {
  it('20 customers after the last place: exactly one hold, the others refused, 0 overbookings', async () => {
    const s = await shop(1);
    const [first] = await slots(s);
    const startsAt = first!.startsAt;
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(s, startsAt)));
    const won = answers.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    for (const r of answers.filter((r) => r.status !== 201)) expectError(r, 409, ErrorCode.bookingFull);
    expect(won[0]!.body.data).toMatchObject({ status: 'awaiting_payment', booking: null });
    expect(won[0]!.body.data.payUrl).toMatch(/^https:\/\/shop\.example\.test\/pay\//);
    expect(await placesTaken(s, startsAt)).toEqual({ bookings: 0, holds: 1 });
    // The held place is off the public availability, and staff cannot book over it either.
    expect((await slots(s)).map((x) => x.startsAt)).not.toContain(startsAt);
    const staff = await call(t, 'GET', `/v1/admin/booking-calendars/${s.calendarId}/availability`, {
      token: s.token,
      query: { from: localDay(2), to: localDay(3), productId: String(s.productId) },
    });
    expect(staff.body.data.items.find((i: { startsAt: string }) => i.startsAt === startsAt)).toMatchObject({
      status: 'unavailable',
      freeSpaces: 0,
    });
    const customer = await call(t, 'POST', '/v1/admin/customers', {
      token: s.token,
      payload: { name: 'Mostrador' },
    });
    expectError(
      await call(t, 'POST', '/v1/admin/bookings', {
        token: s.token,
        payload: {
          bookingCalendarId: s.calendarId,
          productId: s.productId,
          customerId: customer.body.data.id,
          startsAt,
        },
      }),
      409,
      ErrorCode.bookingFull,
    );
  });

  it('the payment turns the hold into the booking, with its code; the checkout reads confirmed', async () => {
    const s = await shop(1);
    const [first] = await slots(s);
    const res = await checkout(s, first!.startsAt);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { checkout: token, payUrl } = res.body.data;
    expect(await state(s, token)).toMatchObject({ status: 'awaiting_payment', payUrl });
    await pay(s, payUrl);
    const after = await state(s, token);
    expect(after).toMatchObject({
      status: 'confirmed',
      booking: { productId: s.productId, startsAt: first!.startsAt, quantity: 1 },
    });
    expect(after.booking.bookingCode).toMatch(new RegExp(`^B1\\.${s.license.id}\\.\\d+\\.`));
    expect(await placesTaken(s, first!.startsAt)).toEqual({ bookings: 1, holds: 0 });
    // The booking is the paid order's, and its confirmation is in the outbox.
    const list = await call(t, 'GET', '/v1/admin/bookings', { token: s.token });
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0].orderStatus).toBe('paid');
    const mails = await call(t, 'GET', '/v1/admin/mails', { token: s.token });
    expect(JSON.stringify(mails.body.data.items)).toContain('booking_created');
  });

  it('an expired hold gives its place back (0 places lost); paid too late with the place taken, it is refunded', async () => {
    const s = await shop(1);
    const [first] = await slots(s);
    const startsAt = first!.startsAt;
    const late = (await checkout(s, startsAt)).body.data;
    expectError(await checkout(s, startsAt), 409, ErrorCode.bookingFull);
    // The customer walks away: the hold expires (what ten minutes would do).
    await t.database.db.execute(
      sql`update booking_holds set expires_at = now() - interval '1 minute' where license_id = ${s.license.id}`,
    );
    expect(await state(s, late.checkout)).toMatchObject({ status: 'expired', payUrl: null });
    expect((await slots(s)).find((x) => x.startsAt === startsAt)).toEqual({ startsAt, freePlaces: 1 });
    expect(await placesTaken(s, startsAt)).toEqual({ bookings: 0, holds: 0 });
    // Another customer takes the place and pays.
    const next = (await checkout(s, startsAt)).body.data;
    expect(next.status).toBe('awaiting_payment');
    await pay(s, next.payUrl);
    expect((await state(s, next.checkout)).status).toBe('confirmed');
    // The first customer pays the old link after all: no place, so the money goes back through Stripe.
    const refundsBefore = stripe.refunds.size;
    await pay(s, late.payUrl);
    await expect.poll(async () => (await state(s, late.checkout)).status, { timeout: 5000 }).toBe('failed');
    expect(stripe.refunds.size).toBe(refundsBefore + 1);
    expect(await placesTaken(s, startsAt)).toEqual({ bookings: 1, holds: 0 });
  });

  it('an expired hold paid while its place is still free is booked', async () => {
    const s = await shop(1);
    const [first] = await slots(s);
    const data = (await checkout(s, first!.startsAt)).body.data;
    await t.database.db.execute(
      sql`update booking_holds set expires_at = now() - interval '1 minute' where license_id = ${s.license.id}`,
    );
    await pay(s, data.payUrl);
    expect((await state(s, data.checkout)).status).toBe('confirmed');
    expect(await placesTaken(s, first!.startsAt)).toEqual({ bookings: 1, holds: 0 });
  });

  it('a failed payment gives the place back at once, for the next customer to book', async () => {
    const s = await shop(1);
    const [first] = await slots(s);
    const data = (await checkout(s, first!.startsAt)).body.data;
    const opened = await t.app.inject({ method: 'GET', url: new URL(data.payUrl).pathname });
    expect(opened.statusCode).toBe(303);
    const sessionId = [...stripe.sessions.keys()].at(-1)!;
    const failed = stripe.asyncFailed(sessionId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/payments/stripe/webhook/${s.license.id}`,
      payload: failed.payload,
      headers: stripe.signedDelivery(failed.payload, webhookSecret),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await state(s, data.checkout)).toMatchObject({ status: 'failed', payUrl: null });
    expect(await placesTaken(s, first!.startsAt)).toEqual({ bookings: 0, holds: 0 });
    expect((await slots(s)).find((x) => x.startsAt === first!.startsAt)).toMatchObject({ freePlaces: 1 });
    // Another customer books it; the first one's later payment finds it taken and is refunded.
    const next = (await checkout(s, first!.startsAt)).body.data;
    await pay(s, next.payUrl);
    expect((await state(s, next.checkout)).status).toBe('confirmed');
    expect(await placesTaken(s, first!.startsAt)).toEqual({ bookings: 1, holds: 0 });
  });

  it('customers and staff racing for the last place: exactly one gets it, 0 overbookings', async () => {
    const s = await shop(1);
    const [first] = await slots(s);
    const startsAt = first!.startsAt;
    const staffCustomer = await call(t, 'POST', '/v1/admin/customers', {
      token: s.token,
      payload: { name: 'Mostrador' },
    });
    const staff = () =>
      call(t, 'POST', '/v1/admin/bookings', {
        token: s.token,
        payload: {
          bookingCalendarId: s.calendarId,
          productId: s.productId,
          customerId: staffCustomer.body.data.id,
          startsAt,
        },
      });
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 ? staff() : checkout(s, startsAt))),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of answers.filter((r) => r.status !== 201)) expectError(r, 409, ErrorCode.bookingFull);
    const taken = await placesTaken(s, startsAt);
    expect(taken.bookings + taken.holds).toBe(1);
  });

  it('with two places, parallel checkouts take exactly two and availability counts the holds', async () => {
    const s = await shop(2);
    const [first] = await slots(s);
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(s, first!.startsAt)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    expect(await placesTaken(s, first!.startsAt)).toEqual({ bookings: 0, holds: 2 });
    expect((await slots(s)).map((x) => x.startsAt)).not.toContain(first!.startsAt);
  });
});
