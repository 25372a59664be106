import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { customerBalances } from '../balances/balances.table.js';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { customers } from '../customers/customers.table.js';
import { giftVouchers } from '../gift-vouchers/gift-vouchers.table.js';
import { licenses } from '../licenses/licenses.table.js';
import { orderLines } from '../orders/order-lines.table.js';
import { products } from '../products/products.table.js';
import { subscriptions } from '../subscriptions/subscriptions.table.js';

/** A cancelled booking stays on record but takes no space. */
export type BookingStatus = 'confirmed' | 'cancelled';

/**
 * A customer's booking of a product on a calendar, [starts_at, ends_at). `spaces` is quantity × the
 * product's spacesOccupiedInTheCalendar when booked, so later product changes do not move the
 * calendar's occupancy. A calendar, product or customer with bookings cannot be deleted.
 */
export const bookings = pgTable(
  'bookings',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    bookingCalendarId: integer('booking_calendar_id')
      .notNull()
      .references(() => bookingCalendars.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The order line that sold it, when it was booked through an order. */
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    quantity: integer('quantity').notNull(),
    /** quantity × the product's spacesOccupiedInTheCalendar at booking time. */
    spaces: integer('spaces').notNull(),
    priceCents: integer('price_cents').notNull(),
    notes: text('notes'),
    status: text('status').$type<BookingStatus>().notNull().default('confirmed'),
    /** Null until marked attended (true) or unattended (false). */
    attended: boolean('attended'),
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    /** The gift voucher that paid it (no order then): its use comes back if cancelled in time. */
    giftVoucherId: integer('gift_voucher_id').references((): AnyPgColumn => giftVouchers.id, {
      onDelete: 'restrict',
    }),
    /** The pack balance whose session paid it (no order then): the session comes back if cancelled in time. */
    balanceId: integer('balance_id').references((): AnyPgColumn => customerBalances.id, {
      onDelete: 'restrict',
    }),
    /**
     * The customer's program_subscription that made it free (no order then): kept while its bookings
     * name it (a subscription with bookings is not deleted, 1000202).
     */
    subscriptionId: integer('subscription_id').references((): AnyPgColumn => subscriptions.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    // The list's default sort: date desc, id breaking ties.
    index('bookings_license_starts_idx').on(
      t.licenseId,
      t.startsAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The dashboard's counts of a period and the bookings report. Migration 0023 adds INCLUDE (status,
    // attended) by hand, 0024 widens it to (status, attended, booking_calendar_id, product_id, quantity,
    // spaces, ends_at) so both read the index alone: drizzle has no INCLUDE, keep it when regenerating.
    index('bookings_license_starts_cover_idx').on(t.licenseId, t.startsAt),
    // A calendar's bookings in a window (the list's calendar filter) and the calendar's delete check.
    index('bookings_calendar_starts_idx').on(t.bookingCalendarId, t.startsAt),
    // What takes room on a calendar (availability, the capacity check), read from the index alone
    // (drizzle has no INCLUDE: the columns read are keys).
    index('bookings_calendar_occupancy_idx')
      .on(t.bookingCalendarId, t.startsAt, t.endsAt, t.spaces, t.licenseId)
      .where(sql`${t.status} = 'confirmed'`),
    // Bookings not yet marked attended or not, by date: few once the past is marked.
    index('bookings_license_unmarked_idx')
      .on(t.licenseId, t.startsAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.attended} is null`),
    index('bookings_customer_idx').on(t.customerId),
    // The foreign keys' checks when a product is deleted or an order line goes.
    index('bookings_product_idx').on(t.productId),
    index('bookings_order_line_idx').on(t.orderLineId).where(sql`${t.orderLineId} is not null`),
    // A voucher's or a pack's bookings (its detail, the one-pending-booking rule).
    index('bookings_gift_voucher_idx')
      .on(t.giftVoucherId, t.startsAt)
      .where(sql`${t.giftVoucherId} is not null`),
    index('bookings_balance_idx').on(t.balanceId, t.startsAt).where(sql`${t.balanceId} is not null`),
    index('bookings_subscription_idx')
      .on(t.subscriptionId, t.startsAt)
      .where(sql`${t.subscriptionId} is not null`),
  ],
);

/**
 * The moves a booking's customer made through its signed link (issue 20, migration 0031): what the
 * product's `howManyTimesCanCustomerRescheduleBooking` limits there (a move by staff counts in the
 * booking's rescheduleCount only; a customer's in both). No row: none yet. Written under the booking's
 * row lock, in the move's transaction. (A table of its own rather than a column of `bookings`, whose
 * row literals other code builds.)
 */
export const bookingCustomerMoves = pgTable('booking_customer_moves', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  licenseId: integer('license_id')
    .notNull()
    .references(() => licenses.id, { onDelete: 'cascade' }),
  moves: integer('moves').notNull(),
});
