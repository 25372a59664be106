/**
 * The availability engine of a booking calendar: which start times a product can be booked at, and how
 * many spaces are free there. Pure: no database, no clock (`now` is an input), no I/O.
 *
 * Times: every instant is a `Date`; inside, milliseconds since the epoch. Local dates are the company's
 * (`timeZone`) and are handled as day numbers (days since 1970-01-01). A local day runs from the instant
 * its clock reaches 00:00 to the instant the next day's does (`zonedClockReaches`), so a schedule range
 * 'HH:MM'–'HH:MM' of a day is one interval of instants: 23 hours for 00:00–24:00 on the spring change in
 * Europe/Madrid, 25 on the autumn one. A wall time skipped by the spring change opens or closes at the
 * change; a repeated one in the autumn is its first occurrence.
 */
import { zonedClockReaches, zoneOffsetMinutes } from '../../lib/time.js';

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
/** 'HH:MM' local wall-clock of the company; closedAt may be '24:00'; openAt < closedAt. */
export interface OpenRange {
  openAt: string;
  closedAt: string;
}
/** Several ranges a day. */
export type WeeklySchedule = Record<Weekday, OpenRange[]>;
export interface CalendarRules {
  schedule: WeeklySchedule;
  /** Minutes between consecutive start times (the slot step), >= 1. */
  duration: number;
  /** Capacity in spaces at any instant, >= 1. */
  maximumConcurrentBookings: number;
  /** A start must be >= now + this many minutes (a negative value counts as 0: never in the past). */
  minimumMinutesInAdvanceForBooking: number;
  /** The start's local date must be <= local today (at `now`) + N days; null = no limit. */
  maximumDaysOfBookingForecast: number | null;
  /** A product shorter than this cannot be booked here. */
  minimumProductDuration: number | null;
}

/** The engine's rules of a calendar (its row, or its API record), without the calendar's other fields. */
export function rulesOf(calendar: CalendarRules): CalendarRules {
  return {
    schedule: calendar.schedule,
    duration: calendar.duration,
    maximumConcurrentBookings: calendar.maximumConcurrentBookings,
    minimumMinutesInAdvanceForBooking: calendar.minimumMinutesInAdvanceForBooking,
    maximumDaysOfBookingForecast: calendar.maximumDaysOfBookingForecast,
    minimumProductDuration: calendar.minimumProductDuration,
  };
}
/** 'open' opens extra time, 'close' closes time (of the schedule or of an 'open' anomaly). */
export interface AnomalyPeriod {
  type: 'open' | 'close';
  startsAt: Date;
  endsAt: Date;
}
/** spaces = quantity × the product's spacesOccupiedInTheCalendar. */
export interface ExistingBooking {
  startsAt: Date;
  endsAt: Date;
  spaces: number;
}
/**
 * Bookings as flat triples (start and end in epoch milliseconds, spaces): what the one-statement reads
 * decode to, without two `Date`s per interval (60 days of a busy calendar are ~1,500 intervals).
 */
export type BookingTriples = Float64Array;
/** spaces of ONE unit. */
export interface BookableProduct {
  durationInMinutes: number;
  spaces: number;
}

export type AvailabilityStatus = 'reservable' | 'unavailable' | 'exceptionally_closed';
export interface AvailabilityItem {
  startsAt: Date;
  endsAt: Date;
  freeSpaces: number;
  status: AvailabilityStatus;
}
export interface AvailabilityInput {
  timeZone: string;
  now: Date;
  /** First local date of the window, YYYY-MM-DD. */
  from: string;
  /** Local date after the window (excluded), YYYY-MM-DD. */
  to: string;
  calendar: CalendarRules;
  anomalies: AnomalyPeriod[];
  product: BookableProduct;
  /** Bookings overlapping the window (others are harmless, only slower). */
  bookings: ExistingBooking[] | BookingTriples;
}

export type StartRefusal =
  | 'productTooShort'
  | 'inThePast'
  | 'tooSoon'
  | 'beyondForecast'
  | 'outsideOpenTime'
  | 'notAStartTime'
  | 'full';
export interface CheckStartInput {
  timeZone: string;
  now: Date;
  calendar: CalendarRules;
  anomalies: AnomalyPeriod[];
  product: BookableProduct;
  bookings: ExistingBooking[] | BookingTriples;
  startsAt: Date;
  quantity: number;
}
export type CheckStartResult =
  | { ok: true; freeSpaces: number }
  | { ok: false; reason: StartRefusal; freeSpaces?: number };

