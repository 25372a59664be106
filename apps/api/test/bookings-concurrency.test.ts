import { type Booking, ErrorCode } from '@mostrador/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.js';
import { bookingCalendars, bookings } from '../src/db/schema.js';
import { lockBookingRoom } from '../src/modules/bookings/booking-locks.js';
import { createCalendarsRepository } from '../src/modules/calendars/calendars.repository.js';
import { bookable, company, createCalendar, createCustomer, createProduct, everyDay } from './factories.js';
import { buildTestApp, call, expectError, type TestApp } from './helpers.js';

/*
 * Bookings of one calendar taken in parallel (issue 19): each holds its calendar's row in share mode and
 * the UTC days of its interval (`modules/bookings/booking-locks.ts`). Overlapping ones, even when they
 * only share the hours past a UTC midnight, still go one at a time and never overbook; a change of the
 * calendar still waits for a booking in flight, and a booking for it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/bookings';
const calendarsUrl = '/v1/admin/booking-calendars';
const HOUR = 3_600_000;

/** A calendar open round the clock every day (a start every 30 minutes), a 4-hour and a 1-hour product. */
async function roundTheClock(capacity: number) {
  const c = await company(t);
  const calendarBody = {
    name: 'Sala nocturna',
    schedule: everyDay([{ openAt: '00:00', closedAt: '24:00' }]),
    duration: 30,
    maximumConcurrentBookings: capacity,
  };
  const calendarId = (await createCalendar(t, c.token, calendarBody)).id;
  const product = (minutes: number) =>
    createProduct(t, c.token, {
      taxId: c.taxId,
      name: `Sesión de ${minutes} min`,
      ...bookable(minutes),
      price: 20,
    });
  const [long, short] = await Promise.all([product(240), product(60)]);
  const customerId = (await createCustomer(t, c.token, { name: 'Lucía', surname: 'Ortega' })).id;
  const book = (productId: number, startsAt: string) =>
    call(t, 'POST', url, {
      token: c.token,
      payload: { bookingCalendarId: calendarId, productId, customerId, startsAt },
    });
  return { ...c, calendarId, calendarBody, long: long.id, short: short.id, customerId, book };
}

/** The most places the calendar's confirmed bookings hold at any instant. */
async function peakOf(calendarId: number) {
  const rows = await t.database.db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt, spaces: bookings.spaces })
    .from(bookings)
    .where(and(eq(bookings.bookingCalendarId, calendarId), eq(bookings.status, 'confirmed')));
  // Ends before starts at one instant: periods that only touch do not overlap.
  const events = rows.flatMap((r): [number, number][] => [
    [r.startsAt.getTime(), r.spaces],
    [r.endsAt.getTime(), -r.spaces],
  ]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let load = 0;
  let peak = 0;
  for (const [, delta] of events) {
    load += delta;
    peak = Math.max(peak, load);
  }
  return { peak, count: rows.length };
}

/** Each answer booked (201), moved (200) or refused for want of room. */
function expectBookedOrFull(answers: { status: number; body: unknown }[]) {
  for (const a of answers) {
    if (a.status !== 201 && a.status !== 200)
      expectError(a as Parameters<typeof expectError>[0], 409, ErrorCode.bookingFull);
  }
}

// Monday 1 March 2027, Europe/Madrid at UTC+1: local 01:00 on the 2nd is the UTC midnight.
describe('parallel bookings of one calendar', () => {
  it('lets exactly the capacity through at one start whose booking spans a UTC midnight', async () => {
    const c = await roundTheClock(3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => c.book(c.long, '2027-03-01T23:00')));
    expectBookedOrFull(answers);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(await peakOf(c.calendarId)).toEqual({ peak: 3, count: 3 });
  });

  it('never overbooks overlapping starts on both sides of a UTC midnight', async () => {
    const c = await roundTheClock(2);
    // 4-hour bookings from 21:00 to 22:30 UTC (both UTC days), 1-hour ones from 23:30 UTC on the 1st
    // (both days) and from 00:00 to 01:00 UTC on the 2nd (only the second day), five of each at once.
    const requests = [
      ...['22:00', '22:30', '23:00', '23:30'].map((time) => [c.long, `2027-03-01T${time}`] as const),
      ...['00:30', '01:00', '01:30', '02:00'].map((time) => [c.short, `2027-03-02T${time}`] as const),
    ].flatMap((r) => Array.from({ length: 5 }, () => r));
    const answers = await Promise.all(requests.map(([product, startsAt]) => c.book(product, startsAt)));
    expectBookedOrFull(answers);
    const booked = answers.filter((a) => a.status === 201).length;
    const { peak, count } = await peakOf(c.calendarId);
    expect(count).toBe(booked);
    expect(booked).toBeGreaterThanOrEqual(2);
    expect(peak).toBeLessThanOrEqual(2);
  });

  it('never overbooks bookings moved in parallel from other days onto one place across a UTC midnight', async () => {
    const c = await roundTheClock(1);
    const created: Booking[] = [];
    for (let day = 10; day < 16; day++) {
      const res = await c.book(c.long, `2027-03-${day}T10:00`);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      created.push(res.body.data);
    }
    const moves = created.map((b) =>
      call(t, 'PUT', `${url}/${b.id}`, {
        token: c.token,
        payload: {
          bookingCalendarId: b.bookingCalendarId,
          customerId: b.customerId,
          startsAt: '2027-03-01T23:30',
          quantity: 1,
          price: b.price,
          overrideRescheduleRules: true,
        },
      }),
    );
    const news = Array.from({ length: 4 }, () => c.book(c.short, '2027-03-02T01:30'));
    const answers = await Promise.all([...moves, ...news]);
    expectBookedOrFull(answers);
    expect(answers.filter((a) => a.status === 200 || a.status === 201)).toHaveLength(1);
    // The six moved or not, and a new one when it won the place.
    const made = answers.filter((a) => a.status === 201).length;
    expect(await peakOf(c.calendarId)).toEqual({ peak: 1, count: 6 + made });
  });
});

