import type { AnomalyType } from '@mostrador/contract';
import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countCapped, type ListSpec, listClauses, type ZonedListQuery } from '../../lib/list.js';
import { bookingCalendarAnomalies, bookingCalendars } from './calendars.table.js';

export type CalendarRow = typeof bookingCalendars.$inferSelect;
export type CalendarValues = Omit<typeof bookingCalendars.$inferInsert, 'id' | 'licenseId'>;
export type AnomalyRow = typeof bookingCalendarAnomalies.$inferSelect;
export type AnomalyValues = Pick<AnomalyRow, 'type' | 'startsAt' | 'endsAt' | 'reason'>;

const calendarListSpec: ListSpec = {
  fields: {
    id: { column: bookingCalendars.id, type: 'number' },
    name: { column: bookingCalendars.name, type: 'string' },
    maximumConcurrentBookings: { column: bookingCalendars.maximumConcurrentBookings, type: 'number' },
    maximumDaysOfBookingForecast: { column: bookingCalendars.maximumDaysOfBookingForecast, type: 'number' },
    minimumMinutesInAdvanceForBooking: {
      column: bookingCalendars.minimumMinutesInAdvanceForBooking,
      type: 'number',
    },
    minimumProductDuration: { column: bookingCalendars.minimumProductDuration, type: 'number' },
    duration: { column: bookingCalendars.duration, type: 'number' },
    createdAt: { column: bookingCalendars.createdAt, type: 'date' },
    updatedAt: { column: bookingCalendars.updatedAt, type: 'date' },
  },
  search: [bookingCalendars.name],
  defaultOrder: { name: 'asc' },
  tiebreaker: bookingCalendars.id,
};

const calendarListColumns = {
  id: bookingCalendars.id,
  name: bookingCalendars.name,
  color: bookingCalendars.color,
  maximumConcurrentBookings: bookingCalendars.maximumConcurrentBookings,
  maximumDaysOfBookingForecast: bookingCalendars.maximumDaysOfBookingForecast,
  minimumMinutesInAdvanceForBooking: bookingCalendars.minimumMinutesInAdvanceForBooking,
  minimumProductDuration: bookingCalendars.minimumProductDuration,
  duration: bookingCalendars.duration,
  createdAt: bookingCalendars.createdAt,
  updatedAt: bookingCalendars.updatedAt,
};

export function createCalendarsRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) =>
    and(eq(bookingCalendars.licenseId, licenseId), eq(bookingCalendars.id, id));
  return {
    async list(licenseId: number, query: ZonedListQuery) {
      const c = listClauses(query, calendarListSpec, eq(bookingCalendars.licenseId, licenseId));
      const [rows, count] = await Promise.all([
        db
          .select(calendarListColumns)
          .from(bookingCalendars)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
        countCapped(db, bookingCalendars, c.where),
      ]);
      return { rows, count };
    },
    async find(licenseId: number, id: number) {
      const [row] = await db.select().from(bookingCalendars).where(scope(licenseId, id));
      return row;
    },
    /**
     * The calendar, locked until the transaction ends: its anomalies are checked and written one at a
     * time, and no booking on it is being checked or written meanwhile (they hold it in share mode).
     */
    async lock(licenseId: number, id: number) {
      const [row] = await db.select().from(bookingCalendars).where(scope(licenseId, id)).for('update');
      return row;
    },
    /**
     * The license's calendars among `ids`, locked in share mode in id order until the transaction ends:
     * bookings on them go on together (each under its days' locks, `bookings/booking-locks.ts`) while a
     * change of a calendar or of its anomalies (`lock`, or an UPDATE of the row) waits for them, and
     * they for it.
     */
    async lockForBookings(licenseId: number, ids: number[]) {
      if (!ids.length) return [];
      return db
        .select()
        .from(bookingCalendars)
        .where(and(eq(bookingCalendars.licenseId, licenseId), inArray(bookingCalendars.id, ids)))
        .orderBy(bookingCalendars.id)
        .for('share');
    },
    async insert(licenseId: number, values: CalendarValues) {
      const [row] = await db
        .insert(bookingCalendars)
        .values({ ...values, licenseId })
        .returning();
      return row!;
    },
    async update(licenseId: number, id: number, values: CalendarValues) {
      const [row] = await db.update(bookingCalendars).set(values).where(scope(licenseId, id)).returning();
      return row;
    },
    async remove(licenseId: number, id: number) {
      const rows = await db
        .delete(bookingCalendars)
        .where(scope(licenseId, id))
        .returning({ id: bookingCalendars.id });
      return rows.length > 0;
    },
  };
}