export const weekdays: readonly Weekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

const MINUTE = 60_000;
const DAY = 86_400_000;
/** getUTCDay order: day number 0 (1970-01-01) was a Thursday. */
const byUtcDay: readonly Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

// ---------------------------------------------------------------------------------------------------
// Local dates and wall-clock times

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

/** The day number (days since 1970-01-01) of a YYYY-MM-DD date; RangeError if it is not one. */
function dayNumber(date: string): number {
  const m = datePattern.exec(date);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  }
  return ms / DAY;
}

function dateOfDay(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

function weekdayOfDay(day: number): Weekday {
  return byUtcDay[(((day + 4) % 7) + 7) % 7]!;
}

/** Minutes since midnight of 'HH:MM' ('24:00' is 1440), or undefined. */
function minutesOf(time: string): number | undefined {
  const m = timePattern.exec(time);
  if (!m) return undefined;
  return m[3] ? 1440 : Number(m[1]) * 60 + Number(m[2]);
}

/** The local days of the window [from, to) (YYYY-MM-DD, `to` excluded), with their weekday. */
export function windowDays(from: string, to: string): { date: string; weekday: Weekday }[] {
  const days: { date: string; weekday: Weekday }[] = [];
  for (let day = dayNumber(from), end = dayNumber(to); day < end; day++) {
    days.push({ date: dateOfDay(day), weekday: weekdayOfDay(day) });
  }
  return days;
}

/**
 * Wall-clock arithmetic in one time zone, with the instants of local midnights memoised. A day whose
 * two midnights carry the same offset and fall on the wall clock's 00:00 is converted by arithmetic;
 * a day with a change goes through `zonedClockReaches`.
 */
class ZoneClock {
  private readonly midnights = new Map<number, number>();
  private readonly regular = new Map<number, number | null>();

  constructor(readonly timeZone: string) {
    zoneOffsetMinutes(new Date(0), timeZone); // a RangeError now for an unknown zone
  }

  /** The instant at which day `day`'s clock reaches 00:00. */
  midnight(day: number): number {
    let t = this.midnights.get(day);
    if (t === undefined) {
      t = this.reaches(day, 0);
      this.midnights.set(day, t);
    }
    return t;
  }

  /** The instant at which the clock of day `day` reaches `minutes` after midnight (1440: next day). */
  at(day: number, minutes: number): number {
    if (minutes >= 1440) return this.midnight(day + 1);
    if (minutes <= 0) return this.midnight(day);
    const offset = this.regularOffset(day);
    return offset === null ? this.reaches(day, minutes) : day * DAY + minutes * MINUTE - offset * MINUTE;
  }

  /** The local day an instant belongs to. */
  dayOf(t: number): number {
    let day = Math.floor((t + zoneOffsetMinutes(new Date(t), this.timeZone) * MINUTE) / DAY);
    while (t < this.midnight(day)) day--;
    while (t >= this.midnight(day + 1)) day++;
    return day;
  }

  private regularOffset(day: number): number | null {
    let offset = this.regular.get(day);
    if (offset === undefined) {
      const start = this.midnight(day);
      const end = this.midnight(day + 1);
      const a = zoneOffsetMinutes(new Date(start), this.timeZone);
      const b = zoneOffsetMinutes(new Date(end), this.timeZone);
      offset = a === b && start + a * MINUTE === day * DAY && end + b * MINUTE === (day + 1) * DAY ? a : null;
      this.regular.set(day, offset);
    }
    return offset;
  }

  private reaches(day: number, minutes: number): number {
    const d = new Date(day * DAY);
    return zonedClockReaches(
      {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hour: Math.floor(minutes / 60),
        minute: minutes % 60,
      },
      this.timeZone,
    ).getTime();
  }
}

// ---------------------------------------------------------------------------------------------------
// Intervals: half-open [start, end) in milliseconds, sorted and disjoint once merged

type Interval = [start: number, end: number];

/** Sorts and merges overlapping or touching intervals; drops empty ones. */
function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter(([s, e]) => s < e).sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/** `open` minus `closed`, both merged. */
function subtractIntervals(open: Interval[], closed: Interval[]): Interval[] {
  const result: Interval[] = [];
  let j = 0;
  for (const [s0, e] of open) {
    let s = s0;
    while (j < closed.length && closed[j]![1] <= s) j++;
    for (let k = j; k < closed.length && closed[k]![0] < e; k++) {
      const [cs, ce] = closed[k]!;
      if (cs > s) result.push([s, cs]);
      s = Math.max(s, ce);
      if (s >= e) break;
    }
    if (s < e) result.push([s, e]);
  }
  return result;
}

function periods(anomalies: AnomalyPeriod[], type: 'open' | 'close'): Interval[] {
  return anomalies
    .filter((a) => a.type === type)
    .map((a): Interval => [a.startsAt.getTime(), a.endsAt.getTime()])
    .filter(([s, e]) => s < e);
}

interface ScheduleRange {
  day: number;
  open: number;
  close: number;
}

/** The schedule ranges of days [firstDay, lastDay] as instants (empty ones left out). */
function scheduleRanges(
  clock: ZoneClock,
  schedule: WeeklySchedule,
  firstDay: number,
  lastDay: number,
): ScheduleRange[] {
  const ranges: ScheduleRange[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    for (const range of schedule[weekdayOfDay(day)] ?? []) {
      const openAt = minutesOf(range.openAt);
      const closedAt = minutesOf(range.closedAt);
      if (openAt === undefined || closedAt === undefined || openAt >= closedAt) continue;
      const open = clock.at(day, openAt);
      const close = clock.at(day, closedAt);
      if (open < close) ranges.push({ day, open, close });
    }
  }
  return ranges;
}

/** How many local days past a start's own day its interval may need, with room for a DST change. */
function daysSpanned(durationInMinutes: number): number {
  return Math.ceil(durationInMinutes / 1440) + 2;
}

/** Open time: schedule ranges and 'open' anomalies, minus 'close' anomalies; merged. */
function openTime(ranges: ScheduleRange[], anomalies: AnomalyPeriod[], closed: Interval[]): Interval[] {
  const open = mergeIntervals([
    ...ranges.map((r): Interval => [r.open, r.close]),
    ...periods(anomalies, 'open'),
  ]);
  return subtractIntervals(open, closed);
}

function validateRules(calendar: CalendarRules, product: BookableProduct): void {
  if (!Number.isFinite(calendar.duration) || calendar.duration < 1) {
    throw new RangeError(`The calendar's duration must be at least 1 minute: ${calendar.duration}`);
  }
  if (!Number.isFinite(product.durationInMinutes) || product.durationInMinutes <= 0) {
    throw new RangeError(`The product's duration must be positive: ${product.durationInMinutes}`);
  }
}

function isTooShort(calendar: CalendarRules, product: BookableProduct): boolean {
  return (
    calendar.minimumProductDuration !== null && product.durationInMinutes < calendar.minimumProductDuration
  );
}

/** The earliest allowed start: now + advance, and never before now. */
function earliestStart(calendar: CalendarRules, now: number): number {
  return now + Math.max(0, calendar.minimumMinutesInAdvanceForBooking) * MINUTE;
}

/** The first instant past the forecast (the start of local today + N + 1), or Infinity. */
function forecastEnd(clock: ZoneClock, calendar: CalendarRules, now: number): number {
  const days = calendar.maximumDaysOfBookingForecast;
  return days === null ? Number.POSITIVE_INFINITY : clock.midnight(clock.dayOf(now) + days + 1);
}

// ---------------------------------------------------------------------------------------------------
// Occupancy: the sum of spaces of the bookings as a step function

interface Occupancy {
  /** Breakpoints, ascending and distinct. */
  times: Float64Array;
  /** loads[i]: spaces taken on [times[i], times[i + 1]); 0 before times[0]. */
  loads: Float64Array;
}

/** Bookings as records, or already as triples, as triples. */
function triplesOf(bookings: ExistingBooking[] | BookingTriples): BookingTriples {
  if (bookings instanceof Float64Array) return bookings;
  const triples = new Float64Array(3 * bookings.length);
  bookings.forEach((b, i) => {
    triples[3 * i] = b.startsAt.getTime();
    triples[3 * i + 1] = b.endsAt.getTime();
    triples[3 * i + 2] = b.spaces;
  });
  return triples;
}

function occupancy(bookings: ExistingBooking[] | BookingTriples): Occupancy {
  const triples = triplesOf(bookings);
  const n = Math.floor(triples.length / 3);
  const eventTimes = new Float64Array(2 * n);
  const eventDeltas = new Float64Array(2 * n);
  let count = 0;
  for (let i = 0; i < 3 * n; i += 3) {
    const s = triples[i]!;
    const e = triples[i + 1]!;
    const spaces = triples[i + 2]!;
    if (!(s < e) || !(spaces > 0)) continue;
    eventTimes[count] = s;
    eventDeltas[count++] = spaces;
    eventTimes[count] = e;
    eventDeltas[count++] = -spaces;
  }
  const order = sortedOrder(eventTimes.subarray(0, count));
  const times = new Float64Array(count);
  const loads = new Float64Array(count);
  let m = 0;
  let load = 0;
  for (let i = 0; i < count; ) {
    const t = eventTimes[order[i]!]!;
    while (i < count && eventTimes[order[i]!] === t) load += eventDeltas[order[i++]!]!;
    times[m] = t;
    loads[m++] = load;
  }
  return { times: times.subarray(0, m), loads: loads.subarray(0, m) };
}

/**
 * The indices of `times` (whole milliseconds) in ascending order of time. Packs each time, relative to
 * the earliest, with its index into one exact double and sorts those natively, three times faster than
 * a comparator; falls back to the comparator when the span of times is too wide to pack.
 */
function sortedOrder(times: Float64Array): Uint32Array {
  const n = times.length;
  const order = new Uint32Array(n);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const t of times) {
    min = Math.min(min, t);
    max = Math.max(max, t);
  }
  const slots = 2 ** Math.ceil(Math.log2(n + 1));
  if (n > 0 && (max - min + 1) * slots <= Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = (times[i]! - min) * slots + i;
    keys.sort();
    for (let i = 0; i < n; i++) order[i] = keys[i]! % slots;
  } else {
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => times[a]! - times[b]!);
  }
  return order;
}

