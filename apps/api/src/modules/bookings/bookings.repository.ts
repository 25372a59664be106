import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bookings } from './bookings.table.js';

/** The bookings queries other modules need; the bookings API adds its own. */
export function createBookingsRepository(db: DbOrTx) {
  return {
    /** Whether any booking of the license, in any status, is on the calendar. */
    async calendarIsUsed(licenseId: number, bookingCalendarId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(bookings)
        .where(and(eq(bookings.bookingCalendarId, bookingCalendarId), eq(bookings.licenseId, licenseId)))
        .limit(1);
      return row !== undefined;
    },
  };
}
