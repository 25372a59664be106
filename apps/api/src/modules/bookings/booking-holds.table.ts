import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { customers } from '../customers/customers.table.js';
import { licenses } from '../licenses/licenses.table.js';
import { orders } from '../orders/orders.table.js';
import { products } from '../products/products.table.js';
import { bookings } from './bookings.table.js';

/**
 * A hold's state. Only `held` takes room, and only until `expires_at`: an abandoned payment needs no job
 * to give its place back. `confirmed`: the payment came and the booking was made (`booking_id`);
 * `released`: given back at once (the payment failed or was cancelled); `refund_due`: paid after it had
 * expired with no room left, its money to give back through the gateway; `failed`: given back;
 * `refund_failed`: the gateway refused the refund every time the checkouts job tried (jobs/checkouts.ts),
 * left for staff (a note on the order says so). A hold still `held` long after `expires_at` is an
 * abandoned checkout: the job releases it and closes its order.
 */
export type BookingHoldState = 'held' | 'confirmed' | 'released' | 'refund_due' | 'failed' | 'refund_failed';

/**
 * A place held on a calendar while a customer pays for it online (issue 20's public checkout): taken
 * under the same locks as a booking (booking-locks.ts) and counted by every room check and availability
 * read while `state = 'held' and expires_at > now()`. The checkout's token is stored hashed.
 */
export const bookingHolds = pgTable(
  'booking_holds',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    bookingCalendarId: integer('booking_calendar_id')
      .notNull()
      .references(() => bookingCalendars.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The order awaiting payment for it; deleting that order takes the hold with it (the place comes back). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The booking it became once paid. */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    quantity: integer('quantity').notNull(),
    /** quantity × the product's spacesOccupiedInTheCalendar, as a booking's. */
    spaces: integer('spaces').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** SHA-256 of the checkout's token (lib/tokens.ts). */
    tokenHash: text('token_hash').notNull(),
    language: text('language'),
    state: text('state').$type<BookingHoldState>().notNull().default('held'),
    /** `refund_due`: the refunds the checkouts job tried and the gateway refused (migration 0032). */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** `refund_due`: not tried again by the job before this instant (backoff); null: at its next run. */
    nextRefundAt: timestamp('next_refund_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('booking_holds_token_key').on(t.tokenHash),
    // What takes room on a calendar, as bookings_calendar_occupancy_idx: the live holds.
    index('booking_holds_calendar_occupancy_idx')
      .on(t.bookingCalendarId, t.startsAt, t.endsAt, t.spaces, t.expiresAt, t.licenseId)
      .where(sql`${t.state} = 'held'`),
    index('booking_holds_order_idx').on(t.orderId),
    // The checkouts job's two walks (jobs/checkouts.ts): abandoned holds, refunds to try again.
    index('booking_holds_expiry_idx').on(t.expiresAt).where(sql`${t.state} = 'held'`),
    index('booking_holds_refund_due_idx').on(t.nextRefundAt).where(sql`${t.state} = 'refund_due'`),
    index('booking_holds_license_idx').on(t.licenseId, t.createdAt),
  ],
);
