import type { BookingRange, BookingRangeHold, bookingRangeQuery } from '@mostrador/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { parseClientInstant } from '../../lib/time.js';
import { createBookingHoldsRepository } from './booking-holds.repository.js';
import type { BookingsService } from './bookings.service.js';

type RangeQuery = z.output<typeof bookingRangeQuery>;

/** The last instant a timestamp column holds (as the bookings service's range). */
const lastInstant = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * The calendar view's read (`GET /admin/bookings/range`): the bookings service's `range` (its checks and
 * refusals) and, beside the bookings, the live holds of online checkouts starting in the range: places
 * taken while a customer pays, each until it expires.
 */
export function createCalendarHoldsService(deps: { db: Db; bookings: Pick<BookingsService, 'range'> }) {
  const service = {
    async range(auth: AuthContext, query: RangeQuery): Promise<BookingRange> {
      const [range, holds] = await Promise.all([
        deps.bookings.range(auth, query),
        service.inRange(auth, query),
      ]);
      return { ...range, holds };
    },

    /** The live holds starting in the range; none for a range the bookings service refuses. */
    async inRange(auth: AuthContext, query: RangeQuery): Promise<BookingRangeHold[]> {
      const from = parseClientInstant(query.from, auth.timeZone);
      const to = parseClientInstant(query.to, auth.timeZone);
      if (!from || !to || to.getTime() <= from.getTime()) return [];
      const end = new Date(Math.min(to.getTime(), lastInstant));
      const rows = await createBookingHoldsRepository(deps.db).liveInRange(
        auth.licenseId,
        from,
        end,
        query.bookingCalendarId,
      );
      return rows.map((r) => ({
        id: r.id,
        bookingCalendarId: r.bookingCalendarId,
        productId: r.productId,
        productName: r.productName,
        startsAt: r.startsAt.toISOString(),
        endsAt: r.endsAt.toISOString(),
        quantity: r.quantity,
        spaces: r.spaces,
        expiresAt: r.expiresAt.toISOString(),
      }));
    },
  };
  return service;
}
export type CalendarHoldsService = ReturnType<typeof createCalendarHoldsService>;
