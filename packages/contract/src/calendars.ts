import { z } from 'zod';
import { anomalyTypes, maxRangesPerDay, type Weekday, weekdays } from './calendar-values.js';

export * from './calendar-values.js';

const openAtPattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const closedAtPattern = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/**
 * One opening range of a day, in the company's local wall-clock time: 'HH:MM' to 'HH:MM', `closedAt`
 * excluded and up to '24:00' (the end of the day). Zero-padded 'HH:MM' strings sort as the times they
 * name, so they are compared as strings.
 */
export const openRangeSchema = z
  .object({
    openAt: z
      .string()
      .regex(openAtPattern, { message: 'a time as HH:MM' })
      .describe("'HH:MM', 00:00 to 23:59"),
    closedAt: z
      .string()
      .regex(closedAtPattern, { message: 'a time as HH:MM (24:00 is the end of the day)' })
      .describe("'HH:MM' after openAt; '24:00' is the end of the day"),
  })
  .superRefine((range, ctx) => {
    if (
      openAtPattern.test(range.openAt) &&
      closedAtPattern.test(range.closedAt) &&
      range.closedAt <= range.openAt
    ) {
      ctx.addIssue({ code: 'custom', path: ['closedAt'], message: 'must be after openAt' });
    }
  });
export type OpenRange = z.infer<typeof openRangeSchema>;

/** A day's ranges: none (closed all day) to `maxRangesPerDay`, no two overlapping; answered in time order. */
const dayRangesSchema = z
  .array(openRangeSchema)
  .max(maxRangesPerDay)
  .superRefine((ranges, ctx) => {
    const valid = ranges
      .map((range, index) => ({ ...range, index }))
      .filter(
        (r) => openAtPattern.test(r.openAt) && closedAtPattern.test(r.closedAt) && r.openAt < r.closedAt,
      )
      .sort((x, y) => (x.openAt < y.openAt ? -1 : x.openAt > y.openAt ? 1 : x.index - y.index));
    let latestClose = '';
    let latestIndex = -1;
    for (const r of valid) {
      // Touching ranges (09:00–14:00 and 14:00–18:00) do not overlap: closedAt is excluded.
      if (latestIndex >= 0 && r.openAt < latestClose) {
        ctx.addIssue({
          code: 'custom',
          path: [r.index, 'openAt'],
          message: `overlaps range ${latestIndex} of the same day`,
        });
      }
      if (r.closedAt > latestClose) {
        latestClose = r.closedAt;
        latestIndex = r.index;
      }
    }
  })
  .transform((ranges) =>
    [...ranges].sort((x, y) => (x.openAt < y.openAt ? -1 : x.openAt > y.openAt ? 1 : 0)),
  );

/**
 * The weekly schedule: all seven days, each with its opening ranges in the company's local time, e.g.
 * `{"monday": [{"openAt": "09:00", "closedAt": "14:00"}, {"openAt": "16:00", "closedAt": "20:00"}], ..., "sunday": []}`.
 */
export const weeklyScheduleSchema = z
  .object(
    Object.fromEntries(weekdays.map((day) => [day, dayRangesSchema])) as Record<
      Weekday,
      typeof dayRangesSchema
    >,
  )
  .describe(
    "Every weekday (monday to sunday) with its opening ranges in the company's local time; [] is closed all day. Ranges of a day must not overlap",
  );
export type WeeklySchedule = z.output<typeof weeklyScheduleSchema>;

/** The schedule as answers carry it: the shape of `weeklyScheduleSchema`, without its checks. */
export const weeklyScheduleAnswer = z.object(
  Object.fromEntries(
    weekdays.map((day) => [day, z.array(z.object({ openAt: z.string(), closedAt: z.string() }))]),
  ) as Record<Weekday, z.ZodArray<z.ZodObject<{ openAt: z.ZodString; closedAt: z.ZodString }>>>,
);

/** An empty week: every day closed. */
export function emptySchedule(): WeeklySchedule {
  return Object.fromEntries(weekdays.map((day) => [day, []])) as unknown as WeeklySchedule;
}

/** A calendar's colour as `#rrggbb` (lower-cased when stored). */
export const calendarColorPattern = /^#[0-9a-fA-F]{6}$/;

const minutesOfADay = (what: string) => z.number().int().min(1).max(1440).describe(what);

/**
 * A booking calendar as POST and PUT take it (PUT replaces the whole calendar).
 * `howManyTimesCanCustomerRescheduleBooking` only counts when customers may change the date; otherwise
 * it is stored as null.
 */
export const bookingCalendarBody = z
  .object({
    name: z.string().trim().min(1).max(120),
    color: z
      .string()
      .trim()
      .regex(calendarColorPattern, { message: 'a colour as #rrggbb' })
      .transform((v) => v.toLowerCase())
      .nullable()
      .optional()
      .describe(
        "The calendar's colour in every staff member's calendar view, '#rrggbb'; null or absent: one from a palette by id",
      ),
    schedule: weeklyScheduleSchema,
    duration: minutesOfADay('Minutes between consecutive start times (the slot length), 1 to 1440'),
    publicDuration: minutesOfADay('Minutes shown to customers as the slot length; null shows duration')
      .nullable()
      .optional(),
    canCustomersChangeTheBookingDate: z
      .boolean()
      .default(false)
      .describe('Whether customers may move their bookings to another date'),
    howManyTimesCanCustomerRescheduleBooking: z
      .number()
      .int()
      .min(0)
      .max(1000)
      .nullable()
      .optional()
      .describe('How often a customer may move a booking; null is no limit'),
    maximumDaysOfBookingForecast: z
      .number()
      .int()
      .min(1)
      .max(3650)
      .nullable()
      .optional()
      .describe('How many days ahead a booking can be made; null is no limit'),
    minimumMinutesInAdvanceForBooking: z
      .number()
      .int()
      .min(0)
      .max(525_600)
      .default(0)
      .describe('A booking must start at least this many minutes after it is made'),
    maximumConcurrentBookings: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(1)
      .describe('Spaces at any time: the sum of the spaces of the bookings that overlap'),
    minimumProductDuration: minutesOfADay('Products shorter than this many minutes cannot be booked here')
      .nullable()
      .optional(),
  })
  .describe(
    "A whole booking calendar (PUT replaces it): its weekly schedule in the company's local time, the slot length and the booking rules",
  );
