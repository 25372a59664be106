import type {
  Anomaly,
  AnomalyListItem,
  anomalyBody,
  BookingCalendar,
  BookingCalendarListItem,
  bookingCalendarBody,
  ListQuery,
} from '@mostrador/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { pageOf } from '../../lib/list.js';
import { parseClientInstant } from '../../lib/time.js';
import {
  type AnomalyRow,
  type CalendarRow,
  type CalendarValues,
  createAnomaliesRepository,
  createCalendarsRepository,
} from './calendars.repository.js';

type CalendarBody = z.output<typeof bookingCalendarBody>;
type AnomalyBody = z.output<typeof anomalyBody>;

function toCalendar(row: CalendarRow): BookingCalendar {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    schedule: row.schedule,
    duration: row.duration,
    publicDuration: row.publicDuration,
    canCustomersChangeTheBookingDate: row.canCustomersChangeTheBookingDate,
    howManyTimesCanCustomerRescheduleBooking: row.howManyTimesCanCustomerRescheduleBooking,
    maximumDaysOfBookingForecast: row.maximumDaysOfBookingForecast,
    minimumMinutesInAdvanceForBooking: row.minimumMinutesInAdvanceForBooking,
    maximumConcurrentBookings: row.maximumConcurrentBookings,
    minimumProductDuration: row.minimumProductDuration,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The body as columns; the reschedule limit only counts when customers may change the date. */
function valuesOf(body: CalendarBody): CalendarValues {
  return {
    name: body.name,
    color: body.color ?? null,
    schedule: body.schedule,
    duration: body.duration,
    publicDuration: body.publicDuration ?? null,
    canCustomersChangeTheBookingDate: body.canCustomersChangeTheBookingDate,
    howManyTimesCanCustomerRescheduleBooking: body.canCustomersChangeTheBookingDate
      ? (body.howManyTimesCanCustomerRescheduleBooking ?? null)
      : null,
    maximumDaysOfBookingForecast: body.maximumDaysOfBookingForecast ?? null,
    minimumMinutesInAdvanceForBooking: body.minimumMinutesInAdvanceForBooking,
    maximumConcurrentBookings: body.maximumConcurrentBookings,
    minimumProductDuration: body.minimumProductDuration ?? null,
  };
}

function toAnomaly(row: AnomalyRow): Anomaly {
  return {
    id: row.id,
    bookingCalendarId: row.bookingCalendarId,
    type: row.type,
    startDate: row.startsAt.toISOString(),
    endDate: row.endsAt.toISOString(),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The anomaly's period as instants; offset-less values are read in the company's time zone. */
function periodOf(body: AnomalyBody, timeZone: string) {
  const startsAt = parseClientInstant(body.startDate, timeZone);
  if (!startsAt) throw invalid('startDate', 'must be an ISO date-time');
  const endsAt = parseClientInstant(body.endDate, timeZone);
  if (!endsAt) throw invalid('endDate', 'must be an ISO date-time');
  if (endsAt.getTime() <= startsAt.getTime()) throw invalid('endDate', 'must be after startDate');
  return { startsAt, endsAt };
}

export function createCalendarsService(deps: { db: Db }) {
  const { db } = deps;
  const repo = createCalendarsRepository(db);
  const anomalies = createAnomaliesRepository(db);

  async function calendarOf(auth: AuthContext, id: number) {
    const row = await repo.find(auth.licenseId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await repo.list(auth.licenseId, { ...query, timeZone: auth.timeZone });
      const items: BookingCalendarListItem[] = rows.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      }));
      return pageOf(items, count, query);
    },
    async get(auth: AuthContext, id: number): Promise<BookingCalendar> {
      return toCalendar(await calendarOf(auth, id));
    },
    async create(auth: AuthContext, body: CalendarBody): Promise<BookingCalendar> {
      return toCalendar(await repo.insert(auth.licenseId, valuesOf(body)));
    },
    async update(auth: AuthContext, id: number, body: CalendarBody): Promise<BookingCalendar> {
      const row = await repo.update(auth.licenseId, id, valuesOf(body));
      if (!row) throw notFound();
      return toCalendar(row);
    },
    /**
     * A calendar with bookings (any status) or products stays: their foreign keys refuse the delete
     * (calendarInUse, lib/db-errors.ts). Its anomalies go with it.
     */
    async remove(auth: AuthContext, id: number) {
      if (!(await repo.remove(auth.licenseId, id))) throw notFound();
    },

    async listAnomalies(auth: AuthContext, calendarId: number, query: ListQuery) {
      await calendarOf(auth, calendarId);
      const { rows, count } = await anomalies.list(auth.licenseId, calendarId, {
        ...query,
        timeZone: auth.timeZone,
      });
      const items: AnomalyListItem[] = rows.map((r) => ({
        id: r.id,
        startsAt: r.startsAt.toISOString(),
        endsAt: r.endsAt.toISOString(),
        type: r.type,
        reason: r.reason,
      }));
      return pageOf(items, count, query);
    },
    /**
     * Refused (anomalyConflict) when it shares time with an anomaly of the opposite type on the calendar.
     * The calendar's row is locked while checking and writing, so two opposite anomalies created at once
     * cannot both pass the check.
     */
    async createAnomaly(auth: AuthContext, calendarId: number, body: AnomalyBody): Promise<Anomaly> {
      const { startsAt, endsAt } = periodOf(body, auth.timeZone);
      const row = await db.transaction(async (tx) => {
        if (!(await createCalendarsRepository(tx).lock(auth.licenseId, calendarId))) throw notFound();
        const r = createAnomaliesRepository(tx);
        const clash = await r.findOpposite(auth.licenseId, calendarId, body.type, startsAt, endsAt);
        if (clash) throw new AppError('anomalyConflict', { conflictingAnomaly: toAnomaly(clash) });
        return r.insert(auth.licenseId, calendarId, {
          type: body.type,
          startsAt,
          endsAt,
          reason: body.reason ?? null,
        });
      });
      return toAnomaly(row);
    },
    async removeAnomaly(auth: AuthContext, calendarId: number, anomalyId: number) {
      if (!(await anomalies.remove(auth.licenseId, calendarId, anomalyId))) throw notFound();
    },
  };
}
export type CalendarsService = ReturnType<typeof createCalendarsService>;
