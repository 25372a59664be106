import {
  type BookingCalendar,
  type BookingCalendarBody,
  maxRangesPerDay,
  type Weekday,
  weekdays,
} from '@mostrador/contract';
import type { z } from 'zod';
import { issueMessage } from '../../components/forms/zod-rule';

/** One opening range as the form holds it: a time not chosen yet is null. */
export interface RangeValues {
  openAt: string | null;
  closedAt: string | null;
}

export type ScheduleValues = Record<Weekday, RangeValues[]>;

/** The calendar form's fields: the body's, with times that may still be empty. */
export interface CalendarFormValues {
  name: string;
  /** '#rrggbb', or null: the palette's colour for the calendar's id. */
  color: string | null;
  schedule: ScheduleValues;
  duration: number | null;
  publicDuration: number | null;
  maximumConcurrentBookings: number | null;
  minimumMinutesInAdvanceForBooking: number | null;
  maximumDaysOfBookingForecast: number | null;
  minimumProductDuration: number | null;
  canCustomersChangeTheBookingDate: boolean;
  howManyTimesCanCustomerRescheduleBooking: number | null;
}

/** The steps of the time pickers, in minutes. */
export const timeStep = 5;
const minutesInADay = 24 * 60;

/** '09:30' → 570; '24:00' → 1440. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** 570 → '09:30'; 1440 → '24:00'. */
export function timeOf(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const stepsBetween = (from: number, to: number) =>
  Array.from({ length: (to - from) / timeStep + 1 }, (_, i) => timeOf(from + i * timeStep));

/** Times a range may open at: 00:00 to 23:55. */
export const openTimes = stepsBetween(0, minutesInADay - timeStep);
/** Times a range may close at: 00:05 to 24:00 (the end of the day). */
export const closeTimes = stepsBetween(timeStep, minutesInADay);

const splitDay = (): RangeValues[] => [
  { openAt: '09:00', closedAt: '14:00' },
  { openAt: '16:00', closedAt: '20:00' },
];

/** A new calendar opens Monday to Friday, 9:00 to 14:00 and 16:00 to 20:00. */
export function defaultSchedule(): ScheduleValues {
  return Object.fromEntries(
    weekdays.map((day) => [day, day === 'saturday' || day === 'sunday' ? [] : splitDay()]),
  ) as ScheduleValues;
}

/**
 * The range "add" appends to a day: an hour after the day's latest close, four hours long (cut at the end of
 * the day); 09:00 to 14:00 on a closed day. None when the day is full or closes at midnight.
 */
export function nextRange(ranges: RangeValues[]): RangeValues | undefined {
  if (ranges.length >= maxRangesPerDay) return undefined;
  const closes = ranges.map((r) => r.closedAt).filter((c): c is string => !!c);
  if (!closes.length) return ranges.length ? { openAt: null, closedAt: null } : { ...splitDay()[0]! };
  const latest = Math.max(...closes.map(minutesOf));
  if (latest >= minutesInADay) return undefined;
  const open = Math.min(latest + 60, minutesInADay - 60);
  const start = Math.max(open, latest);
  return { openAt: timeOf(start), closedAt: timeOf(Math.min(start + 240, minutesInADay)) };
}

/** The schedule with `from`'s ranges copied (not shared) onto each day of `to`. */
export function copyDay(schedule: ScheduleValues, from: Weekday, to: readonly Weekday[]): ScheduleValues {
  const copy = { ...schedule };
  for (const day of to) copy[day] = schedule[from].map((range) => ({ ...range }));
  return copy;
}

/** The form's values: the calendar's, or a new calendar's defaults. */
export function toFormValues(calendar?: BookingCalendar): CalendarFormValues {
  return {
    name: calendar?.name ?? '',
    color: calendar?.color ?? null,
    schedule: calendar
      ? (Object.fromEntries(
          weekdays.map((day) => [day, (calendar.schedule[day] ?? []).map((r) => ({ ...r }))]),
        ) as ScheduleValues)
      : defaultSchedule(),
    duration: calendar?.duration ?? 30,
    publicDuration: calendar?.publicDuration ?? null,
    maximumConcurrentBookings: calendar?.maximumConcurrentBookings ?? 1,
    minimumMinutesInAdvanceForBooking: calendar?.minimumMinutesInAdvanceForBooking ?? 0,
    maximumDaysOfBookingForecast: calendar?.maximumDaysOfBookingForecast ?? null,
    minimumProductDuration: calendar?.minimumProductDuration ?? null,
    canCustomersChangeTheBookingDate: calendar?.canCustomersChangeTheBookingDate ?? false,
    howManyTimesCanCustomerRescheduleBooking: calendar?.howManyTimesCanCustomerRescheduleBooking ?? null,
  };
}

/**
 * The body to send. Times not chosen go as '' (the contract then says which); an empty notice is none; the
 * reschedule limit only counts when customers may change the date.
 */
export function toBody(values: CalendarFormValues): BookingCalendarBody {
  const canChangeDate = values.canCustomersChangeTheBookingDate;
  return {
    name: values.name,
    color: values.color ?? null,
    schedule: Object.fromEntries(
      weekdays.map((day) => [
        day,
        (values.schedule[day] ?? []).map((r) => ({ openAt: r.openAt ?? '', closedAt: r.closedAt ?? '' })),
      ]),
    ) as BookingCalendarBody['schedule'],
    duration: values.duration as number,
    publicDuration: values.publicDuration,
    maximumConcurrentBookings: values.maximumConcurrentBookings as number,
    minimumMinutesInAdvanceForBooking: values.minimumMinutesInAdvanceForBooking ?? 0,
    maximumDaysOfBookingForecast: values.maximumDaysOfBookingForecast,
    minimumProductDuration: values.minimumProductDuration,
    canCustomersChangeTheBookingDate: canChangeDate,
    howManyTimesCanCustomerRescheduleBooking: canChangeDate
      ? values.howManyTimesCanCustomerRescheduleBooking
      : null,
  };
}

/** A contract path ('schedule.monday.1.openAt' or its array) as the form field's name. */
export function formName(path: string | readonly PropertyKey[]): (string | number)[] {
  const parts = typeof path === 'string' ? path.replace(/^body\./, '').split('.') : path;
  return parts.map((part) =>
    typeof part === 'number' ? part : /^\d+$/.test(String(part)) ? Number(part) : String(part),
  );
}

type Message = [key: string, values?: Record<string, unknown>];

/**
 * The catalogue key of one of the calendar contract's own messages (the schema's, or the server's with the
 * same words), or undefined for the generic ones. Ranges are counted from 1 for people.
 */
export function contractMessage(message: string): Message | undefined {
  if (message === 'must be after openAt') return ['calendars.errors.closeAfterOpen'];
  const overlap = /^overlaps range (\d+)/.exec(message);
  if (overlap) return ['calendars.errors.overlap', { range: Number(overlap[1]) + 1 }];
  if (message.startsWith('a time as HH:MM')) return ['calendars.errors.time'];
  if (message === 'must be after startDate') return ['anomalies.errors.endAfterStart'];
  if (message.startsWith('an ISO date-time')) return ['anomalies.errors.dateTime'];
  return undefined;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The catalogue key of a problem the calendar or anomaly schema found in `value`. */
export function calendarIssueMessage(issue: z.core.$ZodIssue | undefined, value: unknown): Message {
  if (!issue) return ['validation.invalid'];
  if ((issue.code === 'invalid_format' || issue.code === 'custom') && isEmpty(value))
    return ['validation.required'];
  return (
    (issue.code === 'custom' || issue.code === 'invalid_format'
      ? contractMessage(issue.message)
      : undefined) ?? issueMessage(issue, value)
  );
}

/** A number of minutes in days, hours and minutes: 1530 → 1 day, 1 h, 30 min. */
export function minutesParts(total: number): { days: number; hours: number; minutes: number } {
  return {
    days: Math.floor(total / minutesInADay),
    hours: Math.floor((total % minutesInADay) / 60),
    minutes: total % 60,
  };
}

/**
 * Weekday names in a language, capitalised as a row heading ("Lunes", "Monday", "星期一"); from the
 * browser's own calendar data, whatever the time zone (2024-01-01 was a Monday).
 */
export function weekdayNames(language: string): Record<Weekday, string> {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  return Object.fromEntries(
    weekdays.map((day, index) => {
      const name = format.format(new Date(Date.UTC(2024, 0, 1 + index)));
      return [day, name.charAt(0).toLocaleUpperCase(language) + name.slice(1)];
    }),
  ) as Record<Weekday, string>;
}
