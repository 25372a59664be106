import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bookings } from '../bookings/bookings.table.js';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { customerFullName } from '../customers/customer-name.js';
import { customers } from '../customers/customers.table.js';
import { users } from '../employees/employees.table.js';
import { products } from '../products/products.table.js';
import { googleBusyTimes, googleCalendarEvents, googleCalendarLinks } from './google-calendar.table.js';

export type GoogleLinkRow = typeof googleCalendarLinks.$inferSelect;

/** A booking to push, with what its event says and what was pushed for it (null: nothing yet). */
export interface BookingToPush {
  bookingId: number;
  startsAt: Date;
  endsAt: Date;
  quantity: number;
  notes: string | null;
  productName: string;
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
  fingerprint: string;
  googleEventId: string | null;
}

export function createGoogleCalendarRepository(db: DbOrTx) {
  const l = googleCalendarLinks;
  return {
    async calendarExists(licenseId: number, calendarId: number) {
      const [row] = await db
        .select({ id: bookingCalendars.id, name: bookingCalendars.name })
        .from(bookingCalendars)
        .where(and(eq(bookingCalendars.licenseId, licenseId), eq(bookingCalendars.id, calendarId)));
      return row ?? null;
    },

    async ofCalendar(licenseId: number, calendarId: number): Promise<GoogleLinkRow | null> {
      const [row] = await db
        .select()
        .from(l)
        .where(and(eq(l.licenseId, licenseId), eq(l.bookingCalendarId, calendarId)));
      return row ?? null;
    },

    async byId(id: number): Promise<GoogleLinkRow | null> {
      const [row] = await db.select().from(l).where(eq(l.id, id));
      return row ?? null;
    },

    async ofLicense(licenseId: number) {
      return db.select().from(l).where(eq(l.licenseId, licenseId)).orderBy(l.bookingCalendarId);
    },

    /** The links that push and read: working, with a Google calendar chosen. */
    async working(): Promise<{ id: number; licenseId: number }[]> {
      return db
        .select({ id: l.id, licenseId: l.licenseId })
        .from(l)
        .where(and(eq(l.state, 'ok'), sql`${l.googleCalendarId} is not null`))
        .orderBy(l.id);
    },

    async busyCount(linkId: number, from: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(googleBusyTimes)
        .where(
          and(eq(googleBusyTimes.linkId, linkId), sql`${googleBusyTimes.endsAt} > ${from.toISOString()}`),
        );
      return row?.n ?? 0;
    },

    /** Makes or renews the calendar's link: new tokens, working again; the chosen Google calendar kept. */
    async upsert(values: {
      licenseId: number;
      bookingCalendarId: number;
      refreshToken: string;
      accessToken: string | null;
      accessTokenExpiresAt: Date | null;
      connectedBy: number | null;
      googleCalendarId: string | null;
      googleCalendarName: string | null;
    }): Promise<GoogleLinkRow> {
      const [row] = await db
        .insert(l)
        .values({ ...values, state: 'ok' })
        .onConflictDoUpdate({
          target: l.bookingCalendarId,
          set: {
            refreshToken: values.refreshToken,
            accessToken: values.accessToken,
            accessTokenExpiresAt: values.accessTokenExpiresAt,
            connectedBy: values.connectedBy,
            state: 'ok',
            brokenReason: null,
            brokenSince: null,
            googleCalendarId: sql`coalesce(${l.googleCalendarId}, excluded.google_calendar_id)`,
            googleCalendarName: sql`case when ${l.googleCalendarId} is null then excluded.google_calendar_name else ${l.googleCalendarName} end`,
            updatedAt: new Date(),
          },
        })
        .returning();
      return row!;
    },

    async saveAccessToken(id: number, accessToken: string, expiresAt: Date | null) {
      await db.update(l).set({ accessToken, accessTokenExpiresAt: expiresAt }).where(eq(l.id, id));
    },

    /** Another Google calendar: what was pushed and read belongs to the old one. */
    async choose(id: number, googleCalendarId: string, googleCalendarName: string) {
      await db.delete(googleCalendarEvents).where(eq(googleCalendarEvents.linkId, id));
      await db.delete(googleBusyTimes).where(eq(googleBusyTimes.linkId, id));
      await db
        .update(l)
        .set({ googleCalendarId, googleCalendarName, pushedAt: null, busyRefreshedAt: null })
        .where(eq(l.id, id));
    },

    async remove(licenseId: number, calendarId: number): Promise<boolean> {
      const gone = await db
        .delete(l)
        .where(and(eq(l.licenseId, licenseId), eq(l.bookingCalendarId, calendarId)))
        .returning({ id: l.id });
      return gone.length > 0;
    },

    /**
     * Marks a working link broken (once: a link already broken is left as it is) and deletes its busy
     * times, so they stop counting. Answers whether this call broke it.
     */
    async markBroken(id: number, reason: string, now: Date): Promise<boolean> {
      const broken = await db
        .update(l)
        .set({ state: 'broken', brokenReason: reason as GoogleLinkRow['brokenReason'], brokenSince: now })
        .where(and(eq(l.id, id), eq(l.state, 'ok')))
        .returning({ id: l.id });
      if (!broken.length) return false;
      await db.delete(googleBusyTimes).where(eq(googleBusyTimes.linkId, id));
      return true;
    },

    /**
     * The confirmed bookings of the link's calendar in [from, to) whose event is missing or says
     * something else than what was pushed (the fingerprint of times, product, customer and notes).
     */
    async bookingsToPush(link: GoogleLinkRow, from: Date, to: Date): Promise<BookingToPush[]> {
      const b = bookings;
      const e = googleCalendarEvents;
      const fingerprint = sql<string>`md5(concat_ws('|', extract(epoch from ${b.startsAt}), extract(epoch from ${b.endsAt}),
        ${b.quantity}, ${products.name}, ${customerFullName()}, ${customers.phone}, ${customers.email}, ${b.notes}))`;
      const rows = await db
        .select({
          bookingId: b.id,
          startsAt: b.startsAt,
          endsAt: b.endsAt,
          quantity: b.quantity,
          notes: b.notes,
          productName: products.name,
          customerName: customerFullName(),
          customerPhone: customers.phone,
          customerEmail: customers.email,
          fingerprint,
          googleEventId: e.googleEventId,
          pushed: e.fingerprint,
        })
        .from(b)
        .innerJoin(products, eq(products.id, b.productId))
        .innerJoin(customers, eq(customers.id, b.customerId))
        .leftJoin(e, and(eq(e.linkId, link.id), eq(e.bookingId, b.id)))
        .where(
          and(
            eq(b.licenseId, link.licenseId),
            eq(b.bookingCalendarId, link.bookingCalendarId),
            eq(b.status, 'confirmed'),
            sql`${b.startsAt} < ${to.toISOString()}`,
            sql`${b.endsAt} > ${from.toISOString()}`,
            sql`(${e.fingerprint} is null or ${e.fingerprint} <> ${fingerprint})`,
          ),
        )
        .orderBy(b.startsAt, b.id);
      return rows.map(({ pushed: _pushed, ...row }) => row);
    },

    /** Events pushed for bookings since deleted, cancelled or moved to another calendar. */
    async eventsToDelete(link: GoogleLinkRow) {
      const e = googleCalendarEvents;
      return db
        .select({ bookingId: e.bookingId, googleEventId: e.googleEventId })
        .from(e)
        .leftJoin(bookings, and(eq(bookings.id, e.bookingId), eq(bookings.licenseId, link.licenseId)))
        .where(
          and(
            eq(e.linkId, link.id),
            sql`(${bookings.id} is null or ${bookings.status} <> 'confirmed'
              or ${bookings.bookingCalendarId} <> ${link.bookingCalendarId})`,
          ),
        )
        .orderBy(e.bookingId);
    },

    async pushed(linkId: number, booking: BookingToPush, googleEventId: string) {
      const e = googleCalendarEvents;
      const values = {
        googleEventId,
        fingerprint: booking.fingerprint,
        startsAt: booking.startsAt,
        endsAt: booking.endsAt,
        pushedAt: new Date(),
      };
      await db
        .insert(e)
        .values({ linkId, bookingId: booking.bookingId, ...values })
        .onConflictDoUpdate({ target: [e.linkId, e.bookingId], set: values });
    },

    async unpushed(linkId: number, bookingId: number) {
      await db
        .delete(googleCalendarEvents)
        .where(and(eq(googleCalendarEvents.linkId, linkId), eq(googleCalendarEvents.bookingId, bookingId)));
    },

    async markPushed(id: number, at: Date) {
      await db.update(l).set({ pushedAt: at }).where(eq(l.id, id));
    },

    /** Replaces the link's busy times with what Google answered (the caller's transaction), if still working. */
    async replaceBusy(link: GoogleLinkRow, busy: { startsAt: Date; endsAt: Date }[], at: Date) {
      const [still] = await db
        .select({ id: l.id })
        .from(l)
        .where(and(eq(l.id, link.id), eq(l.state, 'ok')))
        .for('update');
      if (!still) return false;
      await db.delete(googleBusyTimes).where(eq(googleBusyTimes.linkId, link.id));
      const pieces: (typeof googleBusyTimes.$inferInsert)[] = [];
      for (const b of busy) {
        for (let s = b.startsAt.getTime(); s < b.endsAt.getTime(); s += googleBusyPieceMs) {
          pieces.push({
            linkId: link.id,
            licenseId: link.licenseId,
            bookingCalendarId: link.bookingCalendarId,
            startsAt: new Date(s),
            endsAt: new Date(Math.min(s + googleBusyPieceMs, b.endsAt.getTime())),
          });
        }
      }
      for (let i = 0; i < pieces.length; i += 1000)
        await db.insert(googleBusyTimes).values(pieces.slice(i, i + 1000));
      await db.update(l).set({ busyRefreshedAt: at }).where(eq(l.id, link.id));
      return true;
    },

    /** The employee who connected the link (the first to tell when it breaks), if still there. */
    async connectedBy(
      link: GoogleLinkRow,
    ): Promise<{ id: number; name: string; email: string | null } | null> {
      if (link.connectedBy === null) return null;
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.id, link.connectedBy), eq(users.licenseId, link.licenseId)));
      return row ?? null;
    },
  };
}