/** Whether `promise` is still pending after `ms` milliseconds. */
async function pendingAfter(promise: Promise<unknown>, ms: number) {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return !settled;
}

/** Runs `lock` in a transaction of its own that stays open until `release` is called. */
async function holding(lock: (tx: Tx) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = t.database.db.transaction(async (tx) => {
    await lock(tx);
    locked();
    await released;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

// Waiting needs a second connection: PGlite has one (its transactions run one at a time anyway).
describe.skipIf(!process.env.TEST_DATABASE_URL)('what a booking in flight holds (PostgreSQL)', () => {
  it('makes an overlapping booking wait, not one on another day', async () => {
    const c = await roundTheClock(5);
    // A booking in flight at 23:00 on the 1st for 4 hours: both UTC days, the 1st and the 2nd.
    const held = await holding((tx) =>
      lockBookingRoom(tx, c.license.id, [
        {
          calendarId: c.calendarId,
          startsAt: new Date('2027-03-01T22:00:00Z'),
          endsAt: new Date(Date.parse('2027-03-01T22:00:00Z') + 4 * HOUR),
        },
      ]),
    );
    try {
      // Another day of the same calendar goes on at once.
      const elsewhere = await c.book(c.short, '2027-03-04T10:00');
      expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
      // One on the 2nd only (UTC), overlapping the one in flight, waits for it.
      const overlapping = c.book(c.short, '2027-03-02T02:00');
      expect(await pendingAfter(overlapping, 500)).toBe(true);
      await held.release();
      expect((await overlapping).status).toBe(201);
    } finally {
      await held.release();
    }
  });

  it('makes a change of the calendar wait for a booking in flight', async () => {
    const c = await roundTheClock(5);
    const held = await holding((tx) =>
      lockBookingRoom(tx, c.license.id, [
        {
          calendarId: c.calendarId,
          startsAt: new Date('2027-03-05T09:00:00Z'),
          endsAt: new Date('2027-03-05T10:00:00Z'),
        },
      ]),
    );
    try {
      const edit = call(t, 'PUT', `${calendarsUrl}/${c.calendarId}`, {
        token: c.token,
        payload: { ...c.calendarBody, maximumConcurrentBookings: 1 },
      });
      const anomaly = call(t, 'POST', `${calendarsUrl}/${c.calendarId}/schedule-anomalies`, {
        token: c.token,
        payload: { type: 'close', startDate: '2027-03-20', endDate: '2027-03-21' },
      });
      expect(await pendingAfter(Promise.any([edit, anomaly]), 500)).toBe(true);
      await held.release();
      expect((await edit).status).toBe(200);
      expect((await anomaly).status).toBe(201);
    } finally {
      await held.release();
    }
  });

  it('makes a booking wait for a change of the calendar in flight, then checks it against the change', async () => {
    const c = await roundTheClock(5);
    const held = await holding(async (tx) => {
      await createCalendarsRepository(tx).lock(c.license.id, c.calendarId);
      await tx
        .update(bookingCalendars)
        .set({ maximumConcurrentBookings: 1 })
        .where(eq(bookingCalendars.id, c.calendarId));
    });
    try {
      const answers = Promise.all([0, 1].map(() => c.book(c.short, '2027-03-06T10:00')));
      expect(await pendingAfter(answers, 500)).toBe(true);
      await held.release();
      const statuses = (await answers).map((a) => a.status).sort();
      expect(statuses).toEqual([201, 409]);
    } finally {
      await held.release();
    }
  });
});
