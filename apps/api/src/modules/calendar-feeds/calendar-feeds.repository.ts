import { defaultTimeZone } from '@mostrador/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bookings } from '../bookings/bookings.table.js';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { customers } from '../customers/customers.table.js';
import { licenses } from '../licenses/licenses.table.js';
import { products } from '../products/products.table.js';
import { companySettings } from '../settings/settings.table.js';
import { calendarFeeds } from './calendar-feeds.table.js';
import type { FeedBooking } from './feed-ics.js';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** What one fetch of a feed reads: its calendar, the company's zone, and the window's bookings. */
export interface FeedRead {
  licenseId: number;
  calendarName: string;
  timeZone: string;
  bookings: FeedBooking[];
}

/** Calendar feeds; the staff's queries scoped by license, the feed itself found by its token's hash. */
export function createCalendarFeedsRepository(db: DbOrTx) {
  return {
    /** The calendar's feed, or undefined; `calendar` says whether the license has that calendar at all. */
    async find(licenseId: number, calendarId: number) {
      const [row] = await db
        .select({ calendarId: bookingCalendars.id, feed: calendarFeeds })
        .from(bookingCalendars)
        .leftJoin(calendarFeeds, eq(calendarFeeds.bookingCalendarId, bookingCalendars.id))
        .where(and(eq(bookingCalendars.licenseId, licenseId), eq(bookingCalendars.id, calendarId)));
      return row ? { calendar: true as const, feed: row.feed ?? undefined } : { calendar: false as const };
    },

    /**
     * The calendar's feed with a new token, made or replaced in one statement (the old token's hash is
     * gone once it commits); nothing when the license has no such calendar.
     */
    async put(
      licenseId: number,
      calendarId: number,
      values: { tokenHash: string; tokenSealed: string; createdBy: number },
    ) {
      const result = await db.execute(sql`
        insert into ${calendarFeeds} (license_id, booking_calendar_id, token_hash, token_sealed, created_by)
        select ${licenseId}, c.id, ${values.tokenHash}, ${values.tokenSealed}, ${values.createdBy}
        from ${bookingCalendars} c where c.license_id = ${licenseId} and c.id = ${calendarId}
        on conflict (booking_calendar_id) do update set
          token_hash = excluded.token_hash, token_sealed = excluded.token_sealed,
          created_at = now(), created_by = excluded.created_by
        returning (extract(epoch from created_at) * 1000)::float8 as "createdMs"`);
      const row = (result as unknown as { rows: { createdMs: number | string }[] }).rows[0];
      return row ? { createdAt: new Date(Math.floor(Number(row.createdMs))) } : undefined;
    },

    /** Revokes the calendar's feed; whether there was one. */
    async remove(licenseId: number, calendarId: number) {
      const gone = await db
        .delete(calendarFeeds)
        .where(and(eq(calendarFeeds.licenseId, licenseId), eq(calendarFeeds.bookingCalendarId, calendarId)))
        .returning({ id: calendarFeeds.id });
      return gone.length > 0;
    },

    /**
     * The feed of `tokenHash` with its bookings starting in [from, to), not cancelled, by start: one
     * statement (the feed by its unique hash, its calendar, an active license, the company's zone, and the
     * bookings through an index on (calendar, starts_at) (`bookings_calendar_occupancy_idx`, confirmed only, or
     * `bookings_calendar_starts_idx`) with their
     * product's and customer's names by primary key). Undefined for an unknown token or a switched-off
     * license.
     */
    async read(tokenHash: string, from: Date, to: Date): Promise<FeedRead | undefined> {
      const result = await db.execute(sql`
        select f.license_id as "licenseId", c.name as "calendarName",
          coalesce(s.data->>'timeZone', ${defaultTimeZone}) as "timeZone",
          b.id, b.starts_ms as "startsMs", b.ends_ms as "endsMs", b.quantity, b.notes,
          b.updated_ms as "updatedMs", b.product_name as "productName", b.customer_name as "customerName",
          b.customer_phone as "customerPhone", b.customer_email as "customerEmail"
        from ${calendarFeeds} f
        join ${bookingCalendars} c on c.id = f.booking_calendar_id and c.license_id = f.license_id
        join ${licenses} l on l.id = f.license_id and l.status = 'active'
        left join ${companySettings} s on s.license_id = f.license_id
        left join lateral (
          select bk.id, bk.starts_at, bk.quantity, bk.notes,
            (extract(epoch from bk.starts_at) * 1000)::float8 as starts_ms,
            (extract(epoch from bk.ends_at) * 1000)::float8 as ends_ms,
            (extract(epoch from bk.updated_at) * 1000)::float8 as updated_ms,
            p.name as product_name,
            trim(cu.name || ' ' || coalesce(cu.surname, '')) as customer_name,
            cu.phone as customer_phone, cu.email as customer_email
          from ${bookings} bk
          join ${products} p on p.id = bk.product_id
          join ${customers} cu on cu.id = bk.customer_id
          where bk.booking_calendar_id = f.booking_calendar_id and bk.license_id = f.license_id
            and bk.status = 'confirmed'
            and bk.starts_at >= ${from.toISOString()}::timestamptz and bk.starts_at < ${to.toISOString()}::timestamptz
        ) b on true
        where f.token_hash = ${tokenHash}
        order by b.starts_at, b.id`);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      const first = rows[0];
      if (!first) return undefined;
      // Instants as epoch milliseconds: the same from both drivers, whatever the session's zone.
      const date = (v: unknown) => new Date(Math.floor(Number(v)));
      return {
        licenseId: Number(first.licenseId),
        calendarName: String(first.calendarName),
        timeZone: String(first.timeZone),
        bookings: rows
          .filter((r) => r.id !== null)
          .map((r) => ({
            id: Number(r.id),
            startsAt: date(r.startsMs),
            endsAt: date(r.endsMs),
            quantity: Number(r.quantity),
            notes: (r.notes as string | null) ?? null,
            updatedAt: date(r.updatedMs),
            productName: String(r.productName ?? ''),
            customerName: String(r.customerName ?? ''),
            customerPhone: (r.customerPhone as string | null) ?? null,
            customerEmail: (r.customerEmail as string | null) ?? null,
          })),
      };
    },
  };
}