/** The maximum load over [s, e), directly (for one interval). */
function peakLoad({ times, loads }: Occupancy, s: number, e: number): number {
  let peak = 0;
  for (let i = 0; i < times.length && times[i]! < e; i++) {
    const next = i + 1 < times.length ? times[i + 1]! : Number.POSITIVE_INFINITY;
    if (next > s) peak = Math.max(peak, loads[i]!);
  }
  return peak;
}

/**
 * The maximum load over [s, s + length) for each of `starts` (ascending): a sliding-window maximum,
 * both window edges only move forward, so the whole sweep is O(starts + breakpoints).
 */
function peakLoads({ times, loads }: Occupancy, starts: Float64Array, length: number): Float64Array {
  const peaks = new Float64Array(starts.length);
  const deque = new Int32Array(times.length); // indices, loads decreasing
  let head = 0;
  let tail = 0;
  let lo = -1; // last breakpoint <= s
  let hi = -1; // last breakpoint < e
  for (let k = 0; k < starts.length; k++) {
    const s = starts[k]!;
    const e = s + length;
    while (hi + 1 < times.length && times[hi + 1]! < e) {
      hi++;
      while (tail > head && loads[deque[tail - 1]!]! <= loads[hi]!) tail--;
      deque[tail++] = hi;
    }
    while (lo + 1 < times.length && times[lo + 1]! <= s) lo++;
    while (tail > head && deque[head]! < lo) head++;
    peaks[k] = tail > head ? Math.max(0, loads[deque[head]!]!) : 0;
  }
  return peaks;
}