/**
 * The spaces a Google busy time takes: the whole calendar, whatever its capacity (the engine never
 * counts below zero free).
 */
export const googleBusySpaces = 1_000_000;

/**
 * A busy time is stored in pieces of at most a day, so the occupancy reads' index range (starts after
 * the window's start minus the longest booking) finds a long absence too.
 */
export const googleBusyPieceMs = 24 * 60 * 60_000;

/**
 * The busy times of the calendar's working Google link overlapping [from, to), as occupancy that takes
 * the whole calendar: every room check and availability read unions them in beside the live holds.
 */
export async function googleBusyBetween(
  db: DbOrTx,
  licenseId: number,
  calendarId: number,
  from: Date,
  to: Date,
): Promise<{ startsAt: Date; endsAt: Date; spaces: number }[]> {
  const g = googleBusyTimes;
  return db
    .select({
      startsAt: g.startsAt,
      endsAt: g.endsAt,
      spaces: sql<number>`${googleBusySpaces}::int`.mapWith(Number),
    })
    .from(g)
    .where(
      and(
        eq(g.bookingCalendarId, calendarId),
        sql`${g.startsAt} > ${new Date(from.getTime() - googleBusyPieceMs).toISOString()}`,
        sql`${g.startsAt} < ${to.toISOString()}`,
        sql`${g.endsAt} > ${from.toISOString()}`,
        eq(g.licenseId, licenseId),
      ),
    );
}
