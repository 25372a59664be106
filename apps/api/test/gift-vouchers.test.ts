import {
  ErrorCode,
  type GiftVoucher,
  type GiftVoucherListItem,
  giftVoucherCodePattern,
} from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftVouchers } from '../src/modules/gift-vouchers/gift-vouchers.table.js';
import { company, createCalendar, createCustomer, createProduct, everyDay, readList } from './factories.js';
import { buildTestApp, call, createEmployee, expectError, type TestApp } from './helpers.js';

/*
 * Gift vouchers: issued by a paid sale of a bookable_gift product (one per unit, mailed to the buyer),
 * listed, changed and deleted by staff, and redeemed by a booking (price 0, no order) under the calendar's
 * lock, one use coming back when the booking goes in time.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

async function giftCompany(settings: { days?: number; bookings?: number } = {}) {
  const c = await company(t);
  const { token } = c;
  const calendarId = (await createCalendar(t, token, { name: 'Sala', schedule: everyDay(), duration: 30 }))
    .id;
  const gift = await createProduct(t, token, {
    taxId: c.taxId,
    name: 'Circuito spa regalo',
    type: 'bookable_gift',
    price: 60,
    durationInMinutes: 60,
    bookingCalendarId: calendarId,
  });
  const other = await createProduct(t, token, {
    taxId: c.taxId,
    name: 'Masaje',
    type: 'bookable',
    price: 45,
    durationInMinutes: 60,
  });
  const buyer = await createCustomer(t, token, {
    name: 'Ana',
    surname: 'García',
    email: 'ana@example.es',
    language: 'en',
  });
  const friend = await createCustomer(t, token, { name: 'Luis', surname: 'Pérez' });
  const res = await call(t, 'PUT', '/v1/admin/settings', {
    token,
    payload: {
      giftVouchers: {
        daysQuantityForAGiftVoucherExpiration: settings.days ?? 365,
        numberOfBookings: settings.bookings ?? 1,
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...c, calendarId, giftId: gift.id, otherId: other.id, buyerId: buyer.id, friendId: friend.id };
}
type GiftCompany = Awaited<ReturnType<typeof giftCompany>>;

/** Sells `quantity` vouchers to the buyer (paid by transfer: no register needed); answers the order. */
async function sell(c: GiftCompany, quantity = 1, status: 'paid' | 'draft' = 'paid') {
  const res = await call(t, 'POST', '/v1/admin/orders', {
    token: c.token,
    payload: {
      customerId: c.buyerId,
      status,
      paymentMethod: 'transfer',
      lines: [{ productId: c.giftId, quantity, unitPrice: 60 }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number };
}

const vouchersOf = (c: { token: string }, query: Record<string, unknown> = {}) =>
  readList<GiftVoucherListItem>(t, c.token, '/v1/admin/gift-vouchers', query);

const voucher = async (c: { token: string }, id: number) => {
  const res = await call(t, 'GET', `/v1/admin/gift-vouchers/${id}`, { token: c.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as GiftVoucher;
};

async function oneVoucher(c: GiftCompany) {
  await sell(c);
  const list = await vouchersOf(c);
  return list.items[0]!;
}

const book = (c: GiftCompany, startsAt: string, code?: string, productId = c.giftId) =>
  call(t, 'POST', '/v1/admin/bookings', {
    token: c.token,
    payload: {
      bookingCalendarId: c.calendarId,
      productId,
      customerId: c.friendId,
      startsAt,
      ...(code === undefined ? {} : { giftVoucherCode: code }),
    },
  });

/** Moves a voucher's purchase and expiry into the past (what time would do). */
async function expire(id: number) {
  await t.database.db
    .update(giftVouchers)
    .set({ createdAt: new Date(Date.now() - 400 * DAY), expiresAt: new Date(Date.now() - DAY) })
    .where(eq(giftVouchers.id, id));
}

describe('issuing', () => {
  it('a paid sale gives one voucher per unit, with distinct random codes, to the buyer', async () => {
    const c = await giftCompany();
    const order = await sell(c, 3);
    const list = await vouchersOf(c);
    expect(list.total).toBe(3);
    const codes = list.items.map((v) => v.code);
    for (const code of codes) expect(code).toMatch(giftVoucherCodePattern);
    expect(new Set(codes).size).toBe(3);
    for (const v of list.items) {
      expect(v).toMatchObject({
        productName: 'Circuito spa regalo',
        status: 'active',
        maximumNumberOfBookings: 1,
        numberOfAvailableBookings: 1,
        customerName: 'Ana',
        customerSurname: 'García',
        customerEmail: 'ana@example.es',
        customerId: c.buyerId,
        productId: c.giftId,
      });
    }
    expect((await voucher(c, list.items[0]!.id)).orderId).toBe(order.id);
  });

  it('expires at the end of the day the settings say, in the company zone, with their number of bookings', async () => {
    const c = await giftCompany({ days: 10, bookings: 3 });
    const v = await oneVoucher(c);
    const expires = new Date(v.expiresAt);
    expect(expires.getTime()).toBeGreaterThan(Date.now() + 9 * DAY);
    expect(expires.getTime()).toBeLessThan(Date.now() + 11 * DAY);
    // 23:59:59.999 in Madrid.
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Madrid',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(expires);
    expect(local).toBe('23:59:59');
    expect(v.maximumNumberOfBookings).toBe(3);
    expect(v.numberOfAvailableBookings).toBe(3);
  });

  it('a draft gives nothing; updated to paid, it gives its vouchers once', async () => {
    const c = await giftCompany();
    const order = await sell(c, 2, 'draft');
    expect((await vouchersOf(c)).total).toBe(0);
    const lines = [{ productId: c.giftId, quantity: 2, unitPrice: 60 }];
    const res = await call(t, 'PUT', `/v1/admin/orders/${order.id}`, {
      token: c.token,
      payload: { customerId: c.buyerId, status: 'paid', paymentMethod: 'transfer', lines },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await vouchersOf(c)).total).toBe(2);
    // Saving the paid order's notes again gives nothing more.
    const saved = (
      res.body.data.lines as { id: number; productId: number; quantity: number; unitPrice: number }[]
    ).map((l) => ({ id: l.id, productId: l.productId, quantity: l.quantity, unitPrice: l.unitPrice }));
    const again = await call(t, 'PUT', `/v1/admin/orders/${order.id}`, {
      token: c.token,
      payload: {
        customerId: c.buyerId,
        status: 'paid',
        paymentMethod: 'transfer',
        notes: 'gift',
        lines: saved,
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await vouchersOf(c)).total).toBe(2);
  });

  it('mails the buyer the codes in his language, with each code as a QR image', async () => {
    const c = await giftCompany();
    await sell(c, 2);
    const codes = (await vouchersOf(c)).items.map((v) => v.code);
    const mails = await readList<{ id: number; kind: string; contactEmail: string; subject: string }>(
      t,
      c.token,
      '/v1/admin/mails',
      { filters: { kind: { eq: 'gift_voucher' } } },
    );
    expect(mails.total).toBe(1);
    const mail = mails.items[0]!;
    expect(mail.contactEmail).toBe('ana@example.es');
    expect(mail.subject).toContain('Your gift vouchers');
    const full = await call(t, 'GET', `/v1/admin/mails/${mail.id}`, { token: c.token });
    expect(full.status).toBe(200);
    for (const code of codes) {
      expect(full.body.data.text).toContain(code);
      expect(full.body.data.html).toContain(code);
    }
    const names = (full.body.data.attachments as { name: string; mimeType: string }[])
      .map((a) => a.name)
      .sort();
    expect(names).toEqual(codes.map((code) => `${code}.png`).sort());
  });
});

describe('the list', () => {
  it('sorts by purchase, latest first; filters by status; searches code and buyer', async () => {
    const c = await giftCompany();
    await sell(c, 3);
    const [newest, middle, oldest] = (await vouchersOf(c)).items;
    expect(newest!.id).toBeGreaterThan(middle!.id);
    expect(middle!.id).toBeGreaterThan(oldest!.id);
    await expire(oldest!.id);
    // Middle is used up.
    const used = await book(c, '2027-03-01T10:00', middle!.code);
    expect(used.status, JSON.stringify(used.body)).toBe(201);

    const statusOf = async (status: string) =>
      (await vouchersOf(c, { filters: { status: { eq: status } } })).items.map((v) => v.id);
    expect(await statusOf('active')).toEqual([newest!.id]);
    expect(await statusOf('exhausted')).toEqual([middle!.id]);
    expect(await statusOf('expired')).toEqual([oldest!.id]);
    const all = await vouchersOf(c);
    expect(all.items.map((v) => v.status)).toEqual(['active', 'exhausted', 'expired']);
    expect(all.items[1]!.numberOfAvailableBookings).toBe(0);

    const byCode = await vouchersOf(c, { orders: { code: 'asc' } });
    expect(byCode.items.map((v) => v.code)).toEqual([...byCode.items.map((v) => v.code)].sort());

    // A part of the code, typed in lower case; the buyer's name without its accent.
    const part = newest!.code.slice(5, 9).toLowerCase();
    expect((await vouchersOf(c, { query: part })).items.map((v) => v.id)).toContain(newest!.id);
    expect((await vouchersOf(c, { query: 'garcia' })).total).toBe(3);
    expect((await vouchersOf(c, { query: 'nobody-here' })).total).toBe(0);
    // A customer's vouchers (the customer's page).
    expect((await vouchersOf(c, { filters: { customerId: { eq: c.buyerId } } })).total).toBe(3);
    expect((await vouchersOf(c, { filters: { customerId: { eq: c.friendId } } })).total).toBe(0);
  });

  it('the detail shows the bookings made with the voucher', async () => {
    const c = await giftCompany({ bookings: 2 });
    const v = await oneVoucher(c);
    const booked = await book(c, '2027-03-02T10:00', v.code);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const detail = await voucher(c, v.id);
    expect(detail.usedBookings).toBe(1);
    expect(detail.numberOfAvailableBookings).toBe(1);
    expect(detail.bookings).toHaveLength(1);
    expect(detail.bookings[0]).toMatchObject({
      id: booked.body.data.id,
      calendarName: 'Sala',
      customerName: 'Luis Pérez',
      status: 'confirmed',
    });
  });
});

describe('deleting and changing the expiry', () => {
  it('deletes an unused voucher; a used one is refused with 1000045', async () => {
    const c = await giftCompany();
    await sell(c, 2);
    const [a, b] = (await vouchersOf(c)).items;
    expect((await book(c, '2027-03-03T10:00', a!.code)).status).toBe(201);
    expectError(
      await call(t, 'DELETE', `/v1/admin/gift-vouchers/${a!.id}`, { token: c.token }),
      409,
      1000045,
    );
    const ok = await call(t, 'DELETE', `/v1/admin/gift-vouchers/${b!.id}`, { token: c.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expectError(await call(t, 'GET', `/v1/admin/gift-vouchers/${b!.id}`, { token: c.token }), 404, 1000104);
  });

  it('a voucher whose only booking was deleted in time is unused again and may be deleted', async () => {
    const c = await giftCompany();
    const v = await oneVoucher(c);
    const booked = await book(c, '2027-03-04T10:00', v.code);
    expect(
      (await call(t, 'DELETE', `/v1/admin/bookings/${booked.body.data.id}`, { token: c.token })).status,
    ).toBe(200);
    expect((await voucher(c, v.id)).usedBookings).toBe(0);
    const res = await call(t, 'DELETE', `/v1/admin/gift-vouchers/${v.id}`, { token: c.token });
    // The booking is gone: nothing points at the voucher any more.
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('changes the expiry with giftVouchers_edit: a plain date is the end of that day; the past before the purchase is refused', async () => {
    const c = await giftCompany();
    const v = await oneVoucher(c);
    const res = await call(t, 'PATCH', `/v1/admin/gift-vouchers/${v.id}`, {
      token: c.token,
      payload: { expiresAt: '2028-06-30' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 23:59:59.999 Madrid summer time (UTC+2).
    expect(res.body.data.expiresAt).toBe('2028-06-30T21:59:59.999Z');

    const before = await call(t, 'PATCH', `/v1/admin/gift-vouchers/${v.id}`, {
      token: c.token,
      payload: { expiresAt: '2020-01-01' },
    });
    expectError(before, 409, ErrorCode.giftVoucherExpiryNotChanged);
    expect(before.body.error.details[0].field).toBe('expiresAt');
    expect(before.body.error.message).toContain('expiry date could not be changed');
    expectError(
      await call(t, 'PATCH', `/v1/admin/gift-vouchers/${v.id}`, {
        token: c.token,
        payload: { expiresAt: '2100-01-01' },
      }),
      409,
      ErrorCode.giftVoucherExpiryNotChanged,
    );
    expect(
      (
        await call(t, 'PATCH', `/v1/admin/gift-vouchers/${v.id}`, {
          token: c.token,
          payload: { expiresAt: 'soon' },
        })
      ).status,
    ).toBe(400);

    // Finding and deleting is not changing.
    const clerk = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'giftVouchers_find' },
      { scope: 'can_do', permission: 'giftVouchers_delete' },
    ]);
    expectError(
      await call(t, 'PATCH', `/v1/admin/gift-vouchers/${v.id}`, {
        token: clerk.token,
        payload: { expiresAt: '2028-01-01' },
      }),
      403,
      ErrorCode.forbidden,
    );
    expect((await call(t, 'GET', `/v1/admin/gift-vouchers/${v.id}`, { token: clerk.token })).status).toBe(
      200,
    );
  });
});

describe('redeeming', () => {
  it('books at price 0 without an order, showing the code; the voucher is then exhausted', async () => {
    const c = await giftCompany();
    const v = await oneVoucher(c);
    // Typed loosely: lower case, spaces.
    const typed = v.code.toLowerCase().replaceAll('-', ' ');
    const res = await book(c, '2027-03-05T10:00', typed);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      price: 0,
      orderId: null,
      giftVoucherId: v.id,
      giftVoucherCode: v.code,
    });
    const got = await call(t, 'GET', `/v1/admin/bookings/${res.body.data.id}`, { token: c.token });
    expect(got.body.data.giftVoucherCode).toBe(v.code);
    const listed = await readList<{ id: number; giftVoucherCode: string | null }>(
      t,
      c.token,
      '/v1/admin/bookings',
    );
    expect(listed.items.find((b) => b.id === res.body.data.id)?.giftVoucherCode).toBe(v.code);
    expect((await voucher(c, v.id)).status).toBe('exhausted');
    const again = await book(c, '2027-03-06T10:00', v.code);
    expectError(again, 409, ErrorCode.giftVoucherExhausted);
    expect(again.body.error.details[0].field).toBe('giftVoucherCode');
  });

  it('refuses an unknown code, an expired voucher, another product and a second booking still ahead', async () => {
    const c = await giftCompany({ bookings: 2 });
    await sell(c, 2);
    const [a, b] = (await vouchersOf(c)).items;
    expectError(await book(c, '2027-03-07T10:00', 'AAAA-BBBB-CCCC'), 409, ErrorCode.giftVoucherUnknown);
    expectError(
      await book(c, '2027-03-07T10:00', a!.code, c.otherId),
      409,
      ErrorCode.giftVoucherOtherProduct,
    );
    await expire(b!.id);
    expectError(await book(c, '2027-03-07T10:00', b!.code), 409, ErrorCode.giftVoucherExpired);
    expect((await book(c, '2027-03-07T10:00', a!.code)).status).toBe(201);
    const pending = await book(c, '2027-03-08T10:00', a!.code);
    expectError(pending, 409, ErrorCode.giftVoucherSingleUse);
    expect(pending.body.error.details[0].field).toBe('giftVoucherCode');
    // Nothing refused used a booking.
    expect((await voucher(c, a!.id)).usedBookings).toBe(1);
    expect((await voucher(c, b!.id)).usedBookings).toBe(0);
  });

  it('a booking deleted in time gives the use back; deleted later than the free-cancellation hours, it does not', async () => {
    const c = await giftCompany({ bookings: 1 });
    await sell(c, 2);
    const [a, b] = (await vouchersOf(c)).items;
    const first = await book(c, '2027-03-09T10:00', a!.code);
    expect(first.status).toBe(201);
    expect(
      (await call(t, 'DELETE', `/v1/admin/bookings/${first.body.data.id}`, { token: c.token })).status,
    ).toBe(200);
    expect((await voucher(c, a!.id)).numberOfAvailableBookings).toBe(1);
    expect((await book(c, '2027-03-10T10:00', a!.code)).status).toBe(201);

    // A year's notice: any booking before then is late.
    const settings = await call(t, 'PUT', '/v1/admin/settings', {
      token: c.token,
      payload: { bookings: { freeCancellationHours: 8760 } },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect(settings.body.data.bookings.freeCancellationHours).toBe(8760);
    const late = await book(c, '2027-03-11T10:00', b!.code);
    expect(
      (await call(t, 'DELETE', `/v1/admin/bookings/${late.body.data.id}`, { token: c.token })).status,
    ).toBe(200);
    expect((await voucher(c, b!.id)).numberOfAvailableBookings).toBe(0);
  });

  it('a booking cancelled in time (status cancelled) gives the use back, a late one not; it is not confirmed again', async () => {
    const c = await giftCompany({ bookings: 1 });
    await sell(c, 2);
    const [a, b] = (await vouchersOf(c)).items;
    const cancel = (
      booking: { id: number; bookingCalendarId: number; customerId: number; startsAt: string },
      status = 'cancelled',
    ) =>
      call(t, 'PUT', `/v1/admin/bookings/${booking.id}`, {
        token: c.token,
        payload: {
          bookingCalendarId: booking.bookingCalendarId,
          customerId: booking.customerId,
          startsAt: booking.startsAt,
          quantity: 1,
          price: 0,
          status,
        },
      });
    const first = (await book(c, '2027-03-14T10:00', a!.code)).body.data;
    const res = await cancel(first);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('cancelled');
    expect((await voucher(c, a!.id)).numberOfAvailableBookings).toBe(1);
    expect((await voucher(c, a!.id)).bookings[0]!.status).toBe('cancelled');
    expectError(await cancel(first, 'confirmed'), 409, ErrorCode.conflict);
    // The cancelled booking still points at the voucher: it is kept.
    expectError(
      await call(t, 'DELETE', `/v1/admin/gift-vouchers/${a!.id}`, { token: c.token }),
      409,
      1000045,
    );

    await call(t, 'PUT', '/v1/admin/settings', {
      token: c.token,
      payload: { bookings: { freeCancellationHours: 8760 } },
    });
    const late = (await book(c, '2027-03-15T10:00', b!.code)).body.data;
    expect((await cancel(late)).status).toBe(200);
    expect((await voucher(c, b!.id)).numberOfAvailableBookings).toBe(0);
  });

  it('the settings answer 24 free-cancellation hours by default', async () => {
    const c = await company(t);
    const res = await call(t, 'GET', '/v1/admin/settings', { token: c.token });
    expect(res.body.data.bookings).toEqual({ freeCancellationHours: 24 });
  });

  it('a booking paid with a voucher cannot be charged in an order', async () => {
    const c = await giftCompany();
    const v = await oneVoucher(c);
    const booked = await book(c, '2027-03-12T10:00', v.code);
    const res = await call(t, 'POST', '/v1/admin/orders', {
      token: c.token,
      payload: {
        customerId: c.friendId,
        status: 'draft',
        paymentMethod: 'transfer',
        lines: [{ productId: c.giftId, quantity: 1, unitPrice: 60, bookingId: booked.body.data.id }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
  });

  it('20 parallel bookings with one single-use voucher: exactly one succeeds', async () => {
    const c = await giftCompany();
    const v = await oneVoucher(c);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(c, `2027-05-${String(i + 1).padStart(2, '0')}T10:00`, v.code),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status, JSON.stringify(a.body)).toBe(409);
      expect([ErrorCode.giftVoucherExhausted, ErrorCode.giftVoucherSingleUse]).toContain(a.body.error.code);
    }
    const detail = await voucher(c, v.id);
    expect(detail.usedBookings).toBe(1);
    expect(detail.bookings).toHaveLength(1);
  });
});

describe('refunding the sale', () => {
  const refund = (c: GiftCompany, orderId: number, payload: Record<string, unknown> = {}) =>
    call(t, 'POST', `/v1/admin/orders/${orderId}/refund`, { token: c.token, payload });
  const order = async (c: GiftCompany, id: number) => {
    const res = await call(t, 'GET', `/v1/admin/orders/${id}`, { token: c.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { status: string; lines: { id: number; refundedQuantity: number }[] };
  };
  const isVoid = (v: GiftVoucher) => v.status === 'expired' && v.maximumNumberOfBookings === 0;

  it('a full refund voids every unused voucher: expired, no bookings left, its code refused', async () => {
    const c = await giftCompany({ bookings: 2 });
    const sale = await sell(c, 2);
    const listed = (await vouchersOf(c)).items;
    expect(listed).toHaveLength(2);
    const res = await refund(c, sale.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    for (const v of listed) expect(isVoid(await voucher(c, v.id))).toBe(true);
    const again = await book(c, '2027-03-05T10:00', listed[0]!.code);
    expect(again.status).toBe(409);
    expect([ErrorCode.giftVoucherExpired, ErrorCode.giftVoucherExhausted]).toContain(again.body.error.code);
    expect((await order(c, sale.id)).status).toBe('refunded');
  });

  it('a partial refund of 1 of 2 units voids one unused voucher; a used one is left alone', async () => {
    const c = await giftCompany();
    const sale = await sell(c, 2);
    const [first, second] = (await vouchersOf(c, { sort: 'id' })).items;
    // The first one pays a booking: the refund takes the other.
    expect((await book(c, '2027-03-05T10:00', first!.code)).status).toBe(201);
    const lineId = (await order(c, sale.id)).lines[0]!.id;
    const res = await refund(c, sale.id, { lines: [{ lineId, quantity: 1 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(isVoid(await voucher(c, second!.id))).toBe(true);
    const used = await voucher(c, first!.id);
    expect(used).toMatchObject({ usedBookings: 1, maximumNumberOfBookings: 1 });
    // The used one left: refunding its unit is refused, and nothing more is refunded.
    expectError(
      await refund(c, sale.id, { lines: [{ lineId, quantity: 1 }] }),
      409,
      ErrorCode.giftVoucherSaleUsed,
    );
    const after = await order(c, sale.id);
    expect(after.status).toBe('paid');
    expect(after.lines[0]!.refundedQuantity).toBe(1);
  });

  it('refunding when every voucher was used is refused with 1000180 and nothing is refunded', async () => {
    const c = await giftCompany();
    const sale = await sell(c, 1);
    const v = (await vouchersOf(c)).items[0]!;
    expect((await book(c, '2027-03-05T10:00', v.code)).status).toBe(201);
    expectError(await refund(c, sale.id), 409, ErrorCode.giftVoucherSaleUsed);
    const after = await order(c, sale.id);
    expect(after.status).toBe('paid');
    expect(after.lines[0]!.refundedQuantity).toBe(0);
    const refunds = await readList<{ id: number }>(t, c.token, '/v1/admin/orders', {});
    expect(refunds.total).toBe(1);
    expect(await voucher(c, v.id)).toMatchObject({
      status: 'exhausted',
      usedBookings: 1,
      maximumNumberOfBookings: 1,
    });
  });
});

describe('tenants', () => {
  it("another license's voucher is 404 and its code is unknown", async () => {
    const c = await giftCompany();
    const v = await oneVoucher(c);
    const other = await giftCompany();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { expiresAt: '2028-01-01' }],
      ['DELETE', undefined],
    ] as const)
      expectError(
        await call(t, method, `/v1/admin/gift-vouchers/${v.id}`, { token: other.token, payload }),
        404,
        ErrorCode.notFound,
      );
    expect((await vouchersOf(other)).total).toBe(0);
    expectError(await book(other, '2027-03-13T10:00', v.code), 409, ErrorCode.giftVoucherUnknown);
    expect((await voucher(c, v.id)).usedBookings).toBe(0);
  });
});
