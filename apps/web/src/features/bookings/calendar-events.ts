import type { AnomalyListItem, BookingListItem, WeeklySchedule } from '@mostrador/contract';

/** FullCalendar counts days from Sunday (0). */
const dayNumbers: Record<keyof WeeklySchedule, number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};

export interface BusinessHours {
  daysOfWeek: number[];
  startTime: string;
  endTime: string;
}

/** The opening ranges of the calendars shown, as FullCalendar's business hours (their union). */
export function businessHoursOf(schedules: WeeklySchedule[]): BusinessHours[] {
  const hours: BusinessHours[] = [];
  const seen = new Set<string>();
  for (const schedule of schedules) {
    for (const [weekday, ranges] of Object.entries(schedule) as [
      keyof WeeklySchedule,
      WeeklySchedule['monday'],
    ][]) {
      for (const range of ranges) {
        const key = `${weekday}-${range.openAt}-${range.closedAt}`;
        if (seen.has(key)) continue;
        seen.add(key);
        hours.push({ daysOfWeek: [dayNumbers[weekday]], startTime: range.openAt, endTime: range.closedAt });
      }
    }
  }
  return hours;
}

/** The hours the day and week views show: from the earliest opening to the latest closing, an hour around. */
export function visibleHours(schedules: WeeklySchedule[]): { slotMinTime: string; slotMaxTime: string } {
  const ranges = schedules.flatMap((s) => Object.values(s).flat());
  if (!ranges.length) return { slotMinTime: '07:00:00', slotMaxTime: '22:00:00' };
  const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const min = Math.max(0, Math.min(...ranges.map((r) => toMinutes(r.openAt))) - 60);
  const max = Math.min(24 * 60, Math.max(...ranges.map((r) => toMinutes(r.closedAt))) + 60);
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
  return { slotMinTime: hhmm(Math.floor(min / 60) * 60), slotMaxTime: hhmm(Math.ceil(max / 60) * 60) };
}

/** Colours told apart at a glance, one per calendar (WCAG AA with white text). */
export const calendarColours = ['#0958d9', '#08797d', '#9e1068', '#ad4e00', '#531dab', '#3f6600'];

export function colourOf(calendarIds: number[], calendarId: number): string {
  const index = calendarIds.indexOf(calendarId);
  return calendarColours[(index < 0 ? calendarId : index) % calendarColours.length] as string;
}

export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  backgroundColor?: string;
  borderColor?: string;
  display?: 'background' | 'auto';
  classNames?: string[];
  editable?: boolean;
  extendedProps: { booking?: BookingListItem; anomaly?: AnomalyListItem };
}

export function bookingEvent(booking: BookingListItem, colour: string, canMove: boolean): CalendarEvent {
  return {
    id: `booking-${booking.id}`,
    title: `${booking.customerName} · ${booking.productName}`,
    start: booking.startsAt,
    end: booking.endsAt,
    backgroundColor: colour,
    borderColor: colour,
    editable: canMove,
    classNames: booking.attended === false ? ['booking-unattended'] : [],
    extendedProps: { booking },
  };
}

/** An exception shaded behind the bookings: closed periods grey-red, extra openings green. */
export function anomalyEvent(anomaly: AnomalyListItem, calendarId: number): CalendarEvent {
  return {
    id: `anomaly-${calendarId}-${anomaly.id}`,
    title: anomaly.reason ?? '',
    start: anomaly.startsAt,
    end: anomaly.endsAt,
    display: 'background',
    backgroundColor: anomaly.type === 'close' ? '#ffccc7' : '#d9f7be',
    classNames: [`anomaly-${anomaly.type}`],
    extendedProps: { anomaly },
  };
}
