import { ErrorCode } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, expectError, type TestApp } from './helpers.js';
import {
  checkoutState,
  deskCustomer,
  type OnlineShop,
  onlineShop,
  openStripePage,
  payAtStripe,
  postCheckout,
  publicSlots,
  sqlRows,
  staffBooks,
  stripeNotifies,
  useStripeShopApp,
  utcDay,
} from './online-shop.js';
import type { FakeStripe } from './support/fake-stripe.js';

/*
 * Issue 20's hold during checkout, end to end over the public API and the local Stripe fake: parallel
 * customers after the last place get exactly one hold and no overbooking; the payment turns the hold into
 * the booking; an expired hold gives its place back (0 places lost), and a payment that comes after its
 * place was taken is refunded through the gateway, never overbooked.
 */

const account = { secretKey: 'sk_test_public_1', webhookSecret: 'whsec_public_test' };
let t: TestApp;
let stripe: FakeStripe;

useStripeShopApp(account, (app) => ({ t, stripe } = app));

/** A company paid through Stripe, one calendar of `capacity` places and a product sold online on it. */
const shop = (capacity = 1) => onlineShop(t, { gateway: { stripe: account }, capacity });
const slots = (s: OnlineShop) => publicSlots(t, s);
const checkout = (s: OnlineShop, startsAt: string) => postCheckout(t, s, startsAt);
const pay = (s: OnlineShop, payUrl: string) => payAtStripe(t, stripe, s, payUrl);
const state = (s: OnlineShop, token: string) => checkoutState(t, s, token);

async function placesTaken(s: OnlineShop, startsAt: string) {
  const [row] = await sqlRows<{ bookings: number; holds: number }>(
    t,
    sql`select
    (select coalesce(sum(spaces), 0)::int from bookings where license_id = ${s.license.id}
      and starts_at = ${startsAt}::timestamptz and status = 'confirmed') as bookings,
    (select coalesce(sum(spaces), 0)::int from booking_holds where license_id = ${s.license.id}
      and starts_at = ${startsAt}::timestamptz and state = 'held' and expires_at > now()) as holds`,
  );
  return { bookings: Number(row!.bookings), holds: Number(row!.holds) };
}

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
      query: { from: utcDay(2), to: utcDay(3), productId: String(s.productId) },
    });
    expect(staff.body.data.items.find((i: { startsAt: string }) => i.startsAt === startsAt)).toMatchObject({
      status: 'unavailable',
      freeSpaces: 0,
    });
    expectError(await staffBooks(t, s, startsAt, await deskCustomer(t, s)), 409, ErrorCode.bookingFull);
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
    const sessionId = await openStripePage(t, stripe, data.payUrl);
    const res = await stripeNotifies(t, stripe, s, stripe.asyncFailed(sessionId));
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
    const staffCustomer = await deskCustomer(t, s);
    const staff = () => staffBooks(t, s, startsAt, staffCustomer);
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
