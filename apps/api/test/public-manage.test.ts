import { createServer } from 'node:net';
import { ErrorCode } from '@mostrador/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerBalances } from '../src/db/schema.js';
import { publicRateLimit } from '../src/modules/public/public.routes.js';
import { createCustomer, createProduct, everyDay } from './factories.js';
import { buildTestApp, call, expectError, failingFields, type TestApp } from './helpers.js';
import {
  checkoutState,
  createCheckout,
  onlineShop,
  payAtStripe,
  postCheckout,
  sqlRows,
  staffBooks,
  useStripeShopApp,
} from './online-shop.js';
import { redsysTestMerchant } from './sales-fixtures.js';
import { type FakeRedsys, startFakeRedsys, TEST_CARDS } from './support/fake-redsys.js';
import type { FakeStripe } from './support/fake-stripe.js';

/*
 * The customer's signed link of issue 20 (`PUBLIC_URL/b/<code>` and /v1/public/{licenseCode}/bookings/
 * {code}): the booking as its customer sees it, moving it within the product's rules and the staff
 * move's checks, cancelling it in the free window (a voucher's use or pack session back, an online
 * payment refunded through the Stripe and Redsys fakes), the gateway's refusal, the races of moves on the last place, bad input,
 * other companies' codes, the rate limit and the OpenAPI document.
 */

const account = { secretKey: 'sk_test_manage_1', webhookSecret: 'whsec_manage_test' };
let t: TestApp;
let stripe: FakeStripe;

useStripeShopApp(account, (app) => ({ t, stripe } = app));

const madridDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' });
/** The company's (Madrid's) date `offsetDays` from today. */
const localDay = (offsetDays: number) => madridDate.format(new Date(Date.now() + offsetDays * 86_400_000));

/**
 * A company paid through Stripe, with a calendar open 10:00–12:00 every day (start times every
 * `slot` minutes, `capacity` places) and a 60-minute product sold online that customers may move
 * (`moves` times; null: as often as they like).
 */
/** Open 10:00–12:00. */
const tenToNoon = everyDay([{ openAt: '10:00', closedAt: '12:00' }]);

async function shop(
  options: { capacity?: number; slot?: number; canMove?: boolean; moves?: number | null } = {},
) {
  const canMove = options.canMove ?? true;
  const s = await onlineShop(t, {
    gateway: { stripe: account },
    settings: {
      companyName: 'Spa Mar',
      phone: '+34911222333',
      email: 'hola@spamar.example',
      locale: 'es',
      otherLanguages: ['en'],
      giftVouchers: { daysQuantityForAGiftVoucherExpiration: 365, numberOfBookings: 1 },
      bookings: { freeCancellationHours: 24 },
    },
    schedule: tenToNoon,
    slot: options.slot,
    capacity: options.capacity,
    product: {
      canCustomersChangeTheBookingDate: canMove,
      ...(canMove ? { howManyTimesCanCustomerRescheduleBooking: options.moves ?? null } : {}),
    },
  });
  const translated = await call(t, 'PUT', `/v1/admin/products/${s.productId}/translations`, {
    token: s.token,
    payload: [{ language: 'en', name: 'Massage' }],
  });
  expect(translated.status, JSON.stringify(translated.body)).toBe(200);
  const customer = await createCustomer(t, s.token, {
    name: 'Lucía',
    email: `lucia-${s.license.id}@example.es`,
    language: 'en',
  });
  return { ...s, customerId: customer.id };
}
type Shop = Awaited<ReturnType<typeof shop>>;

const at = (day: number, time: string) => `${localDay(day)}T${time}:00`;
const instant = (day: number, time: string) => {
  // Madrid's wall time as an instant: the API's answer for the same text.
  const d = new Date(`${localDay(day)}T${time}:00Z`);
  const offset = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', timeZoneName: 'shortOffset' })
    .formatToParts(d)
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  const hours = offset ? Number(offset) : 0;
  return new Date(d.getTime() - hours * 3_600_000).toISOString();
};

/** A booking made by staff (`extra`: a gift voucher's code…), and its signed code. */
async function staffBooking(s: Shop, startsAt: string, extra: Record<string, unknown> = {}) {
  const res = await staffBooks(t, s, startsAt, s.customerId, extra);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data.id as number;
  return { id, code: t.services.checkIn.bookingCode(s.license.id, id) };
}

