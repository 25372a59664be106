import { type CheckInResult, ErrorCode, type GiftVoucherListItem } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftVouchers } from '../src/modules/gift-vouchers/gift-vouchers.table.js';
import {
  bookable,
  company,
  createBooking,
  createCalendar,
  createCustomer,
  createProduct,
  everyDay,
  readList,
} from './factories.js';
import { buildTestApp, call, createEmployee, expectError, failingFields, type TestApp } from './helpers.js';

/*
 * QR check-in: a booking's signed code or a gift voucher's code, scanned or typed, looked up in the
 * caller's company (another company's valid code says so and shows nothing); a booking marked attended
 * through the bookings service, refused when cancelled or marked already; permissions per kind.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

/** A company with a calendar, a bookable product, a gift card of one booking, a customer and a booking. */
async function desk() {
  const c = await company(t);
  const calendar = await createCalendar(t, c.token, { name: 'Cabina 1', schedule: everyDay(), duration: 30 });
  const product = await createProduct(t, c.token, { taxId: c.taxId, ...bookable(60), name: 'Masaje' });
  const gift = await createProduct(t, c.token, {
    taxId: c.taxId,
    name: 'Masaje regalo',
    type: 'bookable_gift',
    price: 60,
    durationInMinutes: 60,
    bookingCalendarId: calendar.id,
  });
  const customer = await createCustomer(t, c.token, {
    name: 'Lucía',
    surname: 'Martín',
    email: 'lucia@example.es',
    phone: '+34689921849',
  });
  const booking = await createBooking(t, c.token, {
    bookingCalendarId: calendar.id,
    productId: product.id,
    customerId: customer.id,
    startsAt: '2027-05-10T10:00',
    quantity: 1,
  });
  const licenseId = c.license.id;
  const code = t.services.checkIn.bookingCode(licenseId, booking.id);
  return { ...c, licenseCode: c.code, licenseId, calendar, product, gift, customer, booking, code };
}
type Desk = Awaited<ReturnType<typeof desk>>;

