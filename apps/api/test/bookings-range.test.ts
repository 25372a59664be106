import { type BookingRangeItem, ErrorCode } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.js';
import {
  bookable,
  type Company,
  company,
  createBooking,
  createCalendar,
  createCustomer,
  createProduct,
  everyDay,
} from './factories.js';
import { buildTestApp, call, createEmployee, expectError, failingFields, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/bookings/range';
const calendarsUrl = '/v1/admin/booking-calendars';

/** March 2027 in Madrid: UTC+1 until the 28th, UTC+2 after. */
const march = { from: '2027-03-01T00:00', to: '2027-04-01T00:00' };

interface RangeCompany extends Company {
  calendarId: number;
  otherCalendarId: number;
  productId: number;
  customerId: number;
}

async function rangeCompany(): Promise<RangeCompany> {
  const c = await company(t);
  const all = [{ openAt: '00:00', closedAt: '24:00' }];
  return {
    ...c,
    calendarId: (
      await createCalendar(t, c.token, {
        name: 'Sala',
        schedule: everyDay(all),
        maximumConcurrentBookings: 50,
      })
    ).id,
    otherCalendarId: (await createCalendar(t, c.token, { name: 'Piscina', schedule: everyDay(all) })).id,
    productId: (await createProduct(t, c.token, { name: 'Yoga', taxId: c.taxId, ...bookable(60), price: 12 }))
      .id,
    customerId: (await createCustomer(t, c.token, { name: 'Ana', surname: 'García', phone: '+34600111222' }))
      .id,
  };
}

/** `perDay` bookings on each day of March 2027 (hourly from 06:00 UTC), written straight to the table. */
async function busyMonth(c: RangeCompany, perDay: number) {
  const rows = [];
  for (let day = 1; day <= 31; day++) {
    for (let n = 0; n < perDay; n++) {
      const startsAt = new Date(Date.UTC(2027, 2, day, 6 + (n % 14), 0));
      rows.push({
        licenseId: c.license.id,
        bookingCalendarId: c.calendarId,
        productId: c.productId,
        customerId: c.customerId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        quantity: 1,
        spaces: 1,
        priceCents: 1200,
        status: 'confirmed' as const,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await t.database.db.insert(bookings).values(rows.slice(i, i + 500));
  return rows.length;
}

async function range(token: string, query: Record<string, string>) {
  return call(t, 'GET', url, { token, query });
}

describe('GET /admin/bookings/range', () => {
  it('answers every booking of a busy month, not a page of them, in start order', async () => {
    const c = await rangeCompany();
    const written = await busyMonth(c, 40);
    expect(written).toBe(1240);
    const res = await range(c.token, march);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const items = res.body.data.bookings as BookingRangeItem[];
    expect(items).toHaveLength(1240);
    const starts = items.map((i) => Date.parse(i.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // The last day is there too: the second half of the month is not cut off.
    expect(items.filter((i) => i.startsAt.startsWith('2027-03-31'))).toHaveLength(40);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      bookingCalendarId: c.calendarId,
      productId: c.productId,
      customerId: c.customerId,
      startsAt: '2027-03-01T06:00:00.000Z',
      endsAt: '2027-03-01T07:00:00.000Z',
      quantity: 1,
      spaces: 1,
      price: 12,
      notes: null,
      attended: null,
      productName: 'Yoga',
      customerName: 'Ana García',
      customerPhone: '+34600111222',
    });
  });

  it('reads offset-less bounds in the company’s time zone, [from, to), and skips cancelled bookings', async () => {
    const c = await rangeCompany();
    const body = {
      bookingCalendarId: c.calendarId,
      productId: c.productId,
      customerId: c.customerId,
    };
    // 00:30 local on 2 March is 23:30 UTC on 1 March; midnight on the 3rd is 23:00 UTC on the 2nd.
    const early = await createBooking(t, c.token, { ...body, startsAt: '2027-03-02T00:30' });
    const late = await createBooking(t, c.token, { ...body, startsAt: '2027-03-02T23:00' });
    const next = await createBooking(t, c.token, { ...body, startsAt: '2027-03-03T00:00' });
    const cancelled = await createBooking(t, c.token, { ...body, startsAt: '2027-03-02T12:00' });
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled.id));
    const res = await range(c.token, { from: '2027-03-02', to: '2027-03-03' });
    expect(res.status).toBe(200);
    expect(res.body.data.bookings.map((i: BookingRangeItem) => i.id)).toEqual([early.id, late.id]);
    const utc = await range(c.token, { from: '2027-03-02T00:00:00Z', to: '2027-03-03T00:00:00Z' });
    expect(utc.body.data.bookings.map((i: BookingRangeItem) => i.id)).toEqual([late.id, next.id]);
  });

  it('answers one calendar’s bookings when asked, and 404 for a calendar of another company', async () => {
    const c = await rangeCompany();
    const other = await rangeCompany();
    const body = { productId: c.productId, customerId: c.customerId, startsAt: '2027-03-10T10:00' };
    const inSala = await createBooking(t, c.token, { ...body, bookingCalendarId: c.calendarId });
    const inPool = await createBooking(t, c.token, { ...body, bookingCalendarId: c.otherCalendarId });
    const all = await range(c.token, march);
    expect(all.body.data.bookings.map((i: BookingRangeItem) => i.id).sort()).toEqual(
      [inSala.id, inPool.id].sort(),
    );
    const one = await range(c.token, { ...march, bookingCalendarId: String(c.otherCalendarId) });
    expect(one.body.data.bookings.map((i: BookingRangeItem) => i.id)).toEqual([inPool.id]);
    // Another company sees none of them, and not its calendar either.
    expect((await range(other.token, march)).body.data.bookings).toEqual([]);
    expectError(
      await range(other.token, { ...march, bookingCalendarId: String(c.calendarId) }),
      404,
      ErrorCode.notFound,
    );
  });

  it('refuses a range over 45 days, an end before the start and malformed bounds', async () => {
    const c = await rangeCompany();
    expect(failingFields(await range(c.token, { from: '2027-03-01', to: '2027-04-16' }))).toEqual(['to']);
    expect((await range(c.token, { from: '2027-03-01', to: '2027-04-15' })).status).toBe(200);
    expect(failingFields(await range(c.token, { from: '2027-03-02', to: '2027-03-01' }))).toEqual(['to']);
    expect(failingFields(await range(c.token, { from: '2027-02-30', to: '2027-03-01' }))).toEqual(['from']);
    // Bounds in different notations are compared by the server.
    expect(
      failingFields(await range(c.token, { from: '2027-03-01T00:00:00Z', to: '2027-05-01T00:00' })),
    ).toEqual(['to']);
    expect((await range(c.token, { from: '2027-03-01' })).status).toBe(400);
    // The edges of the calendar answer, empty.
    const last = await range(c.token, { from: '9999-12-31T00:00', to: '9999-12-31T23:59:59-23:59' });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.data.bookings).toEqual([]);
    expect((await range(c.token, { from: '0001-01-01', to: '0001-01-02' })).status).toBe(200);
  });

  it('needs bookings_find', async () => {
    const c = await rangeCompany();
    const without = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'bookings_create' },
    ]);
    expectError(await range(without.token, march), 403, ErrorCode.forbidden);
    const finder = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'bookings_find' },
    ]);
    expect((await range(finder.token, march)).status).toBe(200);
    expect((await call(t, 'GET', url, { query: march })).status).toBe(401);
  });
});

