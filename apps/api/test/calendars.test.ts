import { type Anomaly, ErrorCode, type Weekday, type WeeklySchedule } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingCalendarAnomalies, bookingCalendars, bookings } from '../src/db/schema.js';
import {
  bookable,
  company,
  createAnomaly,
  createCalendar,
  createCustomer,
  createProduct,
  weekdaysOnly,
} from './factories.js';
import { buildTestApp, call, createEmployee, expectError, failingFields, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/booking-calendars';
const anomaliesUrl = (calendarId: number) => `${url}/${calendarId}/schedule-anomalies`;

/** Mon–Fri 09:00–14:00 and 16:00–20:00, Saturday mornings, closed on Sunday. */
function massageSchedule(): WeeklySchedule {
  return { ...weekdaysOnly(), saturday: [{ openAt: '10:00', closedAt: '14:00' }] };
}

const minimal = () => ({ name: 'Sala de masajes', schedule: massageSchedule(), duration: 30 });

/** A booking row as the bookings work will write it. */
async function insertBooking(
  licenseId: number,
  values: { calendarId: number; productId: number; customerId: number; status?: 'confirmed' | 'cancelled' },
) {
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      licenseId,
      bookingCalendarId: values.calendarId,
      productId: values.productId,
      customerId: values.customerId,
      startsAt: new Date('2026-05-04T08:00:00Z'),
      endsAt: new Date('2026-05-04T09:00:00Z'),
      quantity: 1,
      spaces: 1,
      priceCents: 4500,
      status: values.status ?? 'confirmed',
    })
    .returning();
  return row!;
}

const ids = (items: { id: number }[]) => items.map((x) => x.id);

