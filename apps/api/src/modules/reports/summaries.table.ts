import type { PaymentMethod } from '@mostrador/contract';
import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { licenses } from '../licenses/licenses.table.js';

/**
 * The reports' exact hourly summaries (issue 18), kept by the triggers of migration 0025 in the same
 * transaction as every write to bookings, orders and order_lines (never written by the application).
 *
 * `hour` is the UTC hour of the instant (`date_trunc('hour', ts at time zone 'UTC') at time zone 'UTC'`),
 * independent of the company's zone, so a zone change needs no rebuild. Every local midnight or hour of a
 * whole-hour-offset zone (all of Spain's) is a UTC hour boundary, so a sum over [local midnight, next
 * local midnight) is exact; a half-hour (or 45-minute) offset zone would need smaller buckets.
 *
 * Rows whose figures all fall back to zero are left in place: the readers skip them. No foreign key to
 * products or calendars: a product whose lines all went away may be deleted, its zero rows staying.
 */

/** The license a summary row belongs to (a fresh builder per table). */
const licenseColumn = () => ({
  licenseId: integer('license_id')
    .notNull()
    .references(() => licenses.id, { onDelete: 'cascade' }),
});

/** A booking summary's keys and figures, the same by hour and by day. */
const bookingFigures = () => ({
  bookingCalendarId: integer('booking_calendar_id').notNull(),
  productId: integer('product_id').notNull(),
  /** Not cancelled. */
  bookings: integer('bookings').notNull().default(0),
  /** The sum of their quantities (not cancelled). */
  places: bigint('places', { mode: 'number' }).notNull().default(0),
  /** Not cancelled and marked attended, not attended, or not marked. */
  attended: integer('attended').notNull().default(0),
  notAttended: integer('not_attended').notNull().default(0),
  unmarked: integer('unmarked').notNull().default(0),
  cancelled: integer('cancelled').notNull().default(0),
  /** round(minutes) × spaces of those not cancelled. */
  bookedPlaceMinutes: bigint('booked_place_minutes', { mode: 'number' }).notNull().default(0),
});

/** An order summary's keys and figures. */
const orderFigures = () => ({
  paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
  /** A refund order (with original_order_id), else a sale. */
  refund: boolean('refund').notNull(),
  orders: integer('orders').notNull().default(0),
  /** The sum of their totals (negative for refunds). */
  cents: bigint('cents', { mode: 'number' }).notNull().default(0),
});

/** An order line summary's keys and figures. */
const orderLineFigures = () => ({
  productId: integer('product_id').notNull(),
  refund: boolean('refund').notNull(),
  /** Lines (the sales report's "sales that include it" counts lines). */
  lines: integer('lines').notNull().default(0),
  /** The sum of their quantities (negative for refunds). */
  units: bigint('units', { mode: 'number' }).notNull().default(0),
  cents: bigint('cents', { mode: 'number' }).notNull().default(0),
});

const hourColumn = () => ({ hour: timestamp('hour', { withTimezone: true }).notNull() });
const dayColumn = () => ({ day: timestamp('day', { withTimezone: true }).notNull() });

/** Bookings by the hour they start, calendar and product. */
export const bookingHours = pgTable(
  'booking_hours',
  { ...licenseColumn(), ...hourColumn(), ...bookingFigures() },
  (t) => [primaryKey({ columns: [t.licenseId, t.hour, t.bookingCalendarId, t.productId] })],
);

/** Orders paid or refunded (status paid or refunded, with a payment date) by the hour of their payment. */
export const orderHours = pgTable(
  'order_hours',
  { ...licenseColumn(), ...hourColumn(), ...orderFigures() },
  (t) => [primaryKey({ columns: [t.licenseId, t.hour, t.paymentMethod, t.refund] })],
);

/**
 * The lines of those orders by the hour of their order's payment and product (the sales report reads no
 * payment method per product: leaving it out keeps the rows few).
 */
export const orderLineHours = pgTable(
  'order_line_hours',
  { ...licenseColumn(), ...hourColumn(), ...orderLineFigures() },
  (t) => [primaryKey({ columns: [t.licenseId, t.hour, t.productId, t.refund] })],
);

/**
 * The same figures by UTC day (`day` = the UTC midnight starting it), kept by the same triggers (migration
 * 0026), each day row written before its hour's: a period over months reads its whole UTC days here and
 * only the hours at its edges (and around a month's first midnight) from the hourly tables
 * (summary-spans.ts), a year in about 400 reads of each key instead of 8,760.
 */
export const bookingDays = pgTable(
  'booking_days',
  { ...licenseColumn(), ...dayColumn(), ...bookingFigures() },
  (t) => [primaryKey({ columns: [t.licenseId, t.day, t.bookingCalendarId, t.productId] })],
);

export const orderDays = pgTable(
  'order_days',
  { ...licenseColumn(), ...dayColumn(), ...orderFigures() },
  (t) => [primaryKey({ columns: [t.licenseId, t.day, t.paymentMethod, t.refund] })],
);

export const orderLineDays = pgTable(
  'order_line_days',
  { ...licenseColumn(), ...dayColumn(), ...orderLineFigures() },
  (t) => [primaryKey({ columns: [t.licenseId, t.day, t.productId, t.refund] })],
);
