import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingCalendarAnomalies, bookingCalendars, bookings } from '../src/db/schema.js';
import { seedDemo } from '../src/demo/seed.js';
import { checkStart } from '../src/modules/calendars/availability.js';
import { buildTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let licenseId: number;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database.db, t.services);
  licenseId = (await t.services.licenses.findByCode('demo'))!.id;
}, 120_000);
afterAll(() => t.close());

describe('the demo company’s bookings', () => {
  it('spans two years back and the calendars’ forecasts ahead, the past mostly attended', async () => {
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.licenseId, licenseId));
    const now = Date.now();
    const past = rows.filter((r) => r.endsAt.getTime() <= now);
    const future = rows.filter((r) => r.startsAt.getTime() > now);
    expect(rows.length).toBeGreaterThan(10_000);
    expect(Math.min(...rows.map((r) => r.startsAt.getTime()))).toBeLessThan(now - 720 * 86_400_000);
    expect(future.length).toBeGreaterThan(100);
    // No booking beyond the longest forecast (massages, 90 days).
    expect(Math.max(...rows.map((r) => r.startsAt.getTime()))).toBeLessThan(now + 92 * 86_400_000);
    const attended = past.filter((r) => r.attended === true).length;
    expect(attended / past.length).toBeGreaterThan(0.8);
    expect(future.every((r) => r.attended === null)).toBe(true);
    expect(rows.every((r) => r.createdAt.getTime() <= now && r.createdAt < r.startsAt)).toBe(true);
  });

  it('every confirmed booking is one its calendar takes: schedule, anomalies, grid and capacity', async () => {
    const db = t.database.db;
    const calendars = await db
      .select()
      .from(bookingCalendars)
      .where(eq(bookingCalendars.licenseId, licenseId));
    const confirmed = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.licenseId, licenseId), eq(bookings.status, 'confirmed')));
    // Every 17th booking, past and future, on every calendar.
    for (const booking of confirmed.filter((_, i) => i % 17 === 0)) {
      const calendar = calendars.find((c) => c.id === booking.bookingCalendarId)!;
      const [anomalies, others] = await Promise.all([
        db
          .select()
          .from(bookingCalendarAnomalies)
          .where(eq(bookingCalendarAnomalies.bookingCalendarId, calendar.id)),
        db
          .select()
          .from(bookings)
          .where(
            and(
              eq(bookings.bookingCalendarId, calendar.id),
              eq(bookings.status, 'confirmed'),
              ne(bookings.id, booking.id),
              lt(bookings.startsAt, booking.endsAt),
              gt(bookings.endsAt, booking.startsAt),
            ),
          ),
      ]);
      const result = checkStart({
        timeZone: 'Europe/Madrid',
        now: new Date(booking.createdAt.getTime() - 86_400_000),
        calendar: { ...calendar, maximumDaysOfBookingForecast: null, minimumMinutesInAdvanceForBooking: 0 },
        anomalies,
        product: {
          durationInMinutes: (booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000,
          spaces: booking.spaces / booking.quantity,
        },
        bookings: others,
        startsAt: booking.startsAt,
        quantity: booking.quantity,
      });
      expect(result.ok, `${calendar.name} ${booking.startsAt.toISOString()}: ${JSON.stringify(result)}`).toBe(
        true,
      );
    }
  });
});
