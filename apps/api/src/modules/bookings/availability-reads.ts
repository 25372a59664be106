import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fixedStatement } from '../../db/fixed-statement.js';
import type { AnomalyPeriod, BookingTriples, CalendarRules } from '../calendars/availability.js';
import { bookingCalendarAnomalies, bookingCalendars } from '../calendars/calendars.table.js';
import type { ProductRow } from '../products/products.repository.js';
import { products } from '../products/products.table.js';
import {
  decodeAnomalies,
  decodeOccupancy,
  epochMs,
  longestBookingMs,
  occupancyOf,
  p,
} from './bookings.repository.js';

/** The product as the availability reads it: what makes it bookable on a calendar, and its length. */
export interface AvailabilityProduct {
  type: ProductRow['type'];
  durationInMinutes: number | null;
  bookingCalendarId: number | null;
  spacesOccupiedInTheCalendar: number | null;
}

// `to` reaches on by the product's length (a start near the end runs past it): no rows for a product
// without a length (or not the license's).
const end = sql`(${p('to')}::timestamptz + (select pr.duration_in_minutes from ${products} pr
    where pr.id = ${p('productId')}::int and pr.license_id = ${p('licenseId')}::int) * interval '1 minute')`;

/**
 * See `availabilityReads`: one named statement of fixed text (db/fixed-statement.ts), so one round trip
 * and no planning per request. The calendar's rules and the product come as JSON objects (null when
 * not the license's).
 */
const availabilityReadsStatement = fixedStatement<{
  calendar: CalendarRules | null;
  product: AvailabilityProduct | null;
  anomalies: string | null;
  occupancy: string | null;
}>(
  'booking_availability_reads',
  sql`select
    (select json_build_object('schedule', c.schedule, 'duration', c.duration,
        'maximumConcurrentBookings', c.maximum_concurrent_bookings,
        'minimumMinutesInAdvanceForBooking', c.minimum_minutes_in_advance_for_booking,
        'maximumDaysOfBookingForecast', c.maximum_days_of_booking_forecast,
        'minimumProductDuration', c.minimum_product_duration)
      from ${bookingCalendars} c where c.id = ${p('calendarId')}::int and c.license_id = ${p('licenseId')}::int) as calendar,
    (select json_build_object('type', pr.type, 'durationInMinutes', pr.duration_in_minutes,
        'bookingCalendarId', pr.booking_calendar_id,
        'spacesOccupiedInTheCalendar', pr.spaces_occupied_in_the_calendar)
      from ${products} pr where pr.id = ${p('productId')}::int and pr.license_id = ${p('licenseId')}::int) as product,
    (select string_agg(concat_ws(',', a.type, ${epochMs(sql`a.starts_at`)}, ${epochMs(sql`a.ends_at`)}), ',' order by a.starts_at, a.id)
      from ${bookingCalendarAnomalies} a
      where a.booking_calendar_id = ${p('calendarId')}::int and a.license_id = ${p('licenseId')}::int
        and a.starts_at < ${end} and a.ends_at > ${p('from')}::timestamptz) as anomalies,
    ${occupancyOf(end)} as occupancy`,
);

/**
 * What the availability of a product on a calendar over [from, to + the product's length) reads, in one
 * statement: the calendar's rules and the product (null when not the license's), the calendar's
 * anomalies there and the spaces its confirmed bookings, live holds (checkouts being paid) and the busy
 * times of its Google link take there, each grouped by interval on its own (the occupancy indexes alone,
 * in their order: grouping the union of bookings and holds hashed 12,742 bookings instead, 3.1 → 4.6 ms on
 * the bench's busiest calendar; an interval in several lists counts for each, which the engine sums).
 * Anomalies and occupancy come back as one value each, instants as epoch milliseconds, instead of a row
 * (and two timestamps parsed into `Date`s) per interval: 60 days of a busy calendar are ~1,500 intervals.
 * The rows are those of the calendars repository's `between` and the bookings repository's
 * `occupancyBetween`.
 */
export async function availabilityReads(
  db: DbOrTx,
  licenseId: number,
  calendarId: number,
  productId: number,
  from: Date,
  to: Date,
): Promise<{
  calendar: CalendarRules | null;
  product: AvailabilityProduct | null;
  anomalies: AnomalyPeriod[];
  /** The occupancy as the engine's flat triples (start, end, spaces). */
  bookings: BookingTriples;
}> {
  const [row] = await availabilityReadsStatement(db, {
    licenseId,
    calendarId,
    productId,
    from: from.toISOString(),
    to: to.toISOString(),
    // The bookings overlapping the window started less than the longest booking before it (as in
    // `occupancyBetween`): the occupancy index's range starts there.
    earliestStart: new Date(from.getTime() - longestBookingMs).toISOString(),
  });
  return {
    calendar: row?.calendar ?? null,
    product: row?.product ?? null,
    anomalies: decodeAnomalies(row?.anomalies),
    bookings: decodeOccupancy(row?.occupancy),
  };
}