const anomalyListSpec: ListSpec = {
  fields: {
    id: { column: bookingCalendarAnomalies.id, type: 'number' },
    startsAt: { column: bookingCalendarAnomalies.startsAt, type: 'date' },
    endsAt: { column: bookingCalendarAnomalies.endsAt, type: 'date' },
    type: { column: bookingCalendarAnomalies.type, type: 'string' },
    reason: { column: bookingCalendarAnomalies.reason, type: 'string' },
    startDate: { column: bookingCalendarAnomalies.startsAt, type: 'date' },
    endDate: { column: bookingCalendarAnomalies.endsAt, type: 'date' },
    createdAt: { column: bookingCalendarAnomalies.createdAt, type: 'date' },
  },
  search: [bookingCalendarAnomalies.reason],
  defaultOrder: { startsAt: 'asc' },
  tiebreaker: bookingCalendarAnomalies.id,
};

export function createAnomaliesRepository(db: DbOrTx) {
  const ofCalendar = (licenseId: number, calendarId: number) =>
    and(
      eq(bookingCalendarAnomalies.bookingCalendarId, calendarId),
      eq(bookingCalendarAnomalies.licenseId, licenseId),
    )!;
  return {
    /** A calendar's anomalies; the caller has checked the calendar is the license's. */
    async list(licenseId: number, calendarId: number, query: ZonedListQuery) {
      const c = listClauses(query, anomalyListSpec, ofCalendar(licenseId, calendarId));
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(bookingCalendarAnomalies)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
        countCapped(db, bookingCalendarAnomalies, c.where),
      ]);
      return { rows, count };
    },
    /**
     * An anomaly of the calendar of the other type sharing some time with [startsAt, endsAt); periods
     * that only touch do not.
     */
    async findOpposite(
      licenseId: number,
      calendarId: number,
      type: AnomalyType,
      startsAt: Date,
      endsAt: Date,
    ): Promise<AnomalyRow | undefined> {
      const [row] = await db
        .select()
        .from(bookingCalendarAnomalies)
        .where(
          and(
            ofCalendar(licenseId, calendarId),
            ne(bookingCalendarAnomalies.type, type),
            lt(bookingCalendarAnomalies.startsAt, endsAt),
            gt(bookingCalendarAnomalies.endsAt, startsAt),
          ),
        )
        .orderBy(bookingCalendarAnomalies.startsAt, bookingCalendarAnomalies.id)
        .limit(1);
      return row;
    },
    /** The calendar's anomalies sharing some time with [from, to), in time order (availability). */
    async between(licenseId: number, calendarId: number, from: Date, to: Date) {
      return db
        .select()
        .from(bookingCalendarAnomalies)
        .where(
          and(
            ofCalendar(licenseId, calendarId),
            lt(bookingCalendarAnomalies.startsAt, to),
            gt(bookingCalendarAnomalies.endsAt, from),
          ),
        )
        .orderBy(bookingCalendarAnomalies.startsAt, bookingCalendarAnomalies.id);
    },
    async insert(licenseId: number, calendarId: number, values: AnomalyValues) {
      const [row] = await db
        .insert(bookingCalendarAnomalies)
        .values({ ...values, licenseId, bookingCalendarId: calendarId })
        .returning();
      return row!;
    },
    async remove(licenseId: number, calendarId: number, id: number) {
      const rows = await db
        .delete(bookingCalendarAnomalies)
        .where(and(ofCalendar(licenseId, calendarId), eq(bookingCalendarAnomalies.id, id)))
        .returning({ id: bookingCalendarAnomalies.id });
      return rows.length > 0;
    },
  };
}
