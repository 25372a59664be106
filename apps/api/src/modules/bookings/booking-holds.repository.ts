import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type BookingHoldState, bookingHolds } from './booking-holds.table.js';

export type BookingHoldRow = typeof bookingHolds.$inferSelect;
export type NewBookingHold = Omit<typeof bookingHolds.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

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
      values: Partial<Pick<BookingHoldRow, 'state' | 'bookingId' | 'orderId'>>,
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
