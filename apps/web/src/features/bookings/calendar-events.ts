import type {
  AnomalyListItem,
  BookingRangeHold,
  BookingRangeItem,
  WeeklySchedule,
} from '@mostrador/contract';
import { dayjs } from '../../lib/dayjs';
import { textColourOn } from '../calendars/calendar-colour';

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

/** What the view knows of a calendar: its name, colour and capacity. */
export interface CalendarInfo {
  id: number;
  name: string;
  color: string | null;
  maximumConcurrentBookings: number;
}

/**
 * A class: the bookings of one product on one calendar at one time, shown as one block with the places
 * taken ("7 / 12") that opens its attendee list.
 */
export interface ClassBlock {
  key: string;
  bookingCalendarId: number;
  productId: number;
  productName: string;
  startsAt: string;
  endsAt: string;
  /** Units booked: the sum of the attendees' quantities. */
  booked: number;
  /** How many units the calendar takes at once: its capacity over the spaces a unit takes. */
  places: number;
  attendees: BookingRangeItem[];
}

/** How many units of the booking's product fit in a calendar of `capacity` spaces at once. */
export function placesOf(capacity: number, booking: Pick<BookingRangeItem, 'spaces' | 'quantity'>): number {
  const unitSpaces = Math.max(1, booking.spaces / Math.max(1, booking.quantity));
  return Math.floor(capacity / unitSpaces);
}

/**
 * Bookings of a product with several places (its calendar takes more than one unit at once) grouped into
 * one class per calendar, product and period when there are two or more; the others stay single bookings
 * (in start order). Attendees by name.
 */
export function groupClasses(
  bookings: BookingRangeItem[],
  capacityOf: (calendarId: number) => number | undefined,
): { singles: BookingRangeItem[]; classes: ClassBlock[] } {
  const singles: BookingRangeItem[] = [];
  const classes = new Map<string, ClassBlock>();
  for (const booking of bookings) {
    const capacity = capacityOf(booking.bookingCalendarId);
    const places = capacity === undefined ? 1 : placesOf(capacity, booking);
    if (places <= 1) {
      singles.push(booking);
      continue;
    }
    const key = `${booking.bookingCalendarId}-${booking.productId}-${Date.parse(booking.startsAt)}-${Date.parse(booking.endsAt)}`;
    const block = classes.get(key) ?? {
      key,
      bookingCalendarId: booking.bookingCalendarId,
      productId: booking.productId,
      productName: booking.productName,
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      booked: 0,
      places,
      attendees: [],
    };
    block.booked += booking.quantity;
    block.attendees.push(booking);
    classes.set(key, block);
  }
  // A lone booking stays a booking (its tile names the customer); two or more make a class.
  const groups: ClassBlock[] = [];
  for (const block of classes.values()) {
    if (block.attendees.length < 2) {
      singles.push(...block.attendees);
      continue;
    }
    block.attendees.sort((a, b) => a.customerName.localeCompare(b.customerName) || a.id - b.id);
    groups.push(block);
  }
  singles.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id);
  return { singles, classes: groups };
}

export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  backgroundColor?: string;
  borderColor?: string;
  textColor?: string;
  display?: 'background' | 'auto';
  classNames?: string[];
  editable?: boolean;
  extendedProps: {
    calendarId?: number;
    booking?: BookingRangeItem;
    block?: ClassBlock;
    anomaly?: AnomalyListItem;
    hold?: BookingRangeHold;
  };
}

/** A no-show's tile: pale, struck through (the page's CSS), its text as readable as any other (WCAG AA). */
export const noShowBackground = '#f5f5f5';

export function bookingEvent(booking: BookingRangeItem, colour: string, canMove: boolean): CalendarEvent {
  // A faded tile (opacity) would fail contrast; a no-show keeps its calendar's colour in the border.
  const noShow = booking.attended === false;
  const background = noShow ? noShowBackground : colour;
  return {
    id: `booking-${booking.id}`,
    title: `${booking.customerName} · ${booking.productName}`,
    start: booking.startsAt,
    end: booking.endsAt,
    backgroundColor: background,
    borderColor: colour,
    textColor: textColourOn(background),
    editable: canMove,
    classNames: noShow ? ['booking-unattended'] : [],
    extendedProps: { calendarId: booking.bookingCalendarId, booking },
  };
}