describe('booking calendar CRUD', () => {
  it('creates a calendar with every field and answers them all on GET', async () => {
    const { token } = await company(t);
    const created = await createCalendar(t, token, {
      name: '  Sala de masajes  ',
      schedule: massageSchedule(),
      duration: 30,
      publicDuration: 25,
      canCustomersChangeTheBookingDate: true,
      howManyTimesCanCustomerRescheduleBooking: 2,
      maximumDaysOfBookingForecast: 90,
      minimumMinutesInAdvanceForBooking: 120,
      maximumConcurrentBookings: 3,
      minimumProductDuration: 30,
    });
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Sala de masajes',
      color: null,
      schedule: massageSchedule(),
      duration: 30,
      publicDuration: 25,
      canCustomersChangeTheBookingDate: true,
      howManyTimesCanCustomerRescheduleBooking: 2,
      maximumDaysOfBookingForecast: 90,
      minimumMinutesInAdvanceForBooking: 120,
      maximumConcurrentBookings: 3,
      minimumProductDuration: 30,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const got = await call(t, 'GET', `${url}/${created.id}`, { token });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(created);
  });

  it('takes the defaults: one space, no advance, no limits, customers cannot move bookings', async () => {
    const { token } = await company(t);
    const created = await createCalendar(t, token);
    expect(created).toMatchObject({
      publicDuration: null,
      canCustomersChangeTheBookingDate: false,
      howManyTimesCanCustomerRescheduleBooking: null,
      maximumDaysOfBookingForecast: null,
      minimumMinutesInAdvanceForBooking: 0,
      maximumConcurrentBookings: 1,
      minimumProductDuration: null,
    });
  });

  it('answers each day’s ranges in time order, 24:00 as the end of the day, touching ranges allowed', async () => {
    const { token } = await company(t);
    const schedule = {
      ...massageSchedule(),
      monday: [
        { openAt: '16:00', closedAt: '20:00' },
        { openAt: '09:00', closedAt: '14:00' },
        { openAt: '14:00', closedAt: '15:00' },
      ],
      sunday: [{ openAt: '00:00', closedAt: '24:00' }],
    };
    const created = await createCalendar(t, token, { schedule });
    expect(created.schedule).toEqual({
      ...schedule,
      monday: [
        { openAt: '09:00', closedAt: '14:00' },
        { openAt: '14:00', closedAt: '15:00' },
        { openAt: '16:00', closedAt: '20:00' },
      ],
    });
  });

  it('ignores the reschedule limit when customers may not change the date', async () => {
    const { token } = await company(t);
    const created = await createCalendar(t, token, {
      canCustomersChangeTheBookingDate: false,
      howManyTimesCanCustomerRescheduleBooking: 3,
    });
    expect(created.howManyTimesCanCustomerRescheduleBooking).toBeNull();
  });

  it('PUT replaces the whole calendar; fields left out take their defaults', async () => {
    const { token } = await company(t);
    const created = await createCalendar(t, token, {
      maximumConcurrentBookings: 4,
      maximumDaysOfBookingForecast: 30,
      canCustomersChangeTheBookingDate: true,
      howManyTimesCanCustomerRescheduleBooking: 1,
    });
    const schedule = { ...massageSchedule(), saturday: [], sunday: [{ openAt: '10:00', closedAt: '13:00' }] };
    const res = await call(t, 'PUT', `${url}/${created.id}`, {
      token,
      payload: { name: 'Cabina 1', schedule, duration: 45, publicDuration: 40 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      ...created,
      name: 'Cabina 1',
      schedule,
      duration: 45,
      publicDuration: 40,
      maximumConcurrentBookings: 1,
      maximumDaysOfBookingForecast: null,
      canCustomersChangeTheBookingDate: false,
      howManyTimesCanCustomerRescheduleBooking: null,
      updatedAt: expect.any(String),
    });
    expect((await call(t, 'GET', `${url}/${created.id}`, { token })).body.data).toEqual(res.body.data);
  });

  it('deletes a calendar and its anomalies', async () => {
    const { token } = await company(t);
    const created = await createCalendar(t, token);
    await createAnomaly(t, token, created.id, {
      type: 'close',
      startDate: '2026-12-25',
      endDate: '2026-12-26',
    });
    const removed = await call(t, 'DELETE', `${url}/${created.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { ok: true } });
    expectError(await call(t, 'GET', `${url}/${created.id}`, { token }), 404, ErrorCode.notFound);
    const left = await t.database.db
      .select()
      .from(bookingCalendarAnomalies)
      .where(eq(bookingCalendarAnomalies.bookingCalendarId, created.id));
    expect(left).toEqual([]);
  });

  it('answers 404 for an unknown calendar on every route', async () => {
    const { token } = await company(t);
    const missing = `${url}/2000000000`;
    expectError(await call(t, 'GET', missing, { token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'PUT', missing, { token, payload: minimal() }), 404, ErrorCode.notFound);
    expectError(await call(t, 'DELETE', missing, { token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'GET', anomaliesUrl(2000000000), { token }), 404, ErrorCode.notFound);
    expectError(
      await call(t, 'POST', anomaliesUrl(2000000000), {
        token,
        payload: { type: 'close', startDate: '2026-12-25', endDate: '2026-12-26' },
      }),
      404,
      ErrorCode.notFound,
    );
    expectError(await call(t, 'DELETE', `${anomaliesUrl(2000000000)}/1`, { token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'GET', `${url}/abc`, { token }), 400, ErrorCode.validation);
  });
});

describe('booking calendar validation', () => {
  let token: string;
  beforeAll(async () => {
    token = (await company(t)).token;
  });
  const post = (payload: unknown) => call(t, 'POST', url, { token, payload });
  const withDay = (day: Weekday, ranges: unknown) => ({
    ...minimal(),
    schedule: { ...massageSchedule(), [day]: ranges },
  });

  it('requires name, schedule and duration', async () => {
    expect(failingFields(await post({})).sort()).toEqual(['duration', 'name', 'schedule']);
    expect(failingFields(await post({ ...minimal(), name: '   ' }))).toEqual(['name']);
    expect(failingFields(await post({ ...minimal(), name: 'x'.repeat(121) }))).toEqual(['name']);
  });

  it('bounds every number, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ duration: 0 }, 'duration'],
      [{ duration: 1441 }, 'duration'],
      [{ duration: 30.5 }, 'duration'],
      [{ duration: '30' }, 'duration'],
      [{ publicDuration: 0 }, 'publicDuration'],
      [{ publicDuration: 1441 }, 'publicDuration'],
      [{ howManyTimesCanCustomerRescheduleBooking: -1 }, 'howManyTimesCanCustomerRescheduleBooking'],
      [{ maximumDaysOfBookingForecast: 0 }, 'maximumDaysOfBookingForecast'],
      [{ maximumDaysOfBookingForecast: 3651 }, 'maximumDaysOfBookingForecast'],
      [{ minimumMinutesInAdvanceForBooking: -1 }, 'minimumMinutesInAdvanceForBooking'],
      [{ minimumMinutesInAdvanceForBooking: null }, 'minimumMinutesInAdvanceForBooking'],
      [{ maximumConcurrentBookings: 0 }, 'maximumConcurrentBookings'],
      [{ maximumConcurrentBookings: 10_001 }, 'maximumConcurrentBookings'],
      [{ minimumProductDuration: 0 }, 'minimumProductDuration'],
      [{ minimumProductDuration: 1441 }, 'minimumProductDuration'],
      [{ canCustomersChangeTheBookingDate: 'yes' }, 'canCustomersChangeTheBookingDate'],
    ];
    for (const [patch, field] of cases) {
      expect(failingFields(await post({ ...minimal(), ...patch })), JSON.stringify(patch)).toEqual([field]);
    }
    // The bounds themselves are fine.
    await createCalendar(t, token, {
      duration: 1440,
      publicDuration: 1,
      howManyTimesCanCustomerRescheduleBooking: 0,
      maximumDaysOfBookingForecast: 3650,
      maximumConcurrentBookings: 10_000,
      minimumProductDuration: 1440,
    });
  });

  it('needs all seven days, each an array', async () => {
    const { sunday: _, ...sixDays } = massageSchedule();
    expect(failingFields(await post({ ...minimal(), schedule: sixDays }))).toEqual(['schedule.sunday']);
    expect(failingFields(await post(withDay('friday', null)))).toEqual(['schedule.friday']);
    expect(failingFields(await post({ ...minimal(), schedule: [] }))).toEqual(['schedule']);
  });

  it('refuses times that are not HH:MM, naming the range and the field', async () => {
    for (const openAt of ['9:00', '09:0', '24:00', '12:60', '25:00', 'noon', '09:00:00', '']) {
      expect(failingFields(await post(withDay('monday', [{ openAt, closedAt: '14:00' }]))), openAt).toEqual([
        'schedule.monday.0.openAt',
      ]);
    }
    for (const closedAt of ['24:01', '24:30', '2:00', '14h']) {
      expect(
        failingFields(
          await post(
            withDay('tuesday', [
              { openAt: '08:00', closedAt: '09:00' },
              { openAt: '10:00', closedAt },
            ]),
          ),
        ),
        closedAt,
      ).toEqual(['schedule.tuesday.1.closedAt']);
    }
    expect(failingFields(await post(withDay('monday', [{ openAt: '09:00' }])))).toEqual([
      'schedule.monday.0.closedAt',
    ]);
  });

  it('refuses a range that does not close after it opens', async () => {
    expect(failingFields(await post(withDay('wednesday', [{ openAt: '14:00', closedAt: '09:00' }])))).toEqual(
      ['schedule.wednesday.0.closedAt'],
    );
    expect(failingFields(await post(withDay('wednesday', [{ openAt: '09:00', closedAt: '09:00' }])))).toEqual(
      ['schedule.wednesday.0.closedAt'],
    );
  });

  it('refuses overlapping ranges of a day, naming the later one', async () => {
    expect(
      failingFields(
        await post(
          withDay('monday', [
            { openAt: '09:00', closedAt: '14:00' },
            { openAt: '13:30', closedAt: '20:00' },
          ]),
        ),
      ),
    ).toEqual(['schedule.monday.1.openAt']);
    // Sent out of order: the range that opens later is named, by its index in the request.
    expect(
      failingFields(
        await post(
          withDay('saturday', [
            { openAt: '16:00', closedAt: '20:00' },
            { openAt: '09:00', closedAt: '17:00' },
          ]),
        ),
      ),
    ).toEqual(['schedule.saturday.0.openAt']);
    // One range inside another, and a third overlapping the first.
    expect(
      failingFields(
        await post(
          withDay('sunday', [
            { openAt: '08:00', closedAt: '20:00' },
            { openAt: '10:00', closedAt: '11:00' },
            { openAt: '19:00', closedAt: '21:00' },
          ]),
        ),
      ).sort(),
    ).toEqual(['schedule.sunday.1.openAt', 'schedule.sunday.2.openAt']);
    // The same range twice.
    expect(
      failingFields(
        await post(
          withDay('friday', [
            { openAt: '09:00', closedAt: '14:00' },
            { openAt: '09:00', closedAt: '14:00' },
          ]),
        ),
      ),
    ).toEqual(['schedule.friday.1.openAt']);
  });

  it('takes at most 12 ranges a day', async () => {
    const ranges = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        openAt: `${String(i).padStart(2, '0')}:00`,
        closedAt: `${String(i).padStart(2, '0')}:30`,
      }));
    expect(failingFields(await post(withDay('thursday', ranges(13))))).toEqual(['schedule.thursday']);
    await createCalendar(t, token, { schedule: { ...massageSchedule(), thursday: ranges(12) } });
  });

  it('validates PUT the same way', async () => {
    const created = await createCalendar(t, token);
    const res = await call(t, 'PUT', `${url}/${created.id}`, {
      token,
      payload: withDay('monday', [
        { openAt: '09:00', closedAt: '14:00' },
        { openAt: '12:00', closedAt: '15:00' },
      ]),
    });
    expect(failingFields(res)).toEqual(['schedule.monday.1.openAt']);
    expect((await call(t, 'GET', `${url}/${created.id}`, { token })).body.data).toEqual(created);
  });
});

describe('permissions', () => {
  it('demands the permission of each route (403 without it)', async () => {
    const owner = await company(t);
    const calendar = await createCalendar(t, owner.token);
    const anomaly = await createAnomaly(t, owner.token, calendar.id, {
      type: 'close',
      startDate: '2026-08-01',
      endDate: '2026-08-02',
    });
    const routes = [
      ['GET', url, 'bookingCalendars_find'],
      ['POST', url, 'bookingCalendars_create'],
      ['GET', `${url}/${calendar.id}`, 'bookingCalendars_find'],
      ['PUT', `${url}/${calendar.id}`, 'bookingCalendars_edit'],
      ['DELETE', `${url}/${calendar.id}`, 'bookingCalendars_delete'],
      ['GET', anomaliesUrl(calendar.id), 'bookingCalendarsScheduleAnomaly_find'],
      ['POST', anomaliesUrl(calendar.id), 'bookingCalendarsScheduleAnomaly_create'],
      ['DELETE', `${anomaliesUrl(calendar.id)}/${anomaly.id}`, 'bookingCalendarsScheduleAnomaly_delete'],
    ] as const;
    const payloadOf = (method: string, path: string) => {
      if (method === 'POST' && path.endsWith('schedule-anomalies')) {
        return { type: 'close', startDate: '2027-01-01', endDate: '2027-01-02' };
      }
      if (method === 'POST' || method === 'PUT') return minimal();
      return undefined;
    };
    const permissions = [...new Set(routes.map((r) => r[2]))];
    for (const permission of permissions) {
      const employee = await createEmployee(t, owner.code, owner.token, [{ scope: 'can_do', permission }]);
      for (const [method, path, needed] of routes) {
        // The deletes run last, with their own permission: the records are still there for the others.
        if (method === 'DELETE' && needed === permission) continue;
        const res = await call(t, method, path, { token: employee.token, payload: payloadOf(method, path) });
        if (needed === permission) expect(res.status, `${permission} ${method} ${path}`).toBeLessThan(300);
        else expectError(res, 403, ErrorCode.forbidden);
      }
    }
    const none = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_grant', permission: 'bookingCalendars_find' },
      { scope: 'can_do', permission: 'products_find' },
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
    const deleteAnomaly = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_do', permission: 'bookingCalendarsScheduleAnomaly_delete' },
    ]);
    expect((await call(t, 'DELETE', routes[7][1], { token: deleteAnomaly.token })).status).toBe(200);
    const deleteCalendar = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_do', permission: 'bookingCalendars_delete' },
    ]);
    expect((await call(t, 'DELETE', routes[4][1], { token: deleteCalendar.token })).status).toBe(200);
  });
});

describe('a calendar in use stays', () => {
  it('refuses to delete a calendar with products (1000031) and deletes it once they leave', async () => {
    const { token, taxId } = await company(t);
    const calendar = await createCalendar(t, token);
    const anomaly = await createAnomaly(t, token, calendar.id, {
      type: 'close',
      startDate: '2026-12-25',
      endDate: '2026-12-26',
    });
    const product = await createProduct(t, token, { taxId, ...bookable(), bookingCalendarId: calendar.id });
    expectError(await call(t, 'DELETE', `${url}/${calendar.id}`, { token }), 409, ErrorCode.calendarInUse);
    expect((await call(t, 'GET', `${url}/${calendar.id}`, { token })).body.data).toEqual(calendar);
    expect(ids((await call(t, 'GET', anomaliesUrl(calendar.id), { token })).body.data.items)).toEqual([
      anomaly.id,
    ]);

    const moved = await call(t, 'PUT', `/v1/admin/products/${product.id}`, {
      token,
      payload: { name: 'Masaje', type: 'bookable', price: 45, taxType: taxId, durationInMinutes: 60 },
    });
    expect(moved.status).toBe(200);
    expect((await call(t, 'DELETE', `${url}/${calendar.id}`, { token })).status).toBe(200);
  });

  it('refuses to delete a calendar with bookings (1000031), cancelled ones too, and deletes nothing', async () => {
    const { token, taxId, license } = await company(t);
    const calendar = await createCalendar(t, token);
    const other = await createCalendar(t, token, { name: 'Otra sala' });
    // The product is booked on the other calendar: only the booking ties this one.
    const product = await createProduct(t, token, { taxId, ...bookable(), bookingCalendarId: other.id });
    const { id: customerId } = await createCustomer(t, token);
    const booking = await insertBooking(license.id, {
      calendarId: calendar.id,
      productId: product.id,
      customerId,
      status: 'cancelled',
    });
    expectError(await call(t, 'DELETE', `${url}/${calendar.id}`, { token }), 409, ErrorCode.calendarInUse);
    expect((await call(t, 'GET', `${url}/${calendar.id}`, { token })).status).toBe(200);
    const [kept] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(kept?.bookingCalendarId).toBe(calendar.id);

    await t.database.db.delete(bookings).where(eq(bookings.id, booking.id));
    expect((await call(t, 'DELETE', `${url}/${calendar.id}`, { token })).status).toBe(200);
  });

  it('deleting the license takes its calendars, anomalies, products and bookings with it', async () => {
    const { token, taxId, license } = await company(t);
    const calendar = await createCalendar(t, token);
    await createAnomaly(t, token, calendar.id, {
      type: 'close',
      startDate: '2026-12-25',
      endDate: '2026-12-26',
    });
    const product = await createProduct(t, token, { taxId, ...bookable(), bookingCalendarId: calendar.id });
    const { id: customerId } = await createCustomer(t, token);
    await insertBooking(license.id, { calendarId: calendar.id, productId: product.id, customerId });
    await t.services.licenses.remove(license.id);
    const rows = await t.database.db
      .select()
      .from(bookingCalendars)
      .where(eq(bookingCalendars.licenseId, license.id));
    expect(rows).toEqual([]);
  });
});

describe('schedule anomalies', () => {
  it('creates, lists and deletes anomalies; offset-less dates are the company’s local time', async () => {
    const { token } = await company(t);
    const calendar = await createCalendar(t, token);
    const christmas = await createAnomaly(t, token, calendar.id, {
      type: 'close',
      startDate: '2026-12-25',
      endDate: '2026-12-26',
      reason: '  Festivo: Navidad  ',
    });
    expect(christmas).toEqual({
      id: expect.any(Number),
      bookingCalendarId: calendar.id,
      type: 'close',
      startDate: '2026-12-24T23:00:00.000Z',
      endDate: '2026-12-25T23:00:00.000Z',
      reason: 'Festivo: Navidad',
      createdAt: expect.any(String),
    });
    // Summer time in Madrid: UTC+2.
    const summer = await createAnomaly(t, token, calendar.id, {
      type: 'open',
      startDate: '2026-07-05T10:00',
      endDate: '2026-07-05T14:00:00',
      reason: '',
    });
    expect(summer).toMatchObject({
      startDate: '2026-07-05T08:00:00.000Z',
      endDate: '2026-07-05T12:00:00.000Z',
      reason: null,
    });
    // With an offset, the instant given.
    const explicit = await createAnomaly(t, token, calendar.id, {
      type: 'open',
      startDate: '2026-03-01T10:00:00Z',
      endDate: '2026-03-01T12:30:00+01:00',
    });
    expect(explicit).toMatchObject({
      startDate: '2026-03-01T10:00:00.000Z',
      endDate: '2026-03-01T11:30:00.000Z',
      reason: null,
    });

    const list = await call(t, 'GET', anomaliesUrl(calendar.id), { token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({
      items: [
        {
          id: explicit.id,
          startsAt: '2026-03-01T10:00:00.000Z',
          endsAt: '2026-03-01T11:30:00.000Z',
          type: 'open',
          reason: null,
        },
        {
          id: summer.id,
          startsAt: '2026-07-05T08:00:00.000Z',
          endsAt: '2026-07-05T12:00:00.000Z',
          type: 'open',
          reason: null,
        },
        {
          id: christmas.id,
          startsAt: '2026-12-24T23:00:00.000Z',
          endsAt: '2026-12-25T23:00:00.000Z',
          type: 'close',
          reason: 'Festivo: Navidad',
        },
      ],
      total: 3,
      page: 1,
      limit: 50,
    });

    const removed = await call(t, 'DELETE', `${anomaliesUrl(calendar.id)}/${summer.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { ok: true } });
    expect(ids((await call(t, 'GET', anomaliesUrl(calendar.id), { token })).body.data.items)).toEqual([
      explicit.id,
      christmas.id,
    ]);
    expectError(
      await call(t, 'DELETE', `${anomaliesUrl(calendar.id)}/${summer.id}`, { token }),
      404,
      ErrorCode.notFound,
    );
  });

  it('only deletes an anomaly through its own calendar', async () => {
    const { token } = await company(t);
    const calendar = await createCalendar(t, token);
    const other = await createCalendar(t, token, { name: 'Otra' });
    const anomaly = await createAnomaly(t, token, calendar.id, {
      type: 'close',
      startDate: '2026-12-25',
      endDate: '2026-12-26',
    });
    expectError(
      await call(t, 'DELETE', `${anomaliesUrl(other.id)}/${anomaly.id}`, { token }),
      404,
      ErrorCode.notFound,
    );
    expect(ids((await call(t, 'GET', anomaliesUrl(calendar.id), { token })).body.data.items)).toEqual([
      anomaly.id,
    ]);
  });

  it('validates the body, naming the field; the end must come after the start', async () => {
    const { token } = await company(t);
    const calendar = await createCalendar(t, token);
    const post = (payload: unknown) => call(t, 'POST', anomaliesUrl(calendar.id), { token, payload });
    const ok = { type: 'close', startDate: '2026-12-24T10:00', endDate: '2026-12-24T14:00' };
    expect(failingFields(await post({})).sort()).toEqual(['endDate', 'startDate', 'type']);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'holiday' }, 'type'],
      [{ startDate: 'tomorrow' }, 'startDate'],
      [{ startDate: '2026-02-30T10:00' }, 'startDate'],
      [{ startDate: '2026-12-24T25:00' }, 'startDate'],
      [{ startDate: 1_766_570_400_000 }, 'startDate'],
      [{ endDate: '24/12/2026 14:00' }, 'endDate'],
      [{ endDate: '2026-12-24T09:00' }, 'endDate'],
      [{ endDate: '2026-12-24T10:00' }, 'endDate'],
      [{ startDate: '2026-12-24T10:00:00Z', endDate: '2026-12-24T09:59:59Z' }, 'endDate'],
      [{ reason: 'x'.repeat(501) }, 'reason'],
    ];
    for (const [patch, field] of cases) {
      expect(failingFields(await post({ ...ok, ...patch })), JSON.stringify(patch)).toEqual([field]);
    }
    // One with an offset and one without: the server compares them in the company's zone.
    // 10:00 in Madrid (winter) is 09:00Z: an end at 08:30Z is before it.
    const mixed = await post({ ...ok, endDate: '2026-12-24T08:30:00Z' });
    expect(failingFields(mixed)).toEqual(['endDate']);
    expect((await post({ ...ok, endDate: '2026-12-24T09:30:00Z' })).status).toBe(201);
    expect((await post({ ...ok, reason: 'x'.repeat(500) })).status).toBe(201);
  });

  it('refuses an anomaly overlapping one of the opposite type (1000111), both ways', async () => {
    const { token } = await company(t);
    const calendar = await createCalendar(t, token);
    const post = (payload: unknown) => call(t, 'POST', anomaliesUrl(calendar.id), { token, payload });
    const closed = await createAnomaly(t, token, calendar.id, {
      type: 'close',
      startDate: '2026-12-24T10:00',
      endDate: '2026-12-24T14:00',
    });
    const conflict = await post({ type: 'open', startDate: '2026-12-24T12:00', endDate: '2026-12-24T16:00' });
    expectError(conflict, 409, ErrorCode.anomalyConflict);
    expect((conflict.body as unknown as { error: { details: unknown } }).error.details).toEqual({
      conflictingAnomaly: expect.objectContaining({ id: closed.id, type: 'close' }),
    });
    // Inside it, around it, starting before it.
    for (const [startDate, endDate] of [
      ['2026-12-24T11:00', '2026-12-24T12:00'],
      ['2026-12-24T08:00', '2026-12-24T20:00'],
      ['2026-12-24T09:00', '2026-12-24T10:01'],
    ]) {
      expectError(await post({ type: 'open', startDate, endDate }), 409, ErrorCode.anomalyConflict);
    }
    // The other direction: an opening first, then a closing over it.
    const opened = await createAnomaly(t, token, calendar.id, {
      type: 'open',
      startDate: '2026-12-20T10:00',
      endDate: '2026-12-20T14:00',
    });
    expectError(
      await post({ type: 'close', startDate: '2026-12-20', endDate: '2026-12-21' }),
      409,
      ErrorCode.anomalyConflict,
    );
    // Touching is not overlapping; the same type may overlap.
    await createAnomaly(t, token, calendar.id, {
      type: 'open',
      startDate: '2026-12-24T14:00',
      endDate: '2026-12-24T18:00',
    });
    await createAnomaly(t, token, calendar.id, {
      type: 'open',
      startDate: '2026-12-24T08:00',
      endDate: '2026-12-24T10:00',
    });
    await createAnomaly(t, token, calendar.id, {
      type: 'close',
      startDate: '2026-12-24T12:00',
      endDate: '2026-12-24T13:00',
    });
    await createAnomaly(t, token, calendar.id, {
      type: 'close',
      startDate: '2026-12-20T14:00',
      endDate: '2026-12-21T00:00',
    });
    // Another calendar's anomalies do not count.
    const other = await createCalendar(t, token, { name: 'Otra' });
    await createAnomaly(t, token, other.id, { type: 'open', startDate: '2026-12-24', endDate: '2026-12-25' });
    // Once the closing goes, the opening fits.
    expect((await call(t, 'DELETE', `${anomaliesUrl(calendar.id)}/${opened.id}`, { token })).status).toBe(
      200,
    );
    await createAnomaly(t, token, calendar.id, {
      type: 'close',
      startDate: '2026-12-20',
      endDate: '2026-12-21',
    });
    expect((await call(t, 'GET', anomaliesUrl(calendar.id), { token })).body.data.total).toBe(6);
  });

  it('lets exactly one of two opposite anomalies created at once through', async () => {
    const { token } = await company(t);
    for (let round = 0; round < 5; round++) {
      const calendar = await createCalendar(t, token, { name: `Sala ${round}` });
      const results = await Promise.all(
        (['open', 'close'] as const).map((type, i) =>
          call(t, 'POST', anomaliesUrl(calendar.id), {
            token,
            payload: {
              type,
              startDate: `2026-11-1${round}T${10 + i}:00`,
              endDate: `2026-11-1${round}T${13 + i}:00`,
            },
          }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(results.map((r) => r.body))).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.error.code).toBe(ErrorCode.anomalyConflict);
      expect((await call(t, 'GET', anomaliesUrl(calendar.id), { token })).body.data.total).toBe(1);
    }
  });

  it('sorts, filters, searches and pages the list', async () => {
    const { token } = await company(t);
    const calendar = await createCalendar(t, token);
    const made = [];
    for (const [type, startDate, endDate, reason] of [
      ['close', '2026-12-25', '2026-12-26', 'Navidad'],
      ['open', '2026-12-20T10:00', '2026-12-20T14:00', 'Domingo antes de Navidad'],
      ['close', '2027-01-01', '2027-01-02', 'Año Nuevo'],
      ['close', '2026-08-01', '2026-08-16', 'Vacaciones'],
    ] as const) {
      made.push(await createAnomaly(t, token, calendar.id, { type, startDate, endDate, reason }));
    }
    const [navidad, domingo, anoNuevo, vacaciones] = made as [Anomaly, Anomaly, Anomaly, Anomaly];
    const list = async (query: Record<string, string>) => {
      const res = await call(t, 'GET', anomaliesUrl(calendar.id), { token, query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { items: { id: number }[]; total: number };
    };
    const found = async (query: Record<string, string>) => ids((await list(query)).items);
    expect(await found({})).toEqual([vacaciones.id, domingo.id, navidad.id, anoNuevo.id]);
    expect(await found({ orders: '{"startsAt":"desc"}' })).toEqual([
      anoNuevo.id,
      navidad.id,
      domingo.id,
      vacaciones.id,
    ]);
    expect(await found({ orders: '{"endsAt":"desc"}' })).toEqual([
      anoNuevo.id,
      navidad.id,
      domingo.id,
      vacaciones.id,
    ]);
    expect(await found({ filters: '{"type":{"eq":"open"}}' })).toEqual([domingo.id]);
    // A plain date in a filter is the company's midnight.
    expect(await found({ filters: '{"startsAt":{"gte":"2026-12-25"}}' })).toEqual([navidad.id, anoNuevo.id]);
    expect(await found({ filters: '{"startDate":{"gte":"2026-12-25"}}' })).toEqual([navidad.id, anoNuevo.id]);
    expect(await found({ filters: '{"endsAt":{"lte":"2026-12-20T14:00"}}' })).toEqual([
      vacaciones.id,
      domingo.id,
    ]);
    expect(await found({ query: 'navidad' })).toEqual([domingo.id, navidad.id]);
    const page = await list({ limit: '1', page: '2' });
    expect(page.total).toBe(4);
    expect(ids(page.items)).toEqual([domingo.id]);
    expect(
      failingFields(
        await call(t, 'GET', anomaliesUrl(calendar.id), { token, query: { orders: '{"name":"asc"}' } }),
      ),
    ).toEqual(['orders.name']);
    expect(
      failingFields(
        await call(t, 'GET', anomaliesUrl(calendar.id), {
          token,
          query: { filters: '{"startsAt":{"gte":"soon"}}' },
        }),
      ),
    ).toEqual(['filters.startsAt.gte']);
  });
});

describe('booking calendar list', () => {
  it('answers the list columns, by name then id by default', async () => {
    const { token } = await company(t);
    const yoga = await createCalendar(t, token, {
      name: 'Clases de yoga',
      duration: 60,
      maximumConcurrentBookings: 12,
      maximumDaysOfBookingForecast: 30,
      minimumMinutesInAdvanceForBooking: 30,
      minimumProductDuration: 60,
    });
    const padelB = await createCalendar(t, token, { name: 'Pista de pádel', duration: 90 });
    const massage = await createCalendar(t, token, { name: 'Sala de masajes' });
    const padelA = await createCalendar(t, token, { name: 'Pista de pádel', duration: 90 });
    const res = await call(t, 'GET', url, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 4, page: 1, limit: 50 });
    expect(ids(res.body.data.items)).toEqual([yoga.id, padelB.id, padelA.id, massage.id]);
    expect(res.body.data.items[0]).toEqual({
      id: yoga.id,
      name: 'Clases de yoga',
      color: null,
      maximumConcurrentBookings: 12,
      maximumDaysOfBookingForecast: 30,
      minimumMinutesInAdvanceForBooking: 30,
      minimumProductDuration: 60,
      duration: 60,
      createdAt: yoga.createdAt,
      updatedAt: yoga.updatedAt,
    });
  });

  it('sorts, filters and searches', async () => {
    const { token } = await company(t);
    const massage = await createCalendar(t, token, {
      name: 'Sala de masajes',
      maximumDaysOfBookingForecast: 90,
    });
    const yoga = await createCalendar(t, token, {
      name: 'Clases de yoga',
      duration: 60,
      maximumConcurrentBookings: 12,
      minimumMinutesInAdvanceForBooking: 30,
    });
    const padel = await createCalendar(t, token, {
      name: 'Pista de pádel',
      duration: 90,
      maximumConcurrentBookings: 4,
      minimumProductDuration: 60,
    });
    const found = async (query: Record<string, string>) => {
      const res = await call(t, 'GET', url, { token, query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return ids(res.body.data.items);
    };
    expect(await found({ orders: '{"name":"desc"}' })).toEqual([massage.id, padel.id, yoga.id]);
    expect(await found({ orders: '{"maximumConcurrentBookings":"desc"}' })).toEqual([
      yoga.id,
      padel.id,
      massage.id,
    ]);
    expect(await found({ orders: '{"duration":"asc"}' })).toEqual([massage.id, yoga.id, padel.id]);
    expect(await found({ filters: '{"maximumConcurrentBookings":{"gt":1}}' })).toEqual([yoga.id, padel.id]);
    expect(await found({ filters: '{"maximumDaysOfBookingForecast":{"isNull":false}}' })).toEqual([
      massage.id,
    ]);
    expect(await found({ filters: '{"minimumMinutesInAdvanceForBooking":{"eq":30}}' })).toEqual([yoga.id]);
    expect(await found({ filters: '{"minimumProductDuration":{"eq":60}}' })).toEqual([padel.id]);
    expect(await found({ filters: `{"id":{"in":[${massage.id},${padel.id}]}}` })).toEqual([
      padel.id,
      massage.id,
    ]);
    expect(await found({ query: 'YOGA' })).toEqual([yoga.id]);
    expect(await found({ query: 'de' })).toEqual([yoga.id, padel.id, massage.id]);
    expect(
      failingFields(await call(t, 'GET', url, { token, query: { filters: '{"schedule":{"eq":1}}' } })),
    ).toEqual(['filters.schedule']);
  });
});

describe('products booked on a calendar', () => {
  it('refuses a calendar that is not the company’s, naming bookingCalendarId', async () => {
    const { token, taxId } = await company(t);
    const foreign = await company(t);
    const theirs = await createCalendar(t, foreign.token);
    for (const bookingCalendarId of [theirs.id, 2_000_000_000]) {
      const res = await call(t, 'POST', '/v1/admin/products', {
        token,
        payload: {
          name: 'Masaje',
          type: 'bookable',
          price: 45,
          taxType: taxId,
          durationInMinutes: 60,
          bookingCalendarId,
        },
      });
      expect(failingFields(res)).toEqual(['bookingCalendarId']);
    }
    const mine = await createProduct(t, token, { taxId, ...bookable() });
    const res = await call(t, 'PUT', `/v1/admin/products/${mine.id}`, {
      token,
      payload: {
        name: 'Masaje',
        type: 'bookable',
        price: 45,
        taxType: taxId,
        durationInMinutes: 60,
        bookingCalendarId: theirs.id,
      },
    });
    expect(failingFields(res)).toEqual(['bookingCalendarId']);
    expect(
      (await call(t, 'GET', `/v1/admin/products/${mine.id}`, { token })).body.data.bookingCalendarId,
    ).toBeNull();
  });

  it('shows the calendar’s name in the product list, filters and sorts by it', async () => {
    const { token, taxId } = await company(t);
    const massage = await createCalendar(t, token, { name: 'Sala de masajes' });
    const thermal = await createCalendar(t, token, {
      name: 'Circuito termal',
      maximumConcurrentBookings: 12,
    });
    const relax = await createProduct(t, token, {
      taxId,
      ...bookable(),
      name: 'Masaje relajante',
      bookingCalendarId: massage.id,
    });
    const circuit = await createProduct(t, token, {
      taxId,
      ...bookable(),
      name: 'Circuito 2 h',
      bookingCalendarId: thermal.id,
    });
    const cream = await createProduct(t, token, { taxId, name: 'Crema' });
    const list = async (query: Record<string, string> = {}) => {
      const res = await call(t, 'GET', '/v1/admin/products', { token, query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.items as { id: number; bookingCalendarName: string | null }[];
    };
    expect((await list()).map((p) => [p.id, p.bookingCalendarName])).toEqual([
      [circuit.id, 'Circuito termal'],
      [cream.id, null],
      [relax.id, 'Sala de masajes'],
    ]);
    expect(ids(await list({ filters: '{"bookingCalendarName":{"eq":"Sala de masajes"}}' }))).toEqual([
      relax.id,
    ]);
    expect(ids(await list({ filters: '{"bookingCalendarName":{"like":"termal"}}' }))).toEqual([circuit.id]);
    expect(ids(await list({ filters: '{"bookingCalendarName":{"isNull":true}}' }))).toEqual([cream.id]);
    expect(ids(await list({ orders: '{"bookingCalendarName":"asc"}' }))).toEqual([
      circuit.id,
      relax.id,
      cream.id,
    ]);
    expect((await list({ query: 'relajante' })).map((p) => p.bookingCalendarName)).toEqual([
      'Sala de masajes',
    ]);
    const filtered = await call(t, 'GET', '/v1/admin/products', {
      token,
      query: { filters: '{"bookingCalendarName":{"eq":"Circuito termal"}}', limit: '1' },
    });
    expect(filtered.body.data.total).toBe(1);
    // Renaming the calendar renames it in the list.
    const renamed = await call(t, 'PUT', `${url}/${massage.id}`, {
      token,
      payload: { ...minimal(), name: 'Cabina de masajes' },
    });
    expect(renamed.status).toBe(200);
    expect((await list()).find((p) => p.id === relax.id)?.bookingCalendarName).toBe('Cabina de masajes');
  });
});