function freeSpacesOf(calendar: CalendarRules, peak: number): number {
  return Math.max(0, calendar.maximumConcurrentBookings - peak);
}

// ---------------------------------------------------------------------------------------------------
// The engine

/**
 * What `availability` answers, as columns: no object per start time (a 60-day window has thousands).
 * The items, sorted by startsAt, are the start times and the closed periods merged: a closed period
 * comes before the start times at or after its own start.
 */
export interface AvailabilityColumns {
  /** The start times, ascending (milliseconds). */
  starts: Float64Array;
  /** The free spaces at each start time. */
  freeSpaces: Float64Array;
  /** The product's length (milliseconds): a start time's item ends that much after it. */
  length: number;
  /** The spaces one unit of the product takes: a start time is reservable with at least that many free. */
  spaces: number;
  /** The closed periods overlapping the window, merged and clipped to it (milliseconds), ascending. */
  closed: Interval[];
}

/**
 * The start times of `product` in the window [from, to) of local dates, with their free spaces, and
 * one 'exceptionally_closed' item per closed period ('close' anomalies, overlapping ones merged)
 * overlapping the window, clipped to it. Sorted by startsAt.
 */
export function availability(input: AvailabilityInput): AvailabilityItem[] {
  const { starts, freeSpaces, length, spaces, closed } = availabilityColumns(input);
  const closedItem = ([s, e]: Interval): AvailabilityItem => ({
    startsAt: new Date(s),
    endsAt: new Date(e),
    freeSpaces: 0,
    status: 'exceptionally_closed',
  });
  const items: AvailabilityItem[] = [];
  let c = 0;
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i]!;
    while (c < closed.length && closed[c]![0] <= s) items.push(closedItem(closed[c++]!));
    items.push({
      startsAt: new Date(s),
      endsAt: new Date(s + length),
      freeSpaces: freeSpaces[i]!,
      status: freeSpaces[i]! >= spaces ? 'reservable' : 'unavailable',
    });
  }
  while (c < closed.length) items.push(closedItem(closed[c++]!));
  return items;
}