describe('a calendar’s colour', () => {
  it('is stored as #rrggbb in lower case, answered in the record and the list, and may be null', async () => {
    const c = await company(t);
    const created = await createCalendar(t, c.token, { name: 'Sala azul', color: '#1677FF' });
    expect(created.color).toBe('#1677ff');
    const list = await call(t, 'GET', calendarsUrl, { token: c.token });
    expect(list.body.data.items.find((i: { id: number }) => i.id === created.id).color).toBe('#1677ff');
    const plain = await createCalendar(t, c.token, { name: 'Sala sin color' });
    expect(plain.color).toBeNull();
    const { id, createdAt, updatedAt, ...rest } = created;
    const cleared = await call(t, 'PUT', `${calendarsUrl}/${id}`, {
      token: c.token,
      payload: { ...rest, color: null },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data.color).toBeNull();
  });

  it('refuses anything but #rrggbb', async () => {
    const c = await company(t);
    for (const color of ['red', '#12345', '#1234567', '1677ff', '#gg0000', 'rgb(0,0,0)']) {
      const res = await call(t, 'POST', calendarsUrl, {
        token: c.token,
        payload: { name: 'Sala', schedule: everyDay(), duration: 30, color },
      });
      expect(failingFields(res), color).toEqual(['color']);
    }
  });
});
