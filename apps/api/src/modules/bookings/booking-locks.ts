import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fixedStatement } from '../../db/fixed-statement.js';
import type { CalendarRules } from '../calendars/availability.js';
import { type CalendarRow, createCalendarsRepository } from '../calendars/calendars.repository.js';
import { bookingCalendars } from '../calendars/calendars.table.js';

/*
 * The locks a booking is checked and written under (issue 19: bookings of one calendar on different days
 * no longer wait for each other).
 *
 * Each calendar it touches is locked in share mode (`lockForBookings`): a change of the calendar or of its
 * anomalies locks the row for update, so it waits for the bookings in flight and they for it, as before.
 * Then a transaction-level advisory lock per (calendar, UTC day) for every UTC day its interval
 * [startsAt, endsAt) touches. Why that is enough:
 * - the only rule that reads other bookings is the room (`checkRoom`: the peak of the confirmed bookings
 *   overlapping [startsAt, endsAt), `occupancyBetween`); the other rules read the calendar row, its
 *   anomalies (written under the row's update lock) and the clock. No margin, alignment or per-customer
 *   rule reads bookings elsewhere;
 * - two bookings that overlap share an instant, so a UTC day: they hold one key in common and are checked
 *   and written one after the other; the second's statements, run after its lock is granted, see the
 *   first committed (read committed: each statement takes its snapshot when it starts);
 * - the summaries' rows a booking writes (`booking_days` and `booking_hours`, by the UTC day and hour of
 *   its start) are keyed inside its start's UTC day, which it holds: two bookings writing one summary row
 *   hold one key in common, so they never wait on each other's rows with a key held (no deadlock).
 * Every key of a transaction is taken at once, in ascending order (a move's two calendars, an order's
 * lines on several calendars and days): two transactions cannot each hold a key the other waits for.
 * Vouchers, packs and subscriptions keep their own row locks, taken after these.
 *
 * Keys: the single-bigint advisory space (the license locks 6001, 6002 and 6018 are in the two-int space,
 * apart), calendar id × 2^22 + the UTC day number (days since 1970-01-01, clamped to [0, 2^22): year 9999
 * is day 2,932,896). A clamp only merges days, which is coarser, never wrong.
 */

const DAY = 86_400_000;
const DAYS_PER_CALENDAR = 2n ** 22n;

/** A booking's place: its calendar and its interval [startsAt, endsAt). */
export interface BookingSpan {
  calendarId: number;
  startsAt: Date;
  endsAt: Date;
}

const clampDay = (day: number) => Math.min(Math.max(day, 0), Number(DAYS_PER_CALENDAR) - 1);

/** The advisory keys of the spans, distinct and ascending. */
export function dayKeys(spans: BookingSpan[]): bigint[] {
  const keys = new Set<bigint>();
  for (const { calendarId, startsAt, endsAt } of spans) {
    const s = startsAt.getTime();
    const e = Math.max(endsAt.getTime(), s + 1);
    if (!Number.isFinite(s) || !Number.isFinite(e)) continue;
    const first = clampDay(Math.floor(s / DAY));
    const last = clampDay(Math.floor((e - 1) / DAY));
    for (let day = first; day <= last; day++) keys.add(BigInt(calendarId) * DAYS_PER_CALENDAR + BigInt(day));
  }
  return [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Locks the calendars of `spans` in share mode (id order), then their UTC days (ascending), until the
 * transaction ends. Answers the license's calendars found, by id (an unknown one is missing). Taking again
 * a lock the transaction holds waits for nothing.
 */
export async function lockBookingRoom(
  tx: DbOrTx,
  licenseId: number,
  spans: BookingSpan[],
): Promise<Map<number, CalendarRow>> {
  const ids = [...new Set(spans.map((s) => s.calendarId))].sort((a, b) => a - b);
  const rows = await createCalendarsRepository(tx).lockForBookings(licenseId, ids);
  const calendars = new Map(rows.map((r) => [r.id, r]));
  // Only the license's calendars: another's id locks nothing (and is refused by the caller).
  const keys = dayKeys(spans.filter((s) => calendars.has(s.calendarId)));
  // One statement a key, in ascending order: the order they are taken in is certain.
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`);
  return calendars;
}

/** The calendar as a booking's checks read it: its id, name and rules. */
export type LockedCalendar = CalendarRules & { id: number; name: string };

/**
 * The calendar's row in share mode, then the first of its day keys, in one statement: the row is locked
 * in a subquery (`for share` keeps the planner from pulling it up), and the outer select takes the key
 * for the row it returns, so after the row's lock, as `lockBookingRoom` takes them; no row (another
 * license's calendar), no key.
 */
const lockCalendarAndDay = fixedStatement<{
  id: number;
  name: string;
  schedule: CalendarRules['schedule'];
  duration: number;
  maximum_concurrent_bookings: number;
  minimum_minutes_in_advance_for_booking: number;
  maximum_days_of_booking_forecast: number | null;
  minimum_product_duration: number | null;
}>(
  'booking_lock_calendar_day',
  sql`select c.*, pg_advisory_xact_lock(${sql.placeholder('key')}::bigint)::text as locked
    from (select ${bookingCalendars.id} as id, ${bookingCalendars.name} as name, ${bookingCalendars.schedule} as schedule,
        ${bookingCalendars.duration} as duration, ${bookingCalendars.maximumConcurrentBookings} as maximum_concurrent_bookings,
        ${bookingCalendars.minimumMinutesInAdvanceForBooking} as minimum_minutes_in_advance_for_booking,
        ${bookingCalendars.maximumDaysOfBookingForecast} as maximum_days_of_booking_forecast,
        ${bookingCalendars.minimumProductDuration} as minimum_product_duration
      from ${bookingCalendars}
      where ${bookingCalendars.licenseId} = ${sql.placeholder('licenseId')}::int
        and ${bookingCalendars.id} = ${sql.placeholder('calendarId')}::int
      for share) c`,
);

/**
 * `lockBookingRoom` for one booking's place: its calendar in share mode and the first UTC day of its
 * interval in one statement, any further day (an interval across UTC midnight) one statement each, in
 * ascending order. Answers the calendar's rules, or undefined when it is not the license's (nothing is
 * locked then).
 */
export async function lockBookingPlace(
  tx: DbOrTx,
  licenseId: number,
  span: BookingSpan,
): Promise<LockedCalendar | undefined> {
  const [first, ...rest] = dayKeys([span]);
  if (first === undefined) return (await lockBookingRoom(tx, licenseId, [span])).get(span.calendarId);
  const [row] = await lockCalendarAndDay(tx, {
    licenseId,
    calendarId: span.calendarId,
    key: first.toString(),
  });
  if (!row) return undefined;
  for (const key of rest) await tx.execute(sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`);
  return {
    id: row.id,
    name: row.name,
    schedule: row.schedule,
    duration: row.duration,
    maximumConcurrentBookings: row.maximum_concurrent_bookings,
    minimumMinutesInAdvanceForBooking: row.minimum_minutes_in_advance_for_booking,
    maximumDaysOfBookingForecast: row.maximum_days_of_booking_forecast,
    minimumProductDuration: row.minimum_product_duration,
  };
}
