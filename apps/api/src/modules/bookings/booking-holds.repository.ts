import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { products } from '../products/products.table.js';
import { type BookingHoldState, bookingHolds } from './booking-holds.table.js';

export type BookingHoldRow = typeof bookingHolds.$inferSelect;
export type NewBookingHold = Omit<typeof bookingHolds.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const licenseScope = (licenseId?: number): SQL | undefined =>
  licenseId === undefined ? undefined : eq(bookingHolds.licenseId, licenseId);

/** The holds of checkouts (booking-holds.table.ts); every query scoped by license but the token's. */
export function createBookingHoldsRepository(db: DbOrTx) {
  return {
    async insert(values: NewBookingHold) {
      const [row] = await db.insert(bookingHolds).values(values).returning();
      return row!;
    },
    /** The hold a checkout's token names (its SHA-256). */
    async byTokenHash(licenseId: number, tokenHash: string) {
      const [row] = await db
        .select()
        .from(bookingHolds)
        .where(and(eq(bookingHolds.licenseId, licenseId), eq(bookingHolds.tokenHash, tokenHash)));
      return row;
    },
    /** The hold an order pays for, locked for update (a settlement and a refund take turns on it). */
    async lockOfOrder(licenseId: number, orderId: number) {
      const [row] = await db
        .select()
        .from(bookingHolds)
        .where(and(eq(bookingHolds.licenseId, licenseId), eq(bookingHolds.orderId, orderId)))
        .for('update');
      return row;
    },
    async find(licenseId: number, id: number) {
      const [row] = await db
        .select()
        .from(bookingHolds)
        .where(and(eq(bookingHolds.licenseId, licenseId), eq(bookingHolds.id, id)));
      return row;
    },
    /**
     * The checkouts job's walk of abandoned holds (any license, or `licenseId`'s): still `held`, expired
     * before `before`, by id after `afterId` (booking_holds_expiry_idx).
     */
    async abandoned(before: Date, afterId: number, limit: number, licenseId?: number) {
      return db
        .select({ id: bookingHolds.id, licenseId: bookingHolds.licenseId })
        .from(bookingHolds)
        .where(
          and(
            eq(bookingHolds.state, 'held'),
            lt(bookingHolds.expiresAt, before),
            gt(bookingHolds.id, afterId),
            licenseScope(licenseId),
          ),
        )
        .orderBy(asc(bookingHolds.id))
        .limit(limit);
    },
    /**
     * The checkouts job's walk of refunds to try again: `refund_due` holds whose backoff is over at `now`
     * (booking_holds_refund_due_idx), by id after `afterId`.
     */
    async refundsDue(now: Date, afterId: number, limit: number, licenseId?: number) {
      return db
        .select({ id: bookingHolds.id, licenseId: bookingHolds.licenseId })
        .from(bookingHolds)
        .where(
          and(
            eq(bookingHolds.state, 'refund_due'),
            or(isNull(bookingHolds.nextRefundAt), lte(bookingHolds.nextRefundAt, now)),
            gt(bookingHolds.id, afterId),
            licenseScope(licenseId),
          ),
        )
        .orderBy(asc(bookingHolds.id))
        .limit(limit);
    },
    /**
     * The live holds (`held`, not expired at the database's now) starting in [from, to), of one calendar
     * or all the license's, in start order, with their product's name: the calendar view's. Read through
     * booking_holds_calendar_occupancy_idx per calendar (all calendars: the license's calendar ids).
     */
    async liveInRange(licenseId: number, from: Date, to: Date, calendarId?: number) {
      const h = bookingHolds;
      const calendars =
        calendarId === undefined
          ? inArray(
              h.bookingCalendarId,
              db
                .select({ id: bookingCalendars.id })
                .from(bookingCalendars)
                .where(eq(bookingCalendars.licenseId, licenseId)),
            )
          : eq(h.bookingCalendarId, calendarId);
      return db
        .select({
          id: h.id,
          bookingCalendarId: h.bookingCalendarId,
          productId: h.productId,
          productName: products.name,
          startsAt: h.startsAt,
          endsAt: h.endsAt,
          quantity: h.quantity,
          spaces: h.spaces,
          expiresAt: h.expiresAt,
        })
        .from(h)
        .innerJoin(products, eq(products.id, h.productId))
        .where(
          and(
            calendars,
            eq(h.state, 'held'),
            gte(h.startsAt, from),
            lt(h.startsAt, to),
            sql`${h.expiresAt} > now()`,
            eq(h.licenseId, licenseId),
          ),
        )
        .orderBy(asc(h.startsAt), asc(h.id));
    },
    async lock(licenseId: number, id: number) {
      const [row] = await db
        .select()
        .from(bookingHolds)
        .where(and(eq(bookingHolds.licenseId, licenseId), eq(bookingHolds.id, id)))
        .for('update');
      return row;
    },
    async update(
      licenseId: number,
      id: number,
      values: Partial<
        Pick<BookingHoldRow, 'state' | 'bookingId' | 'orderId' | 'refundAttempts' | 'nextRefundAt'>
      >,
    ) {
      await db
        .update(bookingHolds)
        .set(values)
        .where(and(eq(bookingHolds.licenseId, licenseId), eq(bookingHolds.id, id)));
    },
    /** A payment failed or was cancelled: the order's live hold gives its place back at once. */
    async releaseOfOrder(licenseId: number, orderId: number) {
      await db
        .update(bookingHolds)
        .set({ state: 'released' satisfies BookingHoldState })
        .where(
          and(
            eq(bookingHolds.licenseId, licenseId),
            eq(bookingHolds.orderId, orderId),
            eq(bookingHolds.state, 'held'),
          ),
        );
    },
  };
}
