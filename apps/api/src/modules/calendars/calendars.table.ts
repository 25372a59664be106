// Types only: drizzle-kit loads this file with require, which the contract's exports do not serve.
import type { AnomalyType, WeeklySchedule } from '@mostrador/contract';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { licenses } from '../licenses/licenses.table.js';

/**
 * The booking calendars: a weekly schedule in the company's local time (`weeklyScheduleSchema`, kept
 * whole as JSON: it is read and written as one value) and the rules bookings on it follow.
 */
export const bookingCalendars = pgTable(
  'booking_calendars',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The calendar's colour in every staff member's calendar view, `#rrggbb`; null: one from a palette by id. */
    color: text('color'),
    schedule: jsonb('schedule').$type<WeeklySchedule>().notNull(),
    /** Minutes between consecutive start times. */
    duration: integer('duration').notNull(),
    publicDuration: integer('public_duration'),
    canCustomersChangeTheBookingDate: boolean('can_customers_change_the_booking_date')
      .notNull()
      .default(false),
    /** Null: no limit. */
    howManyTimesCanCustomerRescheduleBooking: integer('how_many_times_can_customer_reschedule_booking'),
    /** Null: no limit. */
    maximumDaysOfBookingForecast: integer('maximum_days_of_booking_forecast'),
    minimumMinutesInAdvanceForBooking: integer('minimum_minutes_in_advance_for_booking').notNull().default(0),
    maximumConcurrentBookings: integer('maximum_concurrent_bookings').notNull().default(1),
    minimumProductDuration: integer('minimum_product_duration'),
  },
  // The default sort, name asc, with id breaking ties.
  (t) => [index('booking_calendars_license_name_idx').on(t.licenseId, t.name, t.id)],
);

/** Openings (`open`) and closings (`close`) outside a calendar's weekly schedule, [starts_at, ends_at). */
export const bookingCalendarAnomalies = pgTable(
  'booking_calendar_anomalies',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    bookingCalendarId: integer('booking_calendar_id')
      .notNull()
      .references(() => bookingCalendars.id, { onDelete: 'cascade' }),
    type: text('type').$type<AnomalyType>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
  },
  // The list's default sort (startsAt asc) within a calendar, the overlap check and availability.
  (t) => [index('booking_calendar_anomalies_calendar_starts_idx').on(t.bookingCalendarId, t.startsAt, t.id)],
);