/** Sells `quantity` gift vouchers to the customer (paid by transfer); answers their list, oldest first. */
async function vouchers(d: Desk, quantity = 1) {
  const res = await call(t, 'POST', '/v1/admin/orders', {
    token: d.token,
    payload: {
      customerId: d.customer.id,
      status: 'paid',
      paymentMethod: 'transfer',
      lines: [{ productId: d.gift.id, quantity, unitPrice: 60 }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const list = await readList<GiftVoucherListItem>(t, d.token, '/v1/admin/gift-vouchers', {
    orders: { id: 'asc' },
  });
  return { orderId: res.body.data.id as number, items: list.items };
}

const lookup = (token: string, code: unknown) =>
  call(t, 'POST', '/v1/admin/check-in/lookups', { token, payload: { code } });
const attend = (token: string, code: unknown) =>
  call(t, 'POST', '/v1/admin/check-in/attendances', { token, payload: { code } });

function resultOf(res: Awaited<ReturnType<typeof call>>): CheckInResult {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('a booking', () => {
  it('is found by its code, bare or inside the customer link, with what the desk needs', async () => {
    const d = await desk();
    const found = resultOf(await lookup(d.token, d.code));
    expect(found).toEqual({
      kind: 'booking',
      booking: {
        id: d.booking.id,
        startsAt: d.booking.startsAt,
        endsAt: d.booking.endsAt,
        product: { id: d.product.id, name: 'Masaje' },
        calendar: { id: d.calendar.id, name: 'Cabina 1' },
        customer: {
          id: d.customer.id,
          name: 'Lucía Martín',
          email: 'lucia@example.es',
          phone: '+34689921849',
        },
        quantity: 1,
        status: 'confirmed',
        attended: null,
        refusal: null,
      },
    });
    const link = resultOf(await lookup(d.token, ` https://reservas.example.es/b/${d.code}?lang=es `));
    expect(link).toEqual(found);
  });

  it('is marked attended once; a second scan says it is marked already', async () => {
    const d = await desk();
    const marked = resultOf(await attend(d.token, d.code));
    expect(marked.kind === 'booking' && marked.booking).toMatchObject({
      id: d.booking.id,
      attended: true,
      refusal: 'bookingAlreadyAttended',
    });
    // Through the bookings module: the booking's own record says so.
    const record = await call(t, 'GET', `/v1/admin/bookings/${d.booking.id}`, { token: d.token });
    expect(record.body.data.attended).toBe(true);
    const again = resultOf(await lookup(d.token, d.code));
    expect(again.kind === 'booking' && again.booking.refusal).toBe('bookingAlreadyAttended');
    expectError(await attend(d.token, d.code), 409, ErrorCode.bookingAlreadyAttended);
  });

  it('marked unattended before, is marked attended (a late arrival)', async () => {
    const d = await desk();
    await call(t, 'POST', `/v1/admin/bookings/${d.booking.id}/unattended`, { token: d.token });
    const found = resultOf(await lookup(d.token, d.code));
    expect(found.kind === 'booking' && found.booking).toMatchObject({ attended: false, refusal: null });
    const marked = resultOf(await attend(d.token, d.code));
    expect(marked.kind === 'booking' && marked.booking.attended).toBe(true);
  });

  it('cancelled, is shown with the reason and not marked attended', async () => {
    const d = await desk();
    const cancelled = await call(t, 'PUT', `/v1/admin/bookings/${d.booking.id}`, {
      token: d.token,
      payload: {
        bookingCalendarId: d.calendar.id,
        customerId: d.customer.id,
        startsAt: d.booking.startsAt,
        quantity: 1,
        price: d.booking.price,
        status: 'cancelled',
      },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const found = resultOf(await lookup(d.token, d.code));
    expect(found.kind === 'booking' && found.booking).toMatchObject({
      status: 'cancelled',
      refusal: 'bookingCancelledNotAttended',
    });
    expectError(await attend(d.token, d.code), 409, ErrorCode.bookingCancelledNotAttended);
    const record = await call(t, 'GET', `/v1/admin/bookings/${d.booking.id}`, { token: d.token });
    expect(record.body.data.attended).toBeNull();
  });

  it('deleted, is not found', async () => {
    const d = await desk();
    const removed = await call(t, 'DELETE', `/v1/admin/bookings/${d.booking.id}`, { token: d.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expectError(await lookup(d.token, d.code), 404, ErrorCode.notFound);
    expectError(await attend(d.token, d.code), 404, ErrorCode.notFound);
  });
});

describe('a gift voucher', () => {
  it('is found by its code however typed, with its uses, expiry and buyer', async () => {
    const d = await desk();
    const [v] = (await vouchers(d)).items;
    const typed = ` ${v!.code.replaceAll('-', ' ').toLowerCase()} `;
    const found = resultOf(await lookup(d.token, typed));
    expect(found).toEqual({
      kind: 'giftVoucher',
      giftVoucher: {
        id: v!.id,
        code: v!.code,
        product: { id: d.gift.id, name: 'Masaje regalo', bookingCalendarId: d.calendar.id },
        status: 'active',
        maximumBookings: 1,
        usedBookings: 0,
        availableBookings: 1,
        expiresAt: v!.expiresAt,
        customer: { id: d.customer.id, name: 'Lucía Martín' },
        bookingAhead: null,
        refusal: null,
      },
    });
  });

  it('says why it cannot pay a booking: one ahead, used up, expired, cancelled by a refund', async () => {
    const d = await desk();
    const { orderId, items } = await vouchers(d, 3);
    const [used, refunded, expired] = items as [
      GiftVoucherListItem,
      GiftVoucherListItem,
      GiftVoucherListItem,
    ];
    const booked = await createBooking(t, d.token, {
      bookingCalendarId: d.calendar.id,
      productId: d.gift.id,
      customerId: d.customer.id,
      startsAt: '2027-06-01T10:00',
      giftVoucherCode: used.code,
    });
    const ahead = resultOf(await lookup(d.token, used.code));
    expect(ahead.kind === 'giftVoucher' && ahead.giftVoucher).toMatchObject({
      status: 'exhausted',
      usedBookings: 1,
      availableBookings: 0,
      bookingAhead: { id: booked.id, startsAt: booked.startsAt },
      refusal: 'giftVoucherExhausted',
    });

    await t.database.db
      .update(giftVouchers)
      .set({ createdAt: new Date(Date.now() - 400 * DAY), expiresAt: new Date(Date.now() - DAY) })
      .where(eq(giftVouchers.id, expired.id));
    const old = resultOf(await lookup(d.token, expired.code));
    expect(old.kind === 'giftVoucher' && old.giftVoucher).toMatchObject({
      status: 'expired',
      refusal: 'giftVoucherExpired',
    });

    const order = await call(t, 'GET', `/v1/admin/orders/${orderId}`, { token: d.token });
    const lineId = order.body.data.lines[0].id as number;
    const refund = await call(t, 'POST', `/v1/admin/orders/${orderId}/refund`, {
      token: d.token,
      payload: { lines: [{ lineId, quantity: 1 }] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const voided = resultOf(await lookup(d.token, refunded.code));
    expect(voided.kind === 'giftVoucher' && voided.giftVoucher).toMatchObject({
      status: 'cancelled',
      availableBookings: 0,
      refusal: 'giftVoucherVoided',
    });
  });

  it('with two bookings, one of them ahead, says it pays one booking at a time', async () => {
    const d = await desk();
    await call(t, 'PUT', '/v1/admin/settings', {
      token: d.token,
      payload: { giftVouchers: { daysQuantityForAGiftVoucherExpiration: 365, numberOfBookings: 2 } },
    });
    const [v] = (await vouchers(d)).items;
    await createBooking(t, d.token, {
      bookingCalendarId: d.calendar.id,
      productId: d.gift.id,
      customerId: d.customer.id,
      startsAt: '2027-06-02T10:00',
      giftVoucherCode: v!.code,
    });
    const found = resultOf(await lookup(d.token, v!.code));
    expect(found.kind === 'giftVoucher' && found.giftVoucher).toMatchObject({
      status: 'active',
      availableBookings: 1,
      refusal: 'giftVoucherSingleUse',
    });
  });

  it('a code of the right shape that no voucher has is not found; a voucher code is no booking to attend', async () => {
    const d = await desk();
    expectError(await lookup(d.token, 'ACDE-FGHJ-KMNP'), 404, ErrorCode.notFound);
    const [v] = (await vouchers(d)).items;
    expectError(await attend(d.token, v!.code), 400, ErrorCode.checkInUnknownCode);
  });
});

describe('another company', () => {
  it('a valid code of another company says so and shows nothing of it', async () => {
    const mine = await desk();
    const theirs = await desk();
    const [theirVoucher] = (await vouchers(theirs)).items;
    for (const code of [theirs.code, theirVoucher!.code]) {
      const res = await lookup(mine.token, code);
      expectError(res, 409, ErrorCode.checkInOtherCompany);
      expect(JSON.stringify(res.body)).not.toContain('Lucía');
      expect(res.body.data).toBeUndefined();
    }
    expectError(await attend(mine.token, theirs.code), 409, ErrorCode.checkInOtherCompany);
    const record = await call(t, 'GET', `/v1/admin/bookings/${theirs.booking.id}`, { token: theirs.token });
    expect(record.body.data.attended).toBeNull();
  });

  it('a code with the other company’s number but this booking’s signature is no code', async () => {
    const mine = await desk();
    const theirs = await desk();
    const signature = mine.code.split('.')[3];
    const forged = `B1.${theirs.licenseId}.${mine.booking.id}.${signature}`;
    expectError(await lookup(mine.token, forged), 400, ErrorCode.checkInUnknownCode);
    expectError(await attend(mine.token, forged), 400, ErrorCode.checkInUnknownCode);
  });
});

describe('bad input', () => {
  it('garbage, altered codes and malformed bodies are 4xx', async () => {
    const d = await desk();
    for (const code of [
      'hola',
      'https://example.com/menu',
      // The signature's last character changed (never to itself).
      `${d.code.slice(0, -1)}${d.code.endsWith('x') ? 'y' : 'x'}`,
      'B1.1.1.short',
      '12345',
    ]) {
      expectError(await lookup(d.token, code), 400, ErrorCode.checkInUnknownCode);
      expectError(await attend(d.token, code), 400, ErrorCode.checkInUnknownCode);
    }
    expect(failingFields(await lookup(d.token, ''))).toEqual(['code']);
    expect(failingFields(await lookup(d.token, '   '))).toEqual(['code']);
    expect(failingFields(await lookup(d.token, 42))).toEqual(['code']);
    expect(failingFields(await lookup(d.token, 'x'.repeat(501)))).toEqual(['code']);
    expect(failingFields(await attend(d.token, undefined))).toEqual(['code']);
  });
});

describe('permissions', () => {
  it('the lookup needs the kind’s find permission; attending needs bookings_edit', async () => {
    const d = await desk();
    const [v] = (await vouchers(d)).items;
    const employee = (permissions: string[]) =>
      createEmployee(
        t,
        d.licenseCode,
        d.token,
        permissions.map((permission) => ({ scope: 'can_do' as const, permission })),
      );
    const bookingsOnly = await employee(['bookings_find']);
    const vouchersOnly = await employee(['giftVouchers_find']);
    const desk2 = await employee(['bookings_find', 'bookings_edit']);
    const none = await employee(['customers_find']);

    expect(resultOf(await lookup(bookingsOnly.token, d.code)).kind).toBe('booking');
    expectError(await lookup(bookingsOnly.token, v!.code), 403, ErrorCode.forbidden);
    expect(resultOf(await lookup(vouchersOnly.token, v!.code)).kind).toBe('giftVoucher');
    expectError(await lookup(vouchersOnly.token, d.code), 403, ErrorCode.forbidden);
    expectError(await lookup(none.token, d.code), 403, ErrorCode.forbidden);

    expectError(await attend(bookingsOnly.token, d.code), 403, ErrorCode.forbidden);
    expect(resultOf(await attend(desk2.token, d.code)).kind).toBe('booking');
    expectError(await lookup(undefined as never, d.code), 401, ErrorCode.unauthenticated);
  });
});

describe('codes', () => {
  it('the service reads back the code it makes; the mail’s QR carries that code', async () => {
    const d = await desk();
    const code = t.services.checkIn.bookingCode(d.licenseId, 77);
    expect(t.services.checkIn.readBookingCode(code)).toEqual({ licenseId: d.licenseId, bookingId: 77 });
  });
});