/** A class as one block: not dragged (its attendees are moved one by one, from their bookings). */
export function classEvent(block: ClassBlock, colour: string): CalendarEvent {
  return {
    id: `class-${block.key}`,
    title: `${block.productName} ${block.booked}/${block.places}`,
    start: block.startsAt,
    end: block.endsAt,
    backgroundColor: colour,
    borderColor: colour,
    textColor: textColourOn(colour),
    editable: false,
    classNames: ['booking-class'],
    extendedProps: { calendarId: block.bookingCalendarId, block },
  };
}

/**
 * A place held while a customer pays online: muted and striped in its calendar's colour (the page's CSS,
 * `booking-hold`), not dragged, not opened (it is no booking yet).
 */
export function holdEvent(hold: BookingRangeHold, colour: string, title: string): CalendarEvent {
  return {
    id: `hold-${hold.id}`,
    title,
    start: hold.startsAt,
    end: hold.endsAt,
    borderColor: colour,
    editable: false,
    classNames: ['booking-hold'],
    extendedProps: { calendarId: hold.bookingCalendarId, hold },
  };
}

/** Live holds only: one that expired while the view was open is dropped at the next render. */
export function liveHolds(holds: BookingRangeHold[], now: number): BookingRangeHold[] {
  return holds.filter((h) => Date.parse(h.expiresAt) > now);
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
    extendedProps: { calendarId, anomaly },
  };
}

/** Where an event sits across its day's column, in percent of the column's width. */
export interface Placement {
  left: number;
  width: number;
}

/**
 * Side by side: each calendar takes its own band of every day's column (in `calendarIds`' order), and
 * within a band the events that share time split it into lanes. Background events (exceptions) take their
 * calendar's whole band.
 */
export function sideBySide(events: CalendarEvent[], calendarIds: number[]): Map<string, Placement> {
  const placements = new Map<string, Placement>();
  const bandWidth = 100 / Math.max(1, calendarIds.length);
  calendarIds.forEach((calendarId, band) => {
    const mine = events.filter((e) => e.extendedProps.calendarId === calendarId);
    for (const e of mine.filter((x) => x.display === 'background'))
      placements.set(e.id, { left: band * bandWidth, width: bandWidth });
    const sorted = mine
      .filter((x) => x.display !== 'background')
      .map((e) => ({ id: e.id, start: Date.parse(e.start), end: Date.parse(e.end) }))
      .sort((a, b) => a.start - b.start || b.end - a.end);
    // Clusters of events linked by shared time; in each, the first lane free at an event's start.
    let cluster: { id: string; lane: number }[] = [];
    let laneEnds: number[] = [];
    let clusterEnd = -Infinity;
    const close = () => {
      const lanes = Math.max(1, laneEnds.length);
      for (const { id, lane } of cluster)
        placements.set(id, { left: band * bandWidth + (lane * bandWidth) / lanes, width: bandWidth / lanes });
      cluster = [];
      laneEnds = [];
    };
    for (const e of sorted) {
      if (e.start >= clusterEnd) close();
      let lane = laneEnds.findIndex((end) => end <= e.start);
      if (lane < 0) lane = laneEnds.push(e.end) - 1;
      else laneEnds[lane] = e.end;
      cluster.push({ id: e.id, lane });
      clusterEnd = Math.max(clusterEnd === -Infinity ? e.end : clusterEnd, e.end);
    }
    close();
  });
  return placements;
}

/** The class name that places an event (one per distinct placement, so the CSS stays short). */
export function placementClass(p: Placement): string {
  return `sbs-${Math.round(p.left * 10)}-${Math.round(p.width * 10)}`;
}

/** The rules that move FullCalendar's own event boxes to their placements (they sit in harness divs). */
export function placementCss(placements: Iterable<Placement>): string {
  const rules = new Map<string, string>();
  for (const p of placements) {
    const name = placementClass(p);
    const left = Math.round(p.left * 10) / 10;
    const right = Math.max(0, Math.round((100 - p.left - p.width) * 10) / 10);
    rules.set(
      name,
      `.mostrador-calendar .fc-timegrid-event-harness:has(> .${name}), .mostrador-calendar .fc-timegrid-bg-harness:has(> .${name}) { left: ${left}% !important; right: ${right}% !important; }`,
    );
  }
  return [...rules.values()].join('\n');
}

/** Items grouped by the company's local day ('YYYY-MM-DD'), days and items in time order. */
export function byLocalDay<T extends { start: string }>(items: T[], timeZone: string): [string, T[]][] {
  const days = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const day = dayjs(item.start).tz(timeZone).format('YYYY-MM-DD');
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return [...days.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
