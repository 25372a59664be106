import { and, asc, eq, gt, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
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