export type BookingCalendarBody = z.input<typeof bookingCalendarBody>;

export const bookingCalendarSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable().describe("'#rrggbb', or null: the view picks one from a palette by id"),
  schedule: weeklyScheduleAnswer,
  duration: z.number().int(),
  publicDuration: z.number().int().nullable(),
  canCustomersChangeTheBookingDate: z.boolean(),
  howManyTimesCanCustomerRescheduleBooking: z.number().int().nullable(),
  maximumDaysOfBookingForecast: z.number().int().nullable(),
  minimumMinutesInAdvanceForBooking: z.number().int(),
  maximumConcurrentBookings: z.number().int(),
  minimumProductDuration: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingCalendar = z.infer<typeof bookingCalendarSchema>;

/** The spec's calendar list columns plus duration and the dates; filters and orders take these names. */
export const bookingCalendarListFields = [
  'id',
  'name',
  'maximumConcurrentBookings',
  'maximumDaysOfBookingForecast',
  'minimumMinutesInAdvanceForBooking',
  'minimumProductDuration',
  'duration',
  'createdAt',
  'updatedAt',
] as const;

export const bookingCalendarListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable().describe("'#rrggbb', or null: the view picks one from a palette by id"),
  maximumConcurrentBookings: z.number().int(),
  maximumDaysOfBookingForecast: z.number().int().nullable(),
  minimumMinutesInAdvanceForBooking: z.number().int(),
  minimumProductDuration: z.number().int().nullable(),
  duration: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingCalendarListItem = z.infer<typeof bookingCalendarListItemSchema>;

// ---------------------------------------------------------------------------------------------------
// Schedule anomalies

const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|([+-])(\d{2}):?(\d{2}))?)?$/i;

/**
 * A client's date-time, checked for shape and real values: milliseconds since the epoch, read as UTC
 * when it has no offset (`local`: the server reads it in the company's time zone), or undefined.
 */
export function clientDateTimeKey(value: string): { ms: number; local: boolean } | undefined {
  const m = dateTimePattern.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m
    .slice(1, 7)
    .map((v) => (v === undefined ? 0 : Number(v)));
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (
    month! < 1 ||
    month! > 12 ||
    day! < 1 ||
    day! > daysInMonth ||
    hour! > 23 ||
    minute! > 59 ||
    second! > 59
  )
    return undefined;
  const wall = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  if (!m[7]) return { ms: wall, local: true };
  if (m[7].toUpperCase() === 'Z') return { ms: wall, local: false };
  const offsetHours = Number(m[9]);
  const offsetMinutes = Number(m[10]);
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const offset = (m[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return { ms: wall - offset * 60_000, local: false };
}

const clientDateTime = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => clientDateTimeKey(v) !== undefined, {
      message: 'an ISO date-time, e.g. 2026-12-24T14:00 or 2026-12-24T14:00:00+01:00',
    })
    .describe(
      `${what}: ISO 8601; without an offset (or a plain date, its 00:00) it is read in the company's time zone`,
    );

/**
 * An anomaly of a calendar's schedule: `open` opens time outside the schedule, `close` closes time inside
 * it, from `startDate` to `endDate` (excluded). One overlapping an anomaly of the opposite type on the
 * same calendar is refused (409 anomalyConflict); anomalies that only touch do not overlap.
 */
export const anomalyBody = z
  .object({
    type: z.enum(anomalyTypes).describe('open: opens outside the schedule; close: closes inside it'),
    startDate: clientDateTime('When the anomaly starts'),
    endDate: clientDateTime('When the anomaly ends (excluded); after startDate'),
    reason: z
      .string()
      .trim()
      .max(500)
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional()
      .describe('Why, e.g. "Festivo: Navidad"'),
  })
  .superRefine((body, ctx) => {
    const start = clientDateTimeKey(body.startDate);
    const end = clientDateTimeKey(body.endDate);
    // Comparable here when both carry an offset or neither does; otherwise the server decides.
    if (start && end && start.local === end.local && end.ms <= start.ms) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be after startDate' });
    }
  })
  .describe(
    "An opening or a closing outside the usual schedule, from startDate to endDate (excluded). An offset-less date-time is read in the company's time zone",
  );
export type AnomalyBody = z.input<typeof anomalyBody>;

export const anomalySchema = z.object({
  id: z.number().int(),
  bookingCalendarId: z.number().int(),
  type: z.enum(anomalyTypes),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type Anomaly = z.infer<typeof anomalySchema>;

/** The spec's list names startDate `startsAt` (and endDate `endsAt`); the record's names filter too. */
export const anomalyListFields = [
  'id',
  'startsAt',
  'endsAt',
  'type',
  'reason',
  'startDate',
  'endDate',
  'createdAt',
] as const;

export const anomalyListItemSchema = z.object({
  id: z.number().int(),
  startsAt: z.string().describe('startDate'),
  endsAt: z.string().describe('endDate'),
  type: z.enum(anomalyTypes),
  reason: z.string().nullable(),
});
export type AnomalyListItem = z.infer<typeof anomalyListItemSchema>;
