import { type Booking, type BookingBody, type BookingCalendarBody, ErrorCode } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, orderLines, orders } from '../src/db/schema.js';
import {
  bookable,
  type Company,
  company,
  createBooking,
  createCalendar,
  createCustomer,
  createProduct,
  readList,
} from './factories.js';
import {
  buildTestApp,
  call,
  createEmployee,
  expectError,
  failingFields as failingFieldsInOrder,
  type TestApp,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/bookings';
const calendarsUrl = '/v1/admin/booking-calendars';
const availabilityUrl = (calendarId: number) => `${calendarsUrl}/${calendarId}/availability`;

/** Mondays in 2027 (Europe/Madrid is UTC+1 until 28 March). */
const monday = '2027-03-01';
const nextMonday = '2027-03-08';

/** The company's own product: a 60-minute massage at 45 €. */
const massage = { name: 'Masaje relajante', ...bookable(60), price: 45 };

interface BookingCompany extends Company {
  calendarId: number;
  productId: number;
  customerId: number;
}

/**
 * A license with a tax, a calendar open every day 09:00–14:00 and 16:00–20:00 (the DST changes fall on
 * Sundays; capacity 1 unless told), the massage and a customer. The tests run at the real date, so their
 * bookings are in 2027 on calendars without a forecast limit.
 */
async function bookingCompany(calendar: Partial<BookingCalendarBody> = {}): Promise<BookingCompany> {
  const c = await company(t);
  const token = c.token;
  return {
    ...c,
    calendarId: (await createCalendar(t, token, { name: 'Sala de masajes', ...calendar })).id,
    productId: (await createProduct(t, token, { taxId: c.taxId, ...massage })).id,
    customerId: (
      await createCustomer(t, token, {
        name: 'Ana',
        surname: 'García',
        email: 'ana.garcia@example.es',
        phone: '+34600111222',
      })
    ).id,
  };
}

/** The company's massage for its customer on its calendar, Monday at 10:00. */
function bodyFor(c: BookingCompany): BookingBody {
  return {
    bookingCalendarId: c.calendarId,
    productId: c.productId,
    customerId: c.customerId,
    startsAt: `${monday}T10:00`,
  };
}

/** POST /admin/bookings with `payload` over the company's defaults: the answer, whatever it is. */
async function book(c: BookingCompany, payload: Record<string, unknown> = {}) {
  return call(t, 'POST', url, { token: c.token, payload: { ...bodyFor(c), ...payload } });
}

/** A booking made with `payload` over the company's defaults. */
async function booked(c: BookingCompany, payload: Partial<BookingBody> = {}) {
  return createBooking(t, c.token, { ...bodyFor(c), ...payload });
}

/** The PUT body of a booking as it is, with `changes`. */
function updateOf(b: Booking, changes: Record<string, unknown> = {}) {
  return {
    bookingCalendarId: b.bookingCalendarId,
    customerId: b.customerId,
    startsAt: b.startsAt,
    quantity: b.quantity,
    notes: b.notes,
    price: b.price,
    ...changes,
  };
}

type Res = { status: number; body: { error: { code: number; details?: unknown } } };

/** The fields a 400 names, sorted: the booking rules report several at once. */
const failingFields = (res: Res) => failingFieldsInOrder(res).sort();

async function countOf(licenseId: number) {
  return (await t.database.db.select().from(bookings).where(eq(bookings.licenseId, licenseId))).length;
}

const idsOf = (items: { id: number }[]) => items.map((x) => x.id);

describe('booking CRUD', () => {
  it('books at a local time, with the product’s length and price, and answers every field', async () => {
    const c = await bookingCompany();
    const created = await booked(c);
    expect(created).toEqual({
      id: expect.any(Number),
      bookingCalendarId: c.calendarId,
      productId: c.productId,
      customerId: c.customerId,
      // 10:00 in Madrid in winter.
      startsAt: '2027-03-01T09:00:00.000Z',
      endsAt: '2027-03-01T10:00:00.000Z',
      quantity: 1,
      notes: null,
      price: 45,
      status: 'confirmed',
      attended: null,
      rescheduleCount: 0,
      orderId: null,
      giftVoucherId: null,
      giftVoucherCode: null,
      balanceId: null,
      balanceName: null,
      subscriptionId: null,
      subscriptionName: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const got = await call(t, 'GET', `${url}/${created.id}`, { token: c.token });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(created);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, created.id));
    expect(row).toMatchObject({ spaces: 1, priceCents: 4500, licenseId: c.license.id });
  });

  it('takes a price, notes, a quantity and an instant with an offset', async () => {
    const c = await bookingCompany({ maximumConcurrentBookings: 4 });
    const created = await booked(c, {
      startsAt: '2027-03-01T16:30:00+01:00',
      quantity: 3,
      price: 30.5,
      notes: '  Primera visita  ',
    });
    expect(created).toMatchObject({
      startsAt: '2027-03-01T15:30:00.000Z',
      endsAt: '2027-03-01T16:30:00.000Z',
      quantity: 3,
      price: 30.5,
      notes: 'Primera visita',
    });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, created.id));
    expect(row).toMatchObject({ spaces: 3, priceCents: 3050 });
    // Spaces are quantity × the product's spaces.
    const { id: pair } = await createProduct(t, c.token, {
      taxId: c.taxId,
      ...massage,
      name: 'Masaje en pareja',
      spacesOccupiedInTheCalendar: 2,
    });
    const double = await booked(c, { productId: pair, startsAt: `${monday}T11:00`, quantity: 2 });
    const [doubleRow] = await t.database.db.select().from(bookings).where(eq(bookings.id, double.id));
    expect(doubleRow?.spaces).toBe(4);
  });

  it('PUT changes the customer, notes and price in place without counting a move', async () => {
    const c = await bookingCompany();
    // This product does not let customers move its bookings: changes in place are still fine.
    const created = await booked(c);
    const { id: other } = await createCustomer(t, c.token, { name: 'Bea' });
    const res = await call(t, 'PUT', `${url}/${created.id}`, {
      token: c.token,
      payload: updateOf(created, { customerId: other, notes: 'Alérgica al aceite de almendras', price: 40 }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      ...created,
      customerId: other,
      notes: 'Alérgica al aceite de almendras',
      price: 40,
      updatedAt: expect.any(String),
    });
    expect((await call(t, 'GET', `${url}/${created.id}`, { token: c.token })).body.data).toEqual(
      res.body.data,
    );
    // Null or empty notes clear them.
    const cleared = await call(t, 'PUT', `${url}/${created.id}`, {
      token: c.token,
      payload: updateOf(res.body.data, { notes: '' }),
    });
    expect(cleared.body.data.notes).toBeNull();
  });

  it('deletes a booking, and then it is not found', async () => {
    const c = await bookingCompany();
    const created = await booked(c);
    const removed = await call(t, 'DELETE', `${url}/${created.id}`, { token: c.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { ok: true } });
    expectError(await call(t, 'GET', `${url}/${created.id}`, { token: c.token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'DELETE', `${url}/${created.id}`, { token: c.token }), 404, ErrorCode.notFound);
    // Its place is free again.
    await booked(c);
  });

  it('refuses to delete a booking sold in an order (409) and keeps it', async () => {
    const c = await bookingCompany();
    const created = await booked(c);
    const [order] = await t.database.db
      .insert(orders)
      .values({
        licenseId: c.license.id,
        code: 1,
        status: 'paid',
        paymentMethod: 'transfer',
        taxBaseCents: 3719,
        totalCents: 4500,
      })
      .returning();
    const [line] = await t.database.db
      .insert(orderLines)
      .values({
        licenseId: c.license.id,
        orderId: order!.id,
        productId: c.productId,
        quantity: 1,
        unitPriceCents: 4500,
      })
      .returning();
    await t.database.db.update(bookings).set({ orderLineId: line!.id }).where(eq(bookings.id, created.id));
    expect((await call(t, 'GET', `${url}/${created.id}`, { token: c.token })).body.data.orderId).toBe(
      order!.id,
    );
    expectError(await call(t, 'DELETE', `${url}/${created.id}`, { token: c.token }), 409, ErrorCode.conflict);
    expect((await call(t, 'GET', `${url}/${created.id}`, { token: c.token })).status).toBe(200);
  });

  it('answers 404 for an unknown booking on every route', async () => {
    const c = await bookingCompany();
    const missing = `${url}/2000000000`;
    expectError(await call(t, 'GET', missing, { token: c.token }), 404, ErrorCode.notFound);
    expectError(
      await call(t, 'PUT', missing, {
        token: c.token,
        payload: {
          bookingCalendarId: c.calendarId,
          customerId: c.customerId,
          startsAt: `${monday}T10:00`,
          quantity: 1,
          price: 1,
        },
      }),
      404,
      ErrorCode.notFound,
    );
    expectError(await call(t, 'DELETE', missing, { token: c.token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'POST', `${missing}/attended`, { token: c.token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'POST', `${missing}/unattended`, { token: c.token }), 404, ErrorCode.notFound);
  });
});

describe('bad input', () => {
  it('refuses a malformed or impossible startsAt, naming it', async () => {
    const c = await bookingCompany();
    for (const startsAt of ['tomorrow', '2027-02-30T10:00', '2027-03-01T25:00', '01/03/2027 10:00', '', 5]) {
      expect(failingFields(await book(c, { startsAt })), String(startsAt)).toEqual(['startsAt']);
    }
    expect(await countOf(c.license.id)).toBe(0);
  });

  it('refuses a quantity below 1 or not whole, a bad price, long notes, missing fields', async () => {
    const c = await bookingCompany();
    expect(failingFields(await book(c, { quantity: 0 }))).toEqual(['quantity']);
    expect(failingFields(await book(c, { quantity: 1.5 }))).toEqual(['quantity']);
    expect(failingFields(await book(c, { quantity: 1001 }))).toEqual(['quantity']);
    expect(failingFields(await book(c, { price: 10.005 }))).toEqual(['price']);
    expect(failingFields(await book(c, { price: -1 }))).toEqual(['price']);
    expect(failingFields(await book(c, { notes: 'x'.repeat(1001) }))).toEqual(['notes']);
    const res = await call(t, 'POST', url, { token: c.token, payload: {} });
    expect(failingFields(res)).toEqual(['bookingCalendarId', 'customerId', 'productId', 'startsAt']);
    expect(await countOf(c.license.id)).toBe(0);
  });

  it('names each unknown id, and a product that is not booked on a calendar', async () => {
    const c = await bookingCompany();
    expect(
      failingFields(
        await book(c, {
          bookingCalendarId: 2_000_000_000,
          productId: 2_000_000_000,
          customerId: 2_000_000_000,
        }),
      ),
    ).toEqual(['bookingCalendarId', 'customerId', 'productId']);
    const { id: cream } = await createProduct(t, c.token, {
      taxId: c.taxId,
      ...massage,
      name: 'Crema',
      type: 'regular',
      durationInMinutes: null,
    });
    const res = await book(c, { productId: cream });
    expect(failingFields(res)).toEqual(['productId']);
    expect(await countOf(c.license.id)).toBe(0);
  });

  it('books a product bound to a calendar only on that calendar', async () => {
    const c = await bookingCompany();
    const { id: thermal } = await createCalendar(t, c.token, { name: 'Circuito termal' });
    const { id: bound } = await createProduct(t, c.token, {
      taxId: c.taxId,
      ...massage,
      name: 'Circuito',
      bookingCalendarId: thermal,
    });
    expect(failingFields(await book(c, { productId: bound }))).toEqual(['bookingCalendarId']);
    const ok = await booked(c, { productId: bound, bookingCalendarId: thermal });
    // Nor can a move take it elsewhere.
    const moved = await call(t, 'PUT', `${url}/${ok.id}`, {
      token: c.token,
      payload: updateOf(ok, { bookingCalendarId: c.calendarId, overrideRescheduleRules: true }),
    });
    expect(failingFields(moved)).toEqual(['bookingCalendarId']);
  });

  it('validates PUT the same way and changes nothing', async () => {
    const c = await bookingCompany();
    const created = await booked(c);
    const put = (changes: Record<string, unknown>) =>
      call(t, 'PUT', `${url}/${created.id}`, { token: c.token, payload: updateOf(created, changes) });
    expect(failingFields(await put({ startsAt: '2027-13-01T10:00' }))).toEqual(['startsAt']);
    expect(failingFields(await put({ quantity: 0 }))).toEqual(['quantity']);
    expect(failingFields(await put({ price: undefined }))).toEqual(['price']);
    expect(failingFields(await put({ customerId: 2_000_000_000 }))).toEqual(['customerId']);
    expect(failingFields(await put({ bookingCalendarId: 2_000_000_000 }))).toEqual(['bookingCalendarId']);
    expect((await call(t, 'GET', `${url}/${created.id}`, { token: c.token })).body.data).toEqual(created);
  });
});

describe('the calendar’s rules (409, nothing saved)', () => {
  it('refuses each start the calendar does not take, with its reason', async () => {
    const cases: [string, Partial<BookingCalendarBody>, Record<string, unknown>, number][] = [
      // 13:30 + 60 minutes runs past the 14:00 closing.
      ['outside open time', {}, { startsAt: `${monday}T13:30` }, ErrorCode.bookingOutsideOpenTime],
      ['closed at night', {}, { startsAt: `${monday}T22:00` }, ErrorCode.bookingOutsideOpenTime],
      ['in the past', {}, { startsAt: '2025-03-03T10:00' }, ErrorCode.bookingInThePast],
      // A year's notice: March 2027 is too soon.
      ['too soon', { minimumMinutesInAdvanceForBooking: 525_600 }, {}, ErrorCode.bookingTooSoon],
      ['beyond the forecast', { maximumDaysOfBookingForecast: 30 }, {}, ErrorCode.bookingBeyondForecast],
      ['product too short', { minimumProductDuration: 90 }, {}, ErrorCode.bookingProductTooShort],
      ['not a start time', {}, { startsAt: `${monday}T10:10` }, ErrorCode.bookingNotAStartTime],
      ['seconds off the grid', {}, { startsAt: `${monday}T10:00:30` }, ErrorCode.bookingNotAStartTime],
    ];
    for (const [label, calendar, payload, code] of cases) {
      const c = await bookingCompany(calendar);
      const res = await book(c, payload);
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(409);
      expect(res.body.error.code, label).toBe(code);
      expect(await countOf(c.license.id), label).toBe(0);
    }
  });

  it('refuses a full start (1000124) with the free spaces, counting quantity × the product’s spaces', async () => {
    const c = await bookingCompany({ maximumConcurrentBookings: 3 });
    await booked(c, { quantity: 2 });
    const res = await book(c, { quantity: 2 });
    expectError(res, 409, ErrorCode.bookingFull);
    expect(res.body.error.details).toEqual({ freeSpaces: 1, requestedSpaces: 2 });
    // Overlapping by half an hour is overlapping.
    expectError(await book(c, { startsAt: `${monday}T10:30`, quantity: 2 }), 409, ErrorCode.bookingFull);
    const { id: pair } = await createProduct(t, c.token, {
      taxId: c.taxId,
      ...massage,
      name: 'En pareja',
      spacesOccupiedInTheCalendar: 2,
    });
    const paired = await book(c, { productId: pair });
    expectError(paired, 409, ErrorCode.bookingFull);
    expect(paired.body.error.details).toEqual({ freeSpaces: 1, requestedSpaces: 2 });
    expect(await countOf(c.license.id)).toBe(1);
    // The last space, and a booking that starts as the others end (half-open).
    await booked(c);
    await booked(c, { startsAt: `${monday}T11:00`, quantity: 3 });
    expect(await countOf(c.license.id)).toBe(3);
  });

  it('cancelled bookings take no space', async () => {
    const c = await bookingCompany();
    const first = await booked(c);
    expectError(await book(c), 409, ErrorCode.bookingFull);
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, first.id));
    await booked(c);
  });

  it('follows the anomalies: a close one shuts the time, an open one opens its own grid', async () => {
    const c = await bookingCompany();
    const anomaly = (payload: Record<string, unknown>) =>
      call(t, 'POST', `${calendarsUrl}/${c.calendarId}/schedule-anomalies`, { token: c.token, payload });
    expect((await anomaly({ type: 'close', startDate: monday, endDate: '2027-03-02' })).status).toBe(201);
    expectError(await book(c), 409, ErrorCode.bookingOutsideOpenTime);
    expect(
      (await anomaly({ type: 'open', startDate: '2027-03-02T21:15', endDate: '2027-03-02T23:15' })).status,
    ).toBe(201);
    await booked(c, { startsAt: '2027-03-02T21:45' });
    expectError(await book(c, { startsAt: '2027-03-02T21:30' }), 409, ErrorCode.bookingNotAStartTime);
    expectError(await book(c, { startsAt: '2027-03-02T22:30' }), 409, ErrorCode.bookingOutsideOpenTime);
  });

  it('lets exactly the capacity through when 20 bookings of one start arrive at once', async () => {
    const c = await bookingCompany({ maximumConcurrentBookings: 3 });
    const results = await Promise.all(Array.from({ length: 20 }, () => book(c)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(17);
    for (const r of refused) expectError(r, 409, ErrorCode.bookingFull);
    expect(await countOf(c.license.id)).toBe(3);
  });
});

describe('moving a booking', () => {
  async function movable(howMany: number | null) {
    const c = await bookingCompany({ maximumConcurrentBookings: 2 });
    const { id: productId } = await createProduct(t, c.token, {
      taxId: c.taxId,
      ...massage,
      name: 'Masaje movible',
      canCustomersChangeTheBookingDate: true,
      howManyTimesCanCustomerRescheduleBooking: howMany,
    });
    return { ...c, productId };
  }
  const put = (c: BookingCompany, b: Booking, changes: Record<string, unknown>) =>
    call(t, 'PUT', `${url}/${b.id}`, { token: c.token, payload: updateOf(b, changes) });

  it('refuses to move a booking whose product does not let the date change, unless overridden', async () => {
    const c = await bookingCompany();
    const created = await booked(c);
    expectError(
      await put(c, created, { startsAt: `${monday}T11:00` }),
      409,
      ErrorCode.bookingRescheduleNotAllowed,
    );
    const { id: other } = await createCalendar(t, c.token, { name: 'Cabina 2' });
    expectError(
      await put(c, created, { bookingCalendarId: other }),
      409,
      ErrorCode.bookingRescheduleNotAllowed,
    );
    expect((await call(t, 'GET', `${url}/${created.id}`, { token: c.token })).body.data).toEqual(created);
    const moved = await put(c, created, { startsAt: `${monday}T11:00`, overrideRescheduleRules: true });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({
      startsAt: '2027-03-01T10:00:00.000Z',
      endsAt: '2027-03-01T11:00:00.000Z',
      rescheduleCount: 1,
    });
  });

  it('counts moves up to the product’s limit; the override goes past it', async () => {
    const c = await movable(1);
    const created = await booked(c);
    const first = await put(c, created, { startsAt: `${monday}T11:00` });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.rescheduleCount).toBe(1);
    expectError(
      await put(c, first.body.data, { startsAt: `${monday}T12:00` }),
      409,
      ErrorCode.bookingRescheduleLimit,
    );
    const forced = await put(c, first.body.data, {
      startsAt: `${monday}T12:00`,
      overrideRescheduleRules: true,
    });
    expect(forced.status).toBe(200);
    expect(forced.body.data).toMatchObject({ startsAt: '2027-03-01T11:00:00.000Z', rescheduleCount: 2 });
    // The same start and calendar is no move.
    const same = await put(c, forced.body.data, { startsAt: '2027-03-01T12:00:00+01:00', notes: 'ok' });
    expect(same.body.data.rescheduleCount).toBe(2);
  });

  it('a null limit lets it move any number of times, also to another calendar', async () => {
    const c = await movable(null);
    let current = await booked(c);
    for (const hour of ['11', '12', '16', '17']) {
      const res = await put(c, current, { startsAt: `${monday}T${hour}:00` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      current = res.body.data;
    }
    expect(current.rescheduleCount).toBe(4);
    const { id: other } = await createCalendar(t, c.token, { name: 'Cabina 2' });
    const res = await put(c, current, { bookingCalendarId: other });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ bookingCalendarId: other, rescheduleCount: 5 });
  });

  it('checks the new start like a new booking’s, not counting the booking itself', async () => {
    const c = await movable(null);
    const created = await booked(c, { quantity: 2 });
    // Half an hour later overlaps only itself: it fits.
    const shifted = await put(c, created, { startsAt: `${monday}T10:30` });
    expect(shifted.status, JSON.stringify(shifted.body)).toBe(200);
    await booked(c, { startsAt: `${monday}T16:00`, quantity: 2 });
    const full = await put(c, shifted.body.data, {
      startsAt: `${monday}T16:00`,
      overrideRescheduleRules: true,
    });
    expectError(full, 409, ErrorCode.bookingFull);
    expect(full.body.error.details).toEqual({ freeSpaces: 0, requestedSpaces: 2 });
    expectError(
      await put(c, shifted.body.data, { startsAt: `${monday}T13:30` }),
      409,
      ErrorCode.bookingOutsideOpenTime,
    );
    expectError(
      await put(c, shifted.body.data, { startsAt: '2025-03-03T10:00' }),
      409,
      ErrorCode.bookingInThePast,
    );
    // Nothing changed on refusal.
    expect((await call(t, 'GET', `${url}/${created.id}`, { token: c.token })).body.data).toEqual(
      shifted.body.data,
    );
  });

  it('more units in place need room for them; fewer always fit', async () => {
    const c = await bookingCompany({ maximumConcurrentBookings: 3 });
    const created = await booked(c);
    await booked(c, { quantity: 2, startsAt: `${monday}T10:30` });
    const more = await put(c, created, { quantity: 2 });
    expectError(more, 409, ErrorCode.bookingFull);
    expect(more.body.error.details).toEqual({ freeSpaces: 1, requestedSpaces: 2 });
    // Shrink the other, then there is room.
    const [other] = (await readList(t, c.token, url, { filters: { quantity: { eq: 2 } } })).items;
    const shrunk = await call(t, 'PUT', `${url}/${other!.id}`, {
      token: c.token,
      payload: {
        bookingCalendarId: c.calendarId,
        customerId: c.customerId,
        startsAt: other!.startsAt,
        quantity: 1,
        price: 45,
      },
    });
    expect(shrunk.status, JSON.stringify(shrunk.body)).toBe(200);
    const ok = await put(c, created, { quantity: 2 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ quantity: 2, rescheduleCount: 0 });
  });
});

describe('attendance', () => {
  it('marks a booking attended and unattended, answering the booking', async () => {
    const c = await bookingCompany();
    const created = await booked(c);
    const attended = await call(t, 'POST', `${url}/${created.id}/attended`, { token: c.token });
    expect(attended.status).toBe(200);
    expect(attended.body.data).toEqual({ ...created, attended: true, updatedAt: expect.any(String) });
    const unattended = await call(t, 'POST', `${url}/${created.id}/unattended`, { token: c.token });
    expect(unattended.body.data.attended).toBe(false);
    expect((await call(t, 'GET', `${url}/${created.id}`, { token: c.token })).body.data.attended).toBe(false);
  });
});

describe('DST days in Europe/Madrid', () => {
  it('stores 10:00 local with the offset of the day, before and after each change', async () => {
    const c = await bookingCompany({ maximumConcurrentBookings: 5 });
    const cases = [
      ['2027-03-27T10:00', '2027-03-27T09:00:00.000Z'],
      // Spring forward on Sunday 28 March 2027: 10:00 is UTC+2.
      ['2027-03-28T10:00', '2027-03-28T08:00:00.000Z'],
      ['2027-10-30T10:00', '2027-10-30T08:00:00.000Z'],
      // Fall back on Sunday 31 October 2027: 10:00 is UTC+1 again.
      ['2027-10-31T10:00', '2027-10-31T09:00:00.000Z'],
    ];
    for (const [local, instant] of cases) {
      const created = await booked(c, { startsAt: local });
      expect(created.startsAt, local).toBe(instant);
      expect(Date.parse(created.endsAt) - Date.parse(created.startsAt)).toBe(3_600_000);
    }
    // The change days list the same local times as any other day.
    for (const day of ['2027-03-28', '2027-10-31']) {
      const res = await call(t, 'GET', availabilityUrl(c.calendarId), {
        token: c.token,
        query: {
          from: day,
          to: day === '2027-03-28' ? '2027-03-29' : '2027-11-01',
          productId: String(c.productId),
        },
      });
      expect(res.status).toBe(200);
      const starts = res.body.data.items.map((i: { startsAt: string }) => i.startsAt);
      const offset = day === '2027-03-28' ? 2 : 1;
      expect(starts[0]).toBe(`${day}T0${9 - offset}:00:00.000Z`);
      expect(starts).toHaveLength(9 + 7);
    }
  });
});

describe('availability', () => {
  const get = (c: BookingCompany, query: Record<string, string>, token = c.token) =>
    call(t, 'GET', availabilityUrl(c.calendarId), {
      token,
      query: { productId: String(c.productId), ...query },
    });

  it('lists the starts of the window with their free spaces and status', async () => {
    const c = await bookingCompany({ maximumConcurrentBookings: 2 });
    const res = await get(c, { from: monday, to: '2027-03-02' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = res.body.data.items as {
      startsAt: string;
      endsAt: string;
      freeSpaces: number;
      status: string;
    }[];
    // 09:00–13:00 and 16:00–19:00 every half hour: 9 + 7 starts of a 60-minute product.
    expect(items).toHaveLength(16);
    expect(items[0]).toEqual({
      startsAt: '2027-03-01T08:00:00.000Z',
      endsAt: '2027-03-01T09:00:00.000Z',
      freeSpaces: 2,
      status: 'reservable',
    });
    expect(items.every((i) => i.status === 'reservable' && i.freeSpaces === 2)).toBe(true);
  });

  it('a booking reduces the free spaces of the starts it overlaps; a full one is unavailable', async () => {
    const c = await bookingCompany({ maximumConcurrentBookings: 2 });
    await booked(c); // 10:00–11:00
    const byLocal = async () => {
      const res = await get(c, { from: monday, to: '2027-03-02' });
      return new Map(
        (res.body.data.items as { startsAt: string; freeSpaces: number; status: string }[]).map((i) => [
          i.startsAt,
          `${i.freeSpaces} ${i.status}`,
        ]),
      );
    };
    let items = await byLocal();
    expect(items.get('2027-03-01T08:30:00.000Z')).toBe('1 reservable'); // 09:30–10:30 overlaps it
    expect(items.get('2027-03-01T08:00:00.000Z')).toBe('2 reservable'); // 09:00–10:00 ends as it starts
    expect(items.get('2027-03-01T09:00:00.000Z')).toBe('1 reservable'); // 10:00
    expect(items.get('2027-03-01T09:30:00.000Z')).toBe('1 reservable'); // 10:30
    expect(items.get('2027-03-01T10:00:00.000Z')).toBe('2 reservable'); // 11:00
    await booked(c, { startsAt: `${monday}T10:30` });
    items = await byLocal();
    expect(items.get('2027-03-01T09:30:00.000Z')).toBe('0 unavailable');
  });

  it('shows a close anomaly as exceptionally closed, with no starts inside it', async () => {
    const c = await bookingCompany();
    const anomaly = await call(t, 'POST', `${calendarsUrl}/${c.calendarId}/schedule-anomalies`, {
      token: c.token,
      payload: {
        type: 'close',
        startDate: `${monday}T16:00`,
        endDate: `${monday}T20:00`,
        reason: 'Formación',
      },
    });
    expect(anomaly.status).toBe(201);
    const res = await get(c, { from: monday, to: '2027-03-02' });
    const items = res.body.data.items as { startsAt: string; endsAt: string; status: string }[];
    expect(items).toHaveLength(9 + 1);
    expect(items.at(-1)).toEqual({
      startsAt: '2027-03-01T15:00:00.000Z',
      endsAt: '2027-03-01T19:00:00.000Z',
      freeSpaces: 0,
      status: 'exceptionally_closed',
    });
  });

  it('refuses a window over 92 days, an end not after the start, bad dates and a product it cannot book', async () => {
    const c = await bookingCompany();
    expect(failingFields(await get(c, { from: '2027-01-01', to: '2027-04-04' }))).toEqual(['to']);
    expect((await get(c, { from: '2027-01-01', to: '2027-04-03' })).status).toBe(200);
    expect(failingFields(await get(c, { from: monday, to: monday }))).toEqual(['to']);
    expect(failingFields(await get(c, { from: monday, to: '2027-02-20' }))).toEqual(['to']);
    expect(failingFields(await get(c, { from: '2027-02-30', to: '2027-03-05' }))).toEqual(['from']);
    expect(failingFields(await get(c, { from: '1/3/2027', to: '2027-03-05' }))).toEqual(['from']);
    expect(failingFields(await get(c, { from: monday, to: '2027-03-02', productId: 'x' }))).toEqual([
      'productId',
    ]);
    expect(failingFields(await call(t, 'GET', availabilityUrl(c.calendarId), { token: c.token }))).toEqual([
      'from',
      'productId',
      'to',
    ]);
    const { id: cream } = await createProduct(t, c.token, {
      taxId: c.taxId,
      ...massage,
      name: 'Crema',
      type: 'regular',
      durationInMinutes: null,
    });
    expect(failingFields(await get(c, { from: monday, to: '2027-03-02', productId: String(cream) }))).toEqual(
      ['productId'],
    );
    const { id: elsewhere } = await createCalendar(t, c.token, { name: 'Circuito' });
    const { id: bound } = await createProduct(t, c.token, {
      taxId: c.taxId,
      ...massage,
      name: 'Circuito',
      bookingCalendarId: elsewhere,
    });
    expect(failingFields(await get(c, { from: monday, to: '2027-03-02', productId: String(bound) }))).toEqual(
      ['productId'],
    );
    expect(failingFields(await get(c, { from: monday, to: '2027-03-02', productId: '2000000000' }))).toEqual([
      'productId',
    ]);
    expectError(
      await call(t, 'GET', availabilityUrl(2_000_000_000), {
        token: c.token,
        query: { from: monday, to: '2027-03-02', productId: String(c.productId) },
      }),
      404,
      ErrorCode.notFound,
    );
  });
});

describe('booking list', () => {
  async function fixture() {
    const c = await bookingCompany({ maximumConcurrentBookings: 10 });
    const { id: thermal } = await createCalendar(t, c.token, {
      name: 'Circuito termal',
      maximumConcurrentBookings: 10,
    });
    const { id: facial } = await createProduct(t, c.token, {
      taxId: c.taxId,
      ...massage,
      name: 'Tratamiento facial',
      price: 60,
      durationInMinutes: 30,
    });
    const { id: bea } = await createCustomer(t, c.token, {
      name: 'Beatriz',
      surname: 'Núñez',
      email: 'bea@example.es',
    });
    const b1 = await booked(c, { startsAt: `${monday}T10:00`, notes: 'Primera visita' });
    const b2 = await booked(c, {
      startsAt: `${monday}T10:00`,
      customerId: bea,
      productId: facial,
      quantity: 2,
    });
    const b3 = await booked(c, {
      startsAt: `${nextMonday}T16:00`,
      bookingCalendarId: thermal,
      customerId: bea,
    });
    const b4 = await booked(c, { startsAt: '2027-03-02T09:00', price: 20.25 });
    await call(t, 'POST', `${url}/${b1.id}/attended`, { token: c.token });
    await call(t, 'POST', `${url}/${b4.id}/unattended`, { token: c.token });
    return { c, thermal, facial, bea, b1, b2, b3, b4 };
  }

  it('answers the spec’s columns, by date then id, latest first', async () => {
    const { c, thermal, facial, bea, b1, b2, b3, b4 } = await fixture();
    const page = await readList(t, c.token, url);
    expect(page.total).toBe(4);
    expect(idsOf(page.items)).toEqual([b3.id, b4.id, b2.id, b1.id]);
    expect(page.items.find((i) => i.id === b2.id)).toEqual({
      id: b2.id,
      date: '2027-03-01T09:00:00.000Z',
      image: null,
      notes: null,
      price: 60,
      amount: 120,
      status: 'confirmed',
      quantity: 2,
      duration: 30,
      productName: 'Tratamiento facial',
      calendarName: 'Sala de masajes',
      customerName: 'Beatriz Núñez',
      customerEmail: 'bea@example.es',
      customerPhone: null,
      bookingCalendarId: c.calendarId,
      productId: facial,
      customerId: bea,
      startsAt: '2027-03-01T09:00:00.000Z',
      endsAt: '2027-03-01T09:30:00.000Z',
      attended: null,
      orderId: null,
      orderStatus: null,
      giftVoucherCode: null,
      balanceName: null,
      subscriptionName: null,
    });
    expect(page.items.find((i) => i.id === b3.id)).toMatchObject({
      calendarName: 'Circuito termal',
      bookingCalendarId: thermal,
      customerName: 'Beatriz Núñez',
    });
    expect(page.items.find((i) => i.id === b1.id)).toMatchObject({
      customerName: 'Ana García',
      customerPhone: '+34600111222',
      notes: 'Primera visita',
      attended: true,
      amount: 45,
    });
    expect(page.items.find((i) => i.id === b4.id)).toMatchObject({ price: 20.25, attended: false });
  });

  it('sorts by any column, ties broken by id', async () => {
    const { c, b1, b2, b3, b4 } = await fixture();
    expect(idsOf((await readList(t, c.token, url, { orders: { date: 'asc' } })).items)).toEqual([
      b1.id,
      b2.id,
      b4.id,
      b3.id,
    ]);
    expect(idsOf((await readList(t, c.token, url, { orders: { amount: 'desc' } })).items)).toEqual([
      b2.id,
      b3.id,
      b1.id,
      b4.id,
    ]);
    expect(idsOf((await readList(t, c.token, url, { orders: { customerName: 'asc' } })).items)).toEqual([
      b1.id,
      b4.id,
      b2.id,
      b3.id,
    ]);
    expect(
      idsOf((await readList(t, c.token, url, { orders: { productName: 'desc', date: 'asc' } })).items),
    ).toEqual([b2.id, b1.id, b4.id, b3.id]);
    expect(idsOf((await readList(t, c.token, url, { orders: { calendarName: 'asc' } })).items)[0]).toBe(
      b3.id,
    );
    expect(idsOf((await readList(t, c.token, url, { orders: { duration: 'asc' } })).items)[0]).toBe(b2.id);
  });

  it('reads each page by its keys first: every page is the slice of the whole list, in its order', async () => {
    const { c } = await fixture();
    const sorts = [
      {},
      { date: 'asc' },
      { amount: 'desc' },
      { customerName: 'asc' },
      { productName: 'desc', date: 'asc' },
      { calendarName: 'asc' },
      { duration: 'asc' },
      { attended: 'desc' },
    ];
    for (const orders of sorts) {
      const whole = await readList(t, c.token, url, { orders, limit: 100 });
      expect(whole.total).toBe(4);
      for (const limit of [1, 3]) {
        for (let page = 1; page <= Math.ceil(4 / limit); page++) {
          const slice = await readList(t, c.token, url, { orders, limit, page });
          expect(slice.total).toBe(4);
          expect(slice.items).toEqual(whole.items.slice((page - 1) * limit, page * limit));
        }
      }
      // Past the end: no rows, the total still counted.
      const past = await readList(t, c.token, url, { orders, limit: 3, page: 3 });
      expect(past).toMatchObject({ items: [], total: 4, page: 3, limit: 3 });
    }
    const none = await readList(t, c.token, url, { filters: { status: { eq: 'cancelled' } } });
    expect(none).toMatchObject({ items: [], total: 0 });
    expect(await readList(t, c.token, url, { query: 'Núñez', limit: 1, page: 2 })).toMatchObject({
      total: 2,
    });
  });

  it('filters by calendar, product, customer, dates, attendance and status', async () => {
    const { c, thermal, facial, bea, b1, b2, b3, b4 } = await fixture();
    const ids = async (filters: Record<string, unknown>) =>
      idsOf((await readList(t, c.token, url, { filters, orders: { id: 'asc' } })).items);
    expect(await ids({ bookingCalendarId: { eq: thermal } })).toEqual([b3.id]);
    expect(await ids({ bookingCalendarId: { eq: c.calendarId } })).toEqual([b1.id, b2.id, b4.id]);
    expect(await ids({ productId: { eq: facial } })).toEqual([b2.id]);
    expect(await ids({ customerId: { eq: bea } })).toEqual([b2.id, b3.id]);
    // Plain dates are the company's local days.
    expect(await ids({ date: { gte: monday, lt: '2027-03-02' } })).toEqual([b1.id, b2.id]);
    expect(await ids({ startsAt: { gte: '2027-03-02', lt: nextMonday } })).toEqual([b4.id]);
    expect(
      await ids({ startsAt: { gte: '2027-03-01T10:00:00+01:00', lt: '2027-03-01T10:00:01+01:00' } }),
    ).toEqual([b1.id, b2.id]);
    expect(
      await ids({ bookingCalendarId: { eq: c.calendarId }, date: { gte: '2027-03-02', lt: '2027-03-03' } }),
    ).toEqual([b4.id]);
    expect(await ids({ attended: { eq: true } })).toEqual([b1.id]);
    expect(await ids({ attended: { eq: false } })).toEqual([b4.id]);
    expect(await ids({ attended: { isNull: true } })).toEqual([b2.id, b3.id]);
    expect(await ids({ status: { eq: 'confirmed' } })).toEqual([b1.id, b2.id, b3.id, b4.id]);
    expect(await ids({ status: { eq: 'cancelled' } })).toEqual([]);
    expect(await ids({ price: { lt: 45 } })).toEqual([b4.id]);
    expect(await ids({ amount: { gte: 100 } })).toEqual([b2.id]);
    expect(await ids({ calendarName: { like: 'termal' } })).toEqual([b3.id]);
    expect(await ids({ customerEmail: { eq: 'bea@example.es' } })).toEqual([b2.id, b3.id]);
    expect(await ids({ duration: { eq: 30 } })).toEqual([b2.id]);
  });

  it('searches the customer’s name, email and phone and the product’s name, accents folded', async () => {
    const { c, b1, b2, b3, b4 } = await fixture();
    const ids = async (query: string) =>
      idsOf((await readList(t, c.token, url, { query, orders: { id: 'asc' } })).items);
    expect(await ids('nunez')).toEqual([b2.id, b3.id]);
    expect(await ids('GARCÍA')).toEqual([b1.id, b4.id]);
    expect(await ids('bea@example')).toEqual([b2.id, b3.id]);
    expect(await ids('600111')).toEqual([b1.id, b4.id]);
    expect(await ids('facial')).toEqual([b2.id]);
    // A customer's match or a product's match.
    expect(await ids('relajante')).toEqual([b1.id, b3.id, b4.id]);
    expect(await ids('nadie')).toEqual([]);
    expect(await ids('100%')).toEqual([]);
    const page = await readList(t, c.token, url, { query: 'nunez' });
    expect(page.total).toBe(2);
  });

  it('refuses unknown fields and operators, naming them', async () => {
    const { c } = await fixture();
    const res = await call(t, 'GET', url, {
      token: c.token,
      query: { filters: JSON.stringify({ secret: { eq: 1 } }), orders: JSON.stringify({ nope: 'asc' }) },
    });
    expect(failingFields(res)).toEqual(['filters.secret', 'orders.nope']);
    const bad = await call(t, 'GET', url, {
      token: c.token,
      query: { filters: JSON.stringify({ date: { gte: 'mañana' } }) },
    });
    expect(failingFields(bad)).toEqual(['filters.date.gte']);
  });
});

describe('permissions', () => {
  it('demands the permission of each route (403 without it, 401 without a session)', async () => {
    const c = await bookingCompany({ maximumConcurrentBookings: 50 });
    const created = await booked(c);
    const availability = `${availabilityUrl(c.calendarId)}?from=${monday}&to=2027-03-02&productId=${c.productId}`;
    const routes = [
      ['GET', url, ['bookings_find']],
      ['POST', url, ['bookings_create']],
      ['GET', `${url}/${created.id}`, ['bookings_find']],
      ['PUT', `${url}/${created.id}`, ['bookings_edit']],
      ['POST', `${url}/${created.id}/attended`, ['bookings_edit']],
      ['POST', `${url}/${created.id}/unattended`, ['bookings_edit']],
      ['GET', availability, ['bookings_find', 'bookings_create']],
      ['DELETE', `${url}/${created.id}`, ['bookings_delete']],
    ] as const;
    const payloadOf = (method: string, path: string) => {
      if (method === 'POST' && path === url) {
        return {
          bookingCalendarId: c.calendarId,
          productId: c.productId,
          customerId: c.customerId,
          startsAt: `${monday}T12:00`,
        };
      }
      if (method === 'PUT') return updateOf(created);
      return undefined;
    };
    for (const permission of ['bookings_find', 'bookings_create', 'bookings_edit', 'bookings_delete']) {
      const employee = await createEmployee(t, c.code, c.token, [{ scope: 'can_do', permission }]);
      for (const [method, path, needed] of routes) {
        const allowed = (needed as readonly string[]).includes(permission);
        if (method === 'DELETE' && allowed) continue;
        const res = await call(t, method, path, { token: employee.token, payload: payloadOf(method, path) });
        if (allowed)
          expect(res.status, `${permission} ${method} ${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
        else expectError(res, 403, ErrorCode.forbidden);
      }
    }
    const none = await createEmployee(t, c.code, c.token, [
      { scope: 'can_grant', permission: 'bookings_find' },
      { scope: 'can_do', permission: 'bookingCalendars_find' },
    ]);
    for (const [method, path] of routes) {
      expectError(
        await call(t, method, path, { token: none.token, payload: payloadOf(method, path) }),
        403,
        ErrorCode.forbidden,
      );
      expectError(
        await call(t, method, path, { payload: payloadOf(method, path) }),
        401,
        ErrorCode.unauthenticated,
      );
    }
    expect((await call(t, 'GET', `${url}/${created.id}`, { token: c.token })).status).toBe(200);
    const deleter = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'bookings_delete' },
    ]);
    expect((await call(t, 'DELETE', `${url}/${created.id}`, { token: deleter.token })).status).toBe(200);
  });
});

describe('records with bookings stay', () => {
  it('refuses to delete a customer with bookings (1000109) until they go', async () => {
    const c = await bookingCompany();
    const created = await booked(c);
    const path = `/v1/admin/customers/${c.customerId}`;
    expectError(await call(t, 'DELETE', path, { token: c.token }), 409, ErrorCode.cannotDeleteCustomer);
    expect((await call(t, 'GET', path, { token: c.token })).status).toBe(200);
    expect((await call(t, 'DELETE', `${url}/${created.id}`, { token: c.token })).status).toBe(200);
    expect((await call(t, 'DELETE', path, { token: c.token })).status).toBe(200);
  });

  it('refuses to delete a product with bookings (1000127) until they go', async () => {
    const c = await bookingCompany();
    const created = await booked(c);
    const path = `/v1/admin/products/${c.productId}`;
    const res = await call(t, 'DELETE', path, { token: c.token });
    expectError(res, 409, ErrorCode.productHasBookings);
    expect(res.body.error.code).toBe(1000127);
    expect((await call(t, 'GET', path, { token: c.token })).status).toBe(200);
    expect((await call(t, 'DELETE', `${url}/${created.id}`, { token: c.token })).status).toBe(200);
    expect((await call(t, 'DELETE', path, { token: c.token })).status).toBe(200);
  });

  it('refuses to delete a calendar with bookings (1000031)', async () => {
    const c = await bookingCompany();
    await booked(c);
    expectError(
      await call(t, 'DELETE', `${calendarsUrl}/${c.calendarId}`, { token: c.token }),
      409,
      ErrorCode.calendarInUse,
    );
  });
});

describe('another license', () => {
  it('never reaches another license’s booking, calendar, product or customer', async () => {
    const a = await bookingCompany({ maximumConcurrentBookings: 5 });
    const b = await bookingCompany({ maximumConcurrentBookings: 5 });
    const theirs = await booked(b);
    const path = `${url}/${theirs.id}`;
    const token = a.token;
    expectError(await call(t, 'GET', path, { token }), 404, ErrorCode.notFound);
    expectError(
      await call(t, 'PUT', path, {
        token,
        payload: updateOf(theirs, { bookingCalendarId: a.calendarId, customerId: a.customerId }),
      }),
      404,
      ErrorCode.notFound,
    );
    expectError(await call(t, 'DELETE', path, { token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'POST', `${path}/attended`, { token }), 404, ErrorCode.notFound);
    expect(
      failingFields(
        await book(a, { bookingCalendarId: b.calendarId, productId: b.productId, customerId: b.customerId }),
      ),
    ).toEqual(['bookingCalendarId', 'customerId', 'productId']);
    // A's booking cannot move onto B's calendar nor pass to B's customer.
    const ours = await booked(a);
    const put = (changes: Record<string, unknown>) =>
      call(t, 'PUT', `${url}/${ours.id}`, {
        token,
        payload: updateOf(ours, { overrideRescheduleRules: true, ...changes }),
      });
    expect(failingFields(await put({ bookingCalendarId: b.calendarId }))).toEqual(['bookingCalendarId']);
    expect(failingFields(await put({ customerId: b.customerId }))).toEqual(['customerId']);
    expectError(
      await call(t, 'GET', availabilityUrl(b.calendarId), {
        token,
        query: { from: monday, to: '2027-03-02', productId: String(a.productId) },
      }),
      404,
      ErrorCode.notFound,
    );
    expect(
      failingFields(
        await call(t, 'GET', availabilityUrl(a.calendarId), {
          token,
          query: { from: monday, to: '2027-03-02', productId: String(b.productId) },
        }),
      ),
    ).toEqual(['productId']);
    expect(idsOf((await readList(t, token, url, { filters: { id: { eq: theirs.id } } })).items)).toEqual([]);
    expect(idsOf((await readList(t, token, url, { query: 'garcia' })).items)).toEqual([ours.id]);
    expect((await call(t, 'GET', path, { token: b.token })).body.data).toEqual(theirs);
    expect(await countOf(b.license.id)).toBe(1);
  });
});