/** The engine of `availability`, answering columns. */
export function availabilityColumns(input: AvailabilityInput): AvailabilityColumns {
  const { calendar, product, anomalies } = input;
  validateRules(calendar, product);
  const length = product.durationInMinutes * MINUTE;
  const none = {
    starts: new Float64Array(0),
    freeSpaces: new Float64Array(0),
    length,
    spaces: product.spaces,
  };
  const clock = new ZoneClock(input.timeZone);
  const firstDay = dayNumber(input.from);
  const endDay = dayNumber(input.to);
  if (endDay <= firstDay) return { ...none, closed: [] };
  const windowStart = clock.midnight(firstDay);
  const windowEnd = clock.midnight(endDay);

  const closed = mergeIntervals(periods(anomalies, 'close'));
  const closedItems = closed
    .filter(([s, e]) => s < windowEnd && e > windowStart)
    .map(([s, e]): Interval => [Math.max(s, windowStart), Math.min(e, windowEnd)]);
  if (isTooShort(calendar, product)) return { ...none, closed: closedItems };

  const now = input.now.getTime();
  const minStart = Math.max(windowStart, earliestStart(calendar, now));
  const maxStart = Math.min(windowEnd, forecastEnd(clock, calendar, now)); // excluded
  const step = calendar.duration * MINUTE;

  // Schedule ranges from the day before the window to as far as a start's interval may reach.
  const ranges = scheduleRanges(
    clock,
    calendar.schedule,
    firstDay - 1,
    endDay - 1 + daysSpanned(product.durationInMinutes),
  );
  const open = openTime(ranges, anomalies, closed);

  // Candidate starts: the grid of each schedule range of the window's days and of each 'open' anomaly.
  const candidates: number[] = [];
  if (minStart < maxStart) {
    for (const range of ranges) {
      if (range.day < firstDay || range.day >= endDay || range.close <= minStart || range.open >= maxStart)
        continue;
      const end = Math.min(range.close, maxStart);
      let s = range.open + Math.max(0, Math.ceil((minStart - range.open) / step)) * step;
      for (; s < end; s += step) candidates.push(s);
    }
    for (const [a, b] of periods(anomalies, 'open')) {
      const end = Math.min(b, maxStart);
      let s = a + Math.max(0, Math.ceil((minStart - a) / step)) * step;
      for (; s < end; s += step) candidates.push(s);
    }
  }
  const sorted = Float64Array.from(candidates).sort();

  // Keep distinct starts whose whole interval lies in one open interval.
  const starts = new Float64Array(sorted.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i]!;
    if (s < minStart || (n > 0 && starts[n - 1] === s)) continue;
    while (j < open.length && open[j]![1] <= s) j++;
    const interval = open[j];
    if (interval && interval[0] <= s && s + length <= interval[1]) starts[n++] = s;
  }

  const kept = starts.subarray(0, n);
  const freeSpaces = peakLoads(occupancy(input.bookings), kept, length);
  for (let i = 0; i < n; i++) freeSpaces[i] = freeSpacesOf(calendar, freeSpaces[i]!);
  return { starts: kept, freeSpaces, length, spaces: product.spaces, closed: closedItems };
}