const base = (s: Shop, code: string) => `/v1/public/${s.code}/bookings/${code}`;
const view = (s: Shop, code: string, query?: Record<string, string>) =>
  call(t, 'GET', base(s, code), { query });
const move = (s: Shop, code: string, startsAt: string) =>
  call(t, 'POST', `${base(s, code)}/move`, { payload: { startsAt } });
const cancel = (s: Shop, code: string) => call(t, 'POST', `${base(s, code)}/cancel`);
const staffGet = async (s: Shop, id: number) =>
  (await call(t, 'GET', `/v1/admin/bookings/${id}`, { token: s.token })).body.data;

/** Confirmed places taken at a start on the shop's calendar. */
async function placesAt(s: Shop, startsAt: string) {
  const rows = await sqlRows<{ n: number }>(
    t,
    sql`select coalesce(sum(spaces), 0)::int as n from bookings
      where license_id = ${s.license.id} and status = 'confirmed' and starts_at = ${startsAt}::timestamptz`,
  );
  return Number(rows[0]!.n);
}

/** A gift voucher of the shop's product, sold and paid by transfer. */
async function giftVoucher(s: Shop) {
  const gift = await createProduct(t, s.token, {
    taxId: s.taxId,
    name: 'Masaje regalo',
    type: 'bookable_gift',
    durationInMinutes: 60,
    price: 45,
    bookingCalendarId: s.calendarId,
    canCustomersChangeTheBookingDate: true,
  });
  const sale = await call(t, 'POST', '/v1/admin/orders', {
    token: s.token,
    payload: {
      customerId: s.customerId,
      status: 'paid',
      paymentMethod: 'transfer',
      lines: [{ productId: gift.id, quantity: 1, unitPrice: 45 }],
    },
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  const list = await call(t, 'GET', '/v1/admin/gift-vouchers', { token: s.token });
  const voucher = list.body.data.items[0] as { id: number; code: string };
  return { productId: gift.id, ...voucher };
}

/** A booking checked out online and paid at the Stripe fake: its code and order. */
async function paidOnline(s: Shop, startsAt: string) {
  const checkout = await createCheckout(t, s, startsAt, {
    customer: { name: 'Lucía', email: `lucia-${s.license.id}@example.es`, phone: '+34600123456' },
    language: 'en',
  });
  await payAtStripe(t, stripe, s, checkout.payUrl);
  const state = await checkoutState(t, s, checkout.checkout);
  expect(state.status).toBe('confirmed');
  const code = state.booking.bookingCode as string;
  const id = Number(code.split('.')[2]);
  const orders = await call(t, 'GET', '/v1/admin/orders', { token: s.token });
  const order = (orders.body.data.items as { id: number; status: string }[])[0]!;
  return { id, code, orderId: order.id };
}

async function ordersOf(s: Shop) {
  const res = await call(t, 'GET', '/v1/admin/orders', { token: s.token });
  return res.body.data.items as {
    id: number;
    status: string;
    total: number;
    originalOrderId: number | null;
  }[];
}

describe('The booking as its customer sees it', () => {
  it('answers the booking in the customer’s language, with its times in the calendar’s zone and its rules', async () => {
    const s = await shop({ moves: 2 });
    const b = await staffBooking(s, at(3, '10:00'));
    const res = await view(s, b.code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      bookingCode: b.code,
      productId: s.productId,
      productName: 'Massage',
      startsAt: instant(3, '10:00'),
      endsAt: instant(3, '11:00'),
      timeZone: 'Europe/Madrid',
      localStartsAt: `${localDay(3)}T10:00`,
      localEndsAt: `${localDay(3)}T11:00`,
      quantity: 1,
      status: 'confirmed',
      move: { allowed: true, reason: null, until: instant(3, '10:00'), movesLeft: 2, movesMade: 0 },
      cancel: {
        allowed: true,
        reason: null,
        until: new Date(Date.parse(instant(3, '10:00')) - 24 * 3_600_000).toISOString(),
        returns: 'nothing',
        refundAmount: null,
      },
      contact: { name: 'Spa Mar', phone: '+34911222333', email: 'hola@spamar.example' },
    });
    // Another language asked: its translation, else the main language's name.
    expect((await view(s, b.code, { language: 'es' })).body.data.productName).toBe('Masaje');
    expect((await view(s, b.code, { language: 'de' })).body.data.productName).toBe('Masaje');
  });

  it('is 404 for a malformed, altered, another company’s (even validly signed) code or a deleted booking', async () => {
    const s = await shop();
    const other = await shop();
    const b = await staffBooking(s, at(3, '10:00'));
    const theirs = await staffBooking(other, at(3, '10:00'));
    const last = b.code.at(-1)!;
    const altered = `${b.code.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
    const renumbered = b.code.replace(`.${b.id}.`, `.${theirs.id}.`);
    // Validly signed for this company, naming the other company's booking id.
    const signedForeignId = t.services.checkIn.bookingCode(s.license.id, theirs.id);
    for (const code of ['nope', 'B1.1.1.x', altered, renumbered, theirs.code, signedForeignId]) {
      expectError(await view(s, code), 404, ErrorCode.notFound);
      expectError(await move(s, code, at(4, '10:00')), 404, ErrorCode.notFound);
      expectError(await cancel(s, code), 404, ErrorCode.notFound);
    }
    // The other company's code under its own license is fine; under an unknown license, 404.
    expect((await view(other, theirs.code)).status).toBe(200);
    expectError(await call(t, 'GET', `/v1/public/no-such-shop/bookings/${b.code}`), 404, ErrorCode.notFound);
    // Deleted by staff: 404.
    expect((await call(t, 'DELETE', `/v1/admin/bookings/${b.id}`, { token: s.token })).status).toBe(200);
    expectError(await view(s, b.code), 404, ErrorCode.notFound);
  });

  it('names each field of bad input (400)', async () => {
    const s = await shop();
    const b = await staffBooking(s, at(3, '10:00'));
    const badLanguage = await view(s, b.code, { language: 'xx' });
    expect(failingFields(badLanguage)).toEqual(['language']);
    const badRange = await call(t, 'GET', `${base(s, b.code)}/availability`, {
      query: { from: '2030-02-30', to: 'tomorrow' },
    });
    expect(failingFields(badRange).sort()).toEqual(['from', 'to']);
    const tooLong = await call(t, 'GET', `${base(s, b.code)}/availability`, {
      query: { from: '2030-01-01', to: '2030-03-05' },
    });
    expect(failingFields(tooLong)).toEqual(['to']);
    expect(failingFields(await call(t, 'POST', `${base(s, b.code)}/move`, { payload: {} }))).toEqual([
      'startsAt',
    ]);
    expect(failingFields(await move(s, b.code, 'not-a-date-at-all'))).toEqual(['startsAt']);
    expect(failingFields(await move(s, b.code, at(3, '10:00')))).toEqual(['startsAt']);
  });
});

describe('Moving it', () => {
  it('moves within the product’s limit, counts the moves, mails the move; then no moves left (409)', async () => {
    const s = await shop({ moves: 1 });
    const b = await staffBooking(s, at(3, '10:00'));
    const moved = await move(s, b.code, at(4, '11:00'));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({
      startsAt: instant(4, '11:00'),
      localStartsAt: `${localDay(4)}T11:00`,
      move: { allowed: false, reason: 'noMovesLeft', until: null, movesLeft: 0, movesMade: 1 },
    });
    expect(await staffGet(s, b.id)).toMatchObject({ startsAt: instant(4, '11:00'), rescheduleCount: 1 });
    const mails = await call(t, 'GET', '/v1/admin/mails', { token: s.token });
    expect(JSON.stringify(mails.body.data.items)).toContain('booking_moved');
    expectError(await move(s, b.code, at(5, '10:00')), 409, ErrorCode.bookingCustomerMoveLimit);
    expectError(
      await call(t, 'GET', `${base(s, b.code)}/availability`, {
        query: { from: localDay(5), to: localDay(6) },
      }),
      409,
      ErrorCode.bookingCustomerMoveLimit,
    );
    // A staff move does not use up the customer's moves, and the view still says none are left.
    expect((await view(s, b.code)).body.data.move.movesLeft).toBe(0);
  });

  it('refuses a product whose date customers cannot change, a cancelled and a past booking (409)', async () => {
    const fixed = await shop({ canMove: false });
    const b = await staffBooking(fixed, at(3, '10:00'));
    expect((await view(fixed, b.code)).body.data.move).toEqual({
      allowed: false,
      reason: 'notAllowed',
      until: null,
      movesLeft: null,
      movesMade: 0,
    });
    expectError(await move(fixed, b.code, at(4, '10:00')), 409, ErrorCode.bookingCustomerMoveNotAllowed);

    const s = await shop();
    const past = await staffBooking(s, at(3, '10:00'));
    await t.database.db.execute(
      sql`update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour'
        where id = ${past.id}`,
    );
    expect((await view(s, past.code)).body.data.move.reason).toBe('started');
    expectError(await move(s, past.code, at(4, '10:00')), 409, ErrorCode.bookingNotChangeable);
    expectError(await cancel(s, past.code), 409, ErrorCode.bookingNotChangeable);
    const gone = await staffBooking(s, at(3, '11:00'));
    expect((await cancel(s, gone.code)).status).toBe(200);
    expectError(await move(s, gone.code, at(4, '10:00')), 409, ErrorCode.bookingNotChangeable);
    expectError(await cancel(s, gone.code), 409, ErrorCode.bookingNotChangeable);
  });

  it('applies the staff move’s checks: capacity (a live checkout hold included), notice, open times', async () => {
    const s = await shop({ capacity: 1 });
    const b = await staffBooking(s, at(3, '10:00'));
    await staffBooking(s, at(4, '10:00'));
    expectError(await move(s, b.code, at(4, '10:00')), 409, ErrorCode.bookingFull);
    // A customer paying for 11:00 holds it.
    const held = await postCheckout(t, s, at(4, '11:00'), {
      customer: { name: 'Otro', email: 'otro@example.es', phone: '+34600000000' },
    });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expectError(await move(s, b.code, at(4, '11:00')), 409, ErrorCode.bookingFull);
    expectError(await move(s, b.code, at(4, '12:00')), 409, ErrorCode.bookingOutsideOpenTime);
    expectError(await move(s, b.code, at(0, '00:00')), 409, ErrorCode.bookingInThePast);
    await call(t, 'PUT', `/v1/admin/booking-calendars/${s.calendarId}`, {
      token: s.token,
      payload: {
        name: 'Sala',
        schedule: tenToNoon,
        duration: 60,
        maximumConcurrentBookings: 1,
        minimumMinutesInAdvanceForBooking: 3 * 24 * 60,
      },
    });
    expectError(await move(s, b.code, at(1, '10:00')), 409, ErrorCode.bookingTooSoon);
    // Nothing moved.
    expect(await staffGet(s, b.id)).toMatchObject({ startsAt: instant(3, '10:00'), rescheduleCount: 0 });
  });

  it('answers the start times to move to, its own places free for itself', async () => {
    // Start times every 30 minutes, one place: the booking at 10:00–11:00 takes 10:00 and 10:30.
    const s = await shop({ capacity: 1, slot: 30 });
    const b = await staffBooking(s, at(3, '10:00'));
    await staffBooking(s, at(4, '10:00'));
    const res = await call(t, 'GET', `${base(s, b.code)}/availability`, {
      query: { from: localDay(3), to: localDay(5) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ productId: s.productId, timeZone: 'Europe/Madrid' });
    const days = res.body.data.days as { date: string; slots: { startsAt: string; freePlaces: number }[] }[];
    expect(days.map((d) => d.date)).toEqual([localDay(3), localDay(4)]);
    // Its own day: 10:30 and 11:00 (overlapping itself), not its own start; the next day only 11:00.
    expect(days[0]!.slots).toEqual([
      { startsAt: instant(3, '10:30'), freePlaces: 1 },
      { startsAt: instant(3, '11:00'), freePlaces: 1 },
    ]);
    expect(days[1]!.slots).toEqual([{ startsAt: instant(4, '11:00'), freePlaces: 1 }]);
    // The public availability, for anybody else, has nothing on its day before 11:00.
    const publicDay = await call(t, 'GET', `/v1/public/${s.code}/products/${s.productId}/availability`, {
      query: { from: localDay(3), to: localDay(4) },
    });
    expect(publicDay.body.data.days[0].slots).toEqual([{ startsAt: instant(3, '11:00'), freePlaces: 1 }]);
    const moved = await move(s, b.code, at(3, '10:30'));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await placesAt(s, instant(3, '10:30'))).toBe(1);
  });
});

describe('Cancelling it', () => {
  it('in the free window: cancelled, its gift voucher’s use back, the cancellation mailed', async () => {
    const s = await shop();
    const voucher = await giftVoucher(s);
    const res = await call(t, 'POST', '/v1/admin/bookings', {
      token: s.token,
      payload: {
        bookingCalendarId: s.calendarId,
        productId: voucher.productId,
        customerId: s.customerId,
        startsAt: at(3, '10:00'),
        giftVoucherCode: voucher.code,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const code = t.services.checkIn.bookingCode(s.license.id, res.body.data.id);
    const used = await call(t, 'GET', `/v1/admin/gift-vouchers/${voucher.id}`, { token: s.token });
    expect(used.body.data.numberOfAvailableBookings).toBe(0);
    expect((await view(s, code)).body.data.cancel).toMatchObject({
      allowed: true,
      returns: 'giftVoucherUse',
    });
    const cancelled = await cancel(s, code);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      returned: 'giftVoucherUse',
      refundedAmount: null,
      booking: { status: 'cancelled', cancel: { allowed: false, reason: 'cancelled' } },
    });
    const back = await call(t, 'GET', `/v1/admin/gift-vouchers/${voucher.id}`, { token: s.token });
    expect(back.body.data.numberOfAvailableBookings).toBe(1);
    expect((await staffGet(s, res.body.data.id)).status).toBe('cancelled');
    const mails = await call(t, 'GET', '/v1/admin/mails', { token: s.token });
    expect(JSON.stringify(mails.body.data.items)).toContain('booking_cancelled');
  });

  it('in the free window: a pack’s session comes back', async () => {
    const s = await shop();
    const pack = await createProduct(t, s.token, {
      taxId: s.taxId,
      name: '5 masajes',
      type: 'pack',
      price: 200,
      packSessions: 5,
      packProductIds: [s.productId],
    });
    const [balance] = await t.database.db
      .insert(customerBalances)
      .values({
        licenseId: s.license.id,
        customerId: s.customerId,
        productId: pack.id,
        kind: 'pack',
        initial: 5,
        remaining: 5,
      })
      .returning();
    const remaining = async () =>
      (await t.database.db.select().from(customerBalances).where(eq(customerBalances.id, balance!.id)))[0]!
        .remaining;
    const b = await staffBooking(s, at(3, '10:00'), { balanceId: balance!.id });
    expect(await remaining()).toBe(4);
    expect((await view(s, b.code)).body.data.cancel).toMatchObject({ allowed: true, returns: 'packSession' });
    const res = await cancel(s, b.code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.returned).toBe('packSession');
    expect(await remaining()).toBe(5);
  });

  it('after the window: 409 with the company’s phone and email, nothing changed', async () => {
    const s = await shop();
    const b = await staffBooking(s, at(3, '10:00'));
    await call(t, 'PUT', '/v1/admin/settings', {
      token: s.token,
      payload: { bookings: { freeCancellationHours: 24 * 7 } },
    });
    expect((await view(s, b.code)).body.data.cancel).toMatchObject({ allowed: false, reason: 'tooLate' });
    const late = await cancel(s, b.code);
    expectError(late, 409, ErrorCode.bookingCancelTooLate);
    expect(late.body.error.details).toEqual({
      name: 'Spa Mar',
      phone: '+34911222333',
      email: 'hola@spamar.example',
    });
    expect((await staffGet(s, b.id)).status).toBe('confirmed');
  });

  it('paid online: refunded through Stripe by a refund order, the booking kept cancelled', async () => {
    const s = await shop();
    const b = await paidOnline(s, instant(3, '10:00'));
    expect((await view(s, b.code)).body.data.cancel).toMatchObject({
      allowed: true,
      returns: 'onlineRefund',
      refundAmount: 45,
    });
    const refundsBefore = stripe.refunds.size;
    const res = await cancel(s, b.code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      returned: 'onlineRefund',
      refundedAmount: 45,
      booking: { status: 'cancelled' },
    });
    expect(stripe.refunds.size).toBe(refundsBefore + 1);
    const refund = [...stripe.refunds.values()].at(-1)!;
    expect(refund.amount).toBe(4500);
    const orders = await ordersOf(s);
    expect(orders.find((o) => o.id === b.orderId)?.status).toBe('refunded');
    expect(orders.find((o) => o.originalOrderId === b.orderId)).toMatchObject({
      status: 'paid',
      amount: -45,
      paymentMethod: 'online',
    });
    // The booking stays on record, cancelled, its place free again.
    expect((await staffGet(s, b.id)).status).toBe('cancelled');
    expect(await placesAt(s, instant(3, '10:00'))).toBe(0);
    // Once more: it is cancelled already.
    expectError(await cancel(s, b.code), 409, ErrorCode.bookingNotChangeable);
    expect(stripe.refunds.size).toBe(refundsBefore + 1);
  });

  it('the gateway’s refusal leaves everything as it was', async () => {
    const s = await shop();
    const b = await paidOnline(s, instant(3, '10:00'));
    const refundsBefore = stripe.refunds.size;
    stripe.failNextRefund('charge_disputed', 'The charge is disputed.');
    const res = await cancel(s, b.code);
    expectError(res, 409, ErrorCode.paymentGatewayRefused);
    expect(stripe.refunds.size).toBe(refundsBefore);
    expect((await staffGet(s, b.id)).status).toBe('confirmed');
    const orders = await ordersOf(s);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe('paid');
    expect(await placesAt(s, instant(3, '10:00'))).toBe(1);
    // Tried again, the gateway agrees.
    expect((await cancel(s, b.code)).status).toBe(200);
  });

  it('a booking sold in an order paid at the desk is not cancelled online (409, whom to call)', async () => {
    const s = await shop();
    const sale = await call(t, 'POST', '/v1/admin/orders', {
      token: s.token,
      payload: {
        customerId: s.customerId,
        status: 'paid',
        paymentMethod: 'transfer',
        lines: [
          {
            productId: s.productId,
            quantity: 1,
            unitPrice: 45,
            booking: { bookingCalendarId: s.calendarId, startsAt: at(3, '10:00') },
          },
        ],
      },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const bookings = await call(t, 'GET', '/v1/admin/bookings', { token: s.token });
    const id = bookings.body.data.items[0].id as number;
    const code = t.services.checkIn.bookingCode(s.license.id, id);
    expect((await view(s, code)).body.data.cancel).toMatchObject({ allowed: false, reason: 'notPaidOnline' });
    expectError(await cancel(s, code), 409, ErrorCode.bookingCancelNotOnline);
    expect((await staffGet(s, id)).status).toBe('confirmed');
  });
});

describe('Races', () => {
  it('two parallel moves of one booking allowed one move: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await shop({ capacity: 2, moves: 1 });
      const b = await staffBooking(s, at(3, '10:00'));
      const answers = await Promise.all([move(s, b.code, at(4, '10:00')), move(s, b.code, at(5, '11:00'))]);
      const won = answers.filter((r) => r.status === 200);
      expect(won, JSON.stringify(answers.map((r) => r.body))).toHaveLength(1);
      const lost = answers.find((r) => r.status !== 200)!;
      expectError(lost, 409, ErrorCode.bookingCustomerMoveLimit);
      const booking = await staffGet(s, b.id);
      expect(booking.startsAt).toBe(won[0]!.body.data.startsAt);
      expect(booking.rescheduleCount).toBe(1);
      expect((await view(s, b.code)).body.data.move.movesMade).toBe(1);
    }
  });

  it('two bookings moved to the last place at once: one gets it, no overbooking', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await shop({ capacity: 1 });
      const a = await staffBooking(s, at(3, '10:00'));
      const b = await staffBooking(s, at(3, '11:00'));
      const answers = await Promise.all([move(s, a.code, at(4, '10:00')), move(s, b.code, at(4, '10:00'))]);
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expectError(answers.find((r) => r.status !== 200)!, 409, ErrorCode.bookingFull);
      expect(await placesAt(s, instant(4, '10:00'))).toBe(1);
    }
  });

  it('a move racing a staff booking of the last place: one of them, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const s = await shop({ capacity: 1 });
      const b = await staffBooking(s, at(3, '10:00'));
      const [moved, booked] = await Promise.all([
        move(s, b.code, at(4, '10:00')),
        staffBooks(t, s, at(4, '10:00'), s.customerId),
      ]);
      const won = [moved.status === 200, booked.status === 201].filter(Boolean);
      expect(won, JSON.stringify([moved.body, booked.body])).toHaveLength(1);
      if (moved.status !== 200) expectError(moved, 409, ErrorCode.bookingFull);
      if (booked.status !== 201) expectError(booked, 409, ErrorCode.bookingFull);
      expect(await placesAt(s, instant(4, '10:00'))).toBe(1);
    }
  });
});

describe('Races of cancels', () => {
  it('two parallel cancels of a booking paid online: one refund, one 409', async () => {
    const s = await shop();
    const b = await paidOnline(s, instant(3, '10:00'));
    const refundsBefore = stripe.refunds.size;
    const answers = await Promise.all([cancel(s, b.code), cancel(s, b.code)]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expectError(answers.find((r) => r.status !== 200)!, 409, ErrorCode.bookingNotChangeable);
    expect(stripe.refunds.size).toBe(refundsBefore + 1);
    expect((await ordersOf(s)).filter((o) => o.originalOrderId === b.orderId)).toHaveLength(1);
  });
});

describe('The link and the API around it', () => {
  it('/b/<code> sends a valid code to the widget’s manage view; any other gets a page in the browser’s language', async () => {
    const s = await shop();
    const b = await staffBooking(s, at(3, '10:00'));
    const ok = await t.app.inject({ method: 'GET', url: `/b/${b.code}` });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(
      `/widget/${encodeURIComponent(s.code)}?manage=${encodeURIComponent(b.code)}`,
    );
    const altered = `${b.code.slice(0, -1)}${b.code.at(-1) === 'A' ? 'B' : 'A'}`;
    const de = await t.app.inject({
      method: 'GET',
      url: `/b/${altered}`,
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(de.statusCode).toBe(404);
    expect(de.headers['content-type']).toContain('text/html');
    expect(de.headers['content-security-policy']).toContain("default-src 'none'");
    expect(de.body).toContain('<html lang="de"');
    expect(de.body).toContain('Dieser Buchungslink ist nicht gültig');
    const fallback = await t.app.inject({
      method: 'GET',
      url: '/b/nonsense',
      headers: { 'accept-language': 'ja' },
    });
    expect(fallback.statusCode).toBe(404);
    expect(fallback.body).toContain('This booking link is not valid');
    // A switched-off company's links lead nowhere.
    await t.database.db.execute(sql`update licenses set status = 'inactive' where id = ${s.license.id}`);
    expect((await t.app.inject({ method: 'GET', url: `/b/${b.code}` })).statusCode).toBe(404);
  });

  it('is rate limited per address and company as the rest of the public API', async () => {
    const s = await shop();
    const b = await staffBooking(s, at(3, '10:00'));
    const get = (ip: string) => t.app.inject({ method: 'GET', url: base(s, b.code), remoteAddress: ip });
    const statuses: number[] = [];
    for (let i = 0; i < publicRateLimit.max; i++) statuses.push((await get('10.0.9.1')).statusCode);
    expect(statuses.every((x) => x === 200)).toBe(true);
    const limited = await get('10.0.9.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe(ErrorCode.tooManyAttempts);
    expect((await get('10.0.9.2')).statusCode).toBe(200);
  });

  it('answers CORS for the company’s sites, and is documented under the public tag', async () => {
    const s = await shop();
    await call(t, 'PUT', '/v1/admin/settings', {
      token: s.token,
      payload: { widgetUrl: 'https://widget.spamar.example/book' },
    });
    const b = await staffBooking(s, at(3, '10:00'));
    const res = await t.app.inject({
      method: 'POST',
      url: `${base(s, b.code)}/cancel`,
      headers: { origin: 'https://widget.spamar.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://widget.spamar.example');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `${base(s, b.code)}/move`,
      headers: { origin: 'https://widget.spamar.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://widget.spamar.example');

    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const path = '/v1/public/{licenseCode}/bookings/{code}';
    const operations = [
      doc.paths[path].get,
      doc.paths[`${path}/availability`].get,
      doc.paths[`${path}/move`].post,
      doc.paths[`${path}/cancel`].post,
    ];
    for (const op of operations) {
      expect(op.tags).toEqual(['public']);
      expect(op.security).toEqual([]);
      expect(Object.keys(op.responses)).toContain('429');
    }
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/b/'))).toBe(false);
  });
});

describe('Paid through Redsys', () => {
  // Redsys notifies the product over HTTP: an app of its own, listening on a port.
  let r: TestApp;
  let redsys: FakeRedsys;
  let publicUrl: string;
  beforeAll(async () => {
    redsys = await startFakeRedsys([
      {
        fuc: redsysTestMerchant.fuc,
        terminal: redsysTestMerchant.terminal,
        secretKey: redsysTestMerchant.key,
      },
    ]);
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
      server.on('error', reject);
    });
    publicUrl = `http://127.0.0.1:${port}`;
    r = await buildTestApp({ env: { PUBLIC_URL: publicUrl } });
    await r.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await r?.close();
    await redsys?.close();
  });

  it('a cancel in the window is refunded through Redsys REST; its refusal leaves everything', async () => {
    const c = await onlineShop(r, { gateway: { redsys: redsys.redirectUrl }, schedule: tenToNoon });
    const checkout = await createCheckout(r, c, at(3, '10:00'), {
      customer: { name: 'Lucía', email: 'lucia@example.es', phone: '+34600123456' },
    });
    const page = await (await fetch(checkout.payUrl)).text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '';
    const paid = await redsys.pay(
      {
        Ds_SignatureVersion: field('Ds_SignatureVersion'),
        Ds_MerchantParameters: field('Ds_MerchantParameters'),
        Ds_Signature: field('Ds_Signature'),
      },
      TEST_CARDS.ok,
    );
    expect(paid.notificationStatus).toBe(200);
    const state = await checkoutState(r, c, checkout.checkout);
    expect(state.status).toBe('confirmed');
    const code = state.booking.bookingCode as string;
    const bookingId = Number(code.split('.')[2]);
    const orders = async () =>
      (await call(r, 'GET', '/v1/admin/orders', { token: c.token })).body.data.items as {
        id: number;
        status: string;
        amount: number;
        originalOrderId: number | null;
      }[];
    const [order] = await orders();
    const cancelIt = () => call(r, 'POST', `/v1/public/${c.code}/bookings/${code}/cancel`);

    redsys.failNext('SIS0062');
    const refused = await cancelIt();
    expectError(refused, 409, ErrorCode.paymentGatewayRefused);
    expect(await orders()).toMatchObject([{ id: order!.id, status: 'paid' }]);
    const still = await call(r, 'GET', `/v1/admin/bookings/${bookingId}`, { token: c.token });
    expect(still.body.data.status).toBe('confirmed');

    const done = await cancelIt();
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ returned: 'onlineRefund', refundedAmount: 45 });
    const after = await orders();
    expect(after.find((o) => o.id === order!.id)?.status).toBe('refunded');
    expect(after.find((o) => o.originalOrderId === order!.id)).toMatchObject({ status: 'paid', amount: -45 });
    const payment = await call(r, 'GET', `/v1/admin/orders/${order!.id}/payment`, { token: c.token });
    expect(
      (payment.body.data.attempts as { kind: string; status: string }[])
        .filter((a) => a.kind === 'refund')
        .map((a) => a.status),
    ).toEqual(['failed', 'succeeded']);
    const cancelled = await call(r, 'GET', `/v1/admin/bookings/${bookingId}`, { token: c.token });
    expect(cancelled.body.data.status).toBe('cancelled');
  });
});
