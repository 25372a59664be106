import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bookings } from './bookings.table.js';

/*
 * Bookings charged by an order after they were made (in the calendar): an order line points at them
 * through `bookings.order_line_id`, as it does at the bookings the order itself made, but they are the
 * calendar's: removing the line only unlinks them.
 */

/**
 * The bookings to charge, locked (two orders charging one booking take turns), in id order. One paid with
 * a gift voucher, a pack's session or a program subscription is not chargeable: it is left out, so the order refuses it as an
 * unknown booking.
 */
export async function lockChargeable(tx: DbOrTx, licenseId: number, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.licenseId, licenseId),
        inArray(bookings.id, ids),
        isNull(bookings.giftVoucherId),
        isNull(bookings.balanceId),
        isNull(bookings.subscriptionId),
      ),
    )
    .orderBy(asc(bookings.id))
    .for('update');
}

/** Each booking now charged by its order line. */
export async function linkCharged(
  tx: DbOrTx,
  licenseId: number,
  pairs: { bookingId: number; lineId: number }[],
) {
  for (const { bookingId, lineId } of pairs)
    await tx
      .update(bookings)
      .set({ orderLineId: lineId })
      .where(and(eq(bookings.licenseId, licenseId), eq(bookings.id, bookingId)));
}

/** The bookings these lines charged are the calendar's again, unsold. */
export async function unlinkCharged(tx: DbOrTx, licenseId: number, lineIds: number[]) {
  if (!lineIds.length) return;
  await tx
    .update(bookings)
    .set({ orderLineId: null })
    .where(and(eq(bookings.licenseId, licenseId), inArray(bookings.orderLineId, lineIds)));
}