/**
 * The items of `availability` as the API's JSON array, written straight from the columns: exactly
 * `JSON.stringify` of the contract's items (`startsAt`, `endsAt` as ISO strings, `freeSpaces`, `status`,
 * in that order), without an object, a `Date` or a validation per start time. ASCII only: the route
 * sends it as latin1 bytes.
 */
export function availabilityItemsJson({ starts, freeSpaces, length, spaces, closed }: AvailabilityColumns) {
  const iso = isoWriter();
  const parts: string[] = [];
  const closedItem = ([s, e]: Interval) =>
    `{"startsAt":"${iso(s)}","endsAt":"${iso(e)}","freeSpaces":0,"status":"exceptionally_closed"}`;
  let c = 0;
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i]!;
    while (c < closed.length && closed[c]![0] <= s) parts.push(closedItem(closed[c++]!));
    const free = freeSpaces[i]!;
    parts.push(
      `{"startsAt":"${iso(s)}","endsAt":"${iso(s + length)}","freeSpaces":${JSON.stringify(free)},"status":"${free >= spaces ? 'reservable' : 'unavailable'}"}`,
    );
  }
  while (c < closed.length) parts.push(closedItem(closed[c++]!));
  return `[${parts.join(',')}]`;
}

/**
 * `new Date(t).toISOString()`, with each UTC day's "YYYY-MM-DDT" written once (the start times of a
 * window fall on a few dozen days) and each time of day's "HH:MM:SS.mmmZ" once (they fall on the
 * calendar's grid: a few dozen). Instants outside years 0–9999 (six-digit years) go to `Date`.
 */
function isoWriter(): (t: number) => string {
  let day = Number.NaN;
  let prefix = '';
  const times = new Map<number, string>();
  return (t) => {
    const d = Math.floor(t / DAY);
    if (d !== day) {
      day = d;
      const text = new Date(d * DAY).toISOString();
      prefix = text.length === 24 ? text.slice(0, 11) : '';
    }
    if (!prefix) return new Date(t).toISOString();
    const ms = t - d * DAY;
    let time = times.get(ms);
    if (time === undefined) {
      time = new Date(ms).toISOString().slice(11);
      if (times.size < 1440) times.set(ms, time);
    }
    return prefix + time;
  };
}

/**
 * The open time of each calendar over the local days [from, to) (`to` excluded): its weekly schedule's
 * ranges of those days and its 'open' anomalies, minus its 'close' anomalies, merged and clipped to the
 * days. The time a calendar offers (the bookings report's occupancy); 00:00–24:00 is 23 hours on a
 * spring-change day. One clock serves every calendar, so the days' midnights are worked out once.
 */
export function openIntervals(input: {
  calendars: { schedule: WeeklySchedule; anomalies: AnomalyPeriod[] }[];
  timeZone: string;
  from: string;
  to: string;
}): { startsAt: Date; endsAt: Date }[][] {
  const clock = new ZoneClock(input.timeZone);
  const firstDay = dayNumber(input.from);
  const endDay = dayNumber(input.to);
  if (endDay <= firstDay) return input.calendars.map(() => []);
  const windowStart = clock.midnight(firstDay);
  const windowEnd = clock.midnight(endDay);
  return input.calendars.map(({ schedule, anomalies }) => {
    const ranges = scheduleRanges(clock, schedule, firstDay, endDay - 1);
    return openTime(ranges, anomalies, mergeIntervals(periods(anomalies, 'close')))
      .filter(([s, e]) => s < windowEnd && e > windowStart)
      .map(([s, e]) => ({
        startsAt: new Date(Math.max(s, windowStart)),
        endsAt: new Date(Math.min(e, windowEnd)),
      }));
  });
}

/**
 * Checks one proposed booking (used inside the booking transaction): `quantity` units of the product
 * at `startsAt`. Refuses exactly the starts `availability` does not list as reservable for that
 * quantity, in the order of the refusals of `StartRefusal`.
 */
export function checkStart(input: CheckStartInput): CheckStartResult {
  const { calendar, product, anomalies } = input;
  validateRules(calendar, product);
  if (!Number.isInteger(input.quantity) || input.quantity < 1) {
    throw new RangeError(`The quantity must be a positive integer: ${input.quantity}`);
  }
  const clock = new ZoneClock(input.timeZone);
  const now = input.now.getTime();
  const s = input.startsAt.getTime();
  const e = s + product.durationInMinutes * MINUTE;

  if (isTooShort(calendar, product)) return { ok: false, reason: 'productTooShort' };
  if (s < now) return { ok: false, reason: 'inThePast' };
  if (s < earliestStart(calendar, now)) return { ok: false, reason: 'tooSoon' };
  if (s >= forecastEnd(clock, calendar, now)) return { ok: false, reason: 'beyondForecast' };

  const day = clock.dayOf(s);
  const ranges = scheduleRanges(
    clock,
    calendar.schedule,
    day - 1,
    day + daysSpanned(product.durationInMinutes),
  );
  const open = openTime(ranges, anomalies, mergeIntervals(periods(anomalies, 'close')));
  if (!open.some(([a, b]) => a <= s && e <= b)) return { ok: false, reason: 'outsideOpenTime' };

  const step = calendar.duration * MINUTE;
  const onGrid = (origin: number, end: number) => origin <= s && s < end && (s - origin) % step === 0;
  const isStart =
    ranges.some((r) => r.day === day && onGrid(r.open, r.close)) ||
    periods(anomalies, 'open').some(([a, b]) => onGrid(a, b));
  if (!isStart) return { ok: false, reason: 'notAStartTime' };

  const freeSpaces = freeSpacesOf(calendar, peakLoad(occupancy(input.bookings), s, e));
  if (freeSpaces < input.quantity * product.spaces) return { ok: false, reason: 'full', freeSpaces };
  return { ok: true, freeSpaces };
}

/**
 * The spaces free during all of [startsAt, endsAt) given `bookings`: capacity minus their peak load
 * there, never below 0. For a change that keeps a booking where it is (more units): only room counts.
 */
export function freeSpacesDuring(
  calendar: Pick<CalendarRules, 'maximumConcurrentBookings'>,
  bookings: ExistingBooking[],
  startsAt: Date,
  endsAt: Date,
): number {
  return Math.max(
    0,
    calendar.maximumConcurrentBookings - peakLoad(occupancy(bookings), startsAt.getTime(), endsAt.getTime()),
  );
}

// ---------------------------------------------------------------------------------------------------
// Validation of a weekly schedule, for the API's 400s

export interface ScheduleProblem {
  weekday: Weekday;
  /** The range's position in that day's list. */
  index: number;
  message: string;
}

/**
 * The problems of a weekly schedule: a time that is not HH:MM (00:00–23:59; closedAt may be 24:00),
 * openAt not before closedAt, ranges of one day that overlap (touching ones, 09:00–14:00 and 14:00–18:00,
 * are fine). An overlap is reported on the range that starts later (or comes later in the list).
 */
export function validateSchedule(schedule: WeeklySchedule): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  for (const weekday of weekdays) {
    const ranges = schedule[weekday] ?? [];
    const valid: { index: number; open: number; close: number }[] = [];
    ranges.forEach((range, index) => {
      const open = minutesOf(range.openAt);
      const close = minutesOf(range.closedAt);
      if (open === undefined || open === 1440) {
        problems.push({ weekday, index, message: 'openAt must be a time HH:MM from 00:00 to 23:59' });
      }
      if (close === undefined) {
        problems.push({ weekday, index, message: 'closedAt must be a time HH:MM from 00:00 to 24:00' });
      }
      if (open === undefined || open === 1440 || close === undefined) return;
      if (open >= close) {
        problems.push({ weekday, index, message: `openAt (${range.openAt}) must be before closedAt` });
        return;
      }
      valid.push({ index, open, close });
    });
    valid.sort((a, b) => a.open - b.open || a.index - b.index);
    let latest: { index: number; close: number } | undefined;
    for (const range of valid) {
      if (latest && range.open < latest.close) {
        const other = ranges[latest.index]!;
        problems.push({
          weekday,
          index: range.index,
          message: `overlaps the range ${other.openAt}–${other.closedAt} (index ${latest.index})`,
        });
      }
      if (!latest || range.close > latest.close) latest = { index: range.index, close: range.close };
    }
  }
  return problems;
}
