import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnomalyPeriod,
  type AvailabilityInput,
  type AvailabilityItem,
  availability,
  availabilityColumns,
  availabilityItemsJson,
  type BookableProduct,
  type CalendarRules,
  checkStart,
  type ExistingBooking,
  freeSpacesDuring,
  validateSchedule,
  type Weekday,
  type WeeklySchedule,
  weekdays,
  windowDays,
} from './availability.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const madrid = 'Europe/Madrid';

// ---------------------------------------------------------------------------------------------------
// Helpers written independently of the engine: Intl straight, no lib/time.

const wallFormatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = wallFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'longOffset',
    });
    wallFormatters.set(timeZone, f);
  }
  return f;
}

interface Wall {
  date: string;
  minutes: number;
  /** `YYYY-MM-DD HH:MM+hh:mm` */
  text: string;
}
const wallCache = new Map<string, Map<number, Wall>>();
/** The wall clock of `timeZone` at instant `t` (ms). */
function wallOf(timeZone: string, t: number): Wall {
  let cache = wallCache.get(timeZone);
  if (!cache) {
    cache = new Map();
    wallCache.set(timeZone, cache);
  }
  let wall = cache.get(t);
  if (!wall) {
    const p = Object.fromEntries(
      formatterOf(timeZone)
        .formatToParts(t)
        .map((x) => [x.type, x.value]),
    );
    const offset = p.timeZoneName === 'GMT' ? '+00:00' : p.timeZoneName!.slice(3);
    const date = `${p.year}-${p.month}-${p.day}`;
    wall = {
      date,
      minutes: Number(p.hour) * 60 + Number(p.minute),
      text: `${date} ${p.hour}:${p.minute}${offset}`,
    };
    cache.set(t, wall);
  }
  return wall;
}
const local = (instant: Date, timeZone = madrid) => wallOf(timeZone, instant.getTime()).text;

const utcDay = (date: string) => Date.parse(`${date}T00:00:00Z`);
const addDays = (date: string, days: number) =>
  new Date(utcDay(date) + days * DAY).toISOString().slice(0, 10);
const weekdayOf = (date: string): Weekday => weekdays[(new Date(utcDay(date)).getUTCDay() + 6) % 7]!;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

const reachCache = new Map<string, number[]>();
/**
 * Brute force: the first minute at which the clock of `timeZone` shows date `date` at `minutes` or
 * later (1440: the next day), found by scanning the minutes around that date (once per date, for all
 * 1441 values: the first minute the running maximum of the wall clock reaches each of them).
 */
function clockReaches(timeZone: string, date: string, minutes: number): number {
  const key = `${timeZone}|${date}`;
  let reaches = reachCache.get(key);
  if (!reaches) {
    reaches = [];
    const base = utcDay(date);
    let highest = -1;
    for (let t = base - 16 * 60 * MINUTE; reaches.length <= 1440; t += MINUTE) {
      if (t > base + 40 * 60 * MINUTE) throw new Error(`the clock never reaches ${date}`);
      const w = wallOf(timeZone, t);
      highest = Math.max(highest, w.date < date ? -1 : w.date === date ? w.minutes : 1440);
      while (reaches.length <= highest) reaches.push(t);
    }
    reachCache.set(key, reaches);
  }
  return reaches[minutes]!;
}

function emptySchedule(): WeeklySchedule {
  return {
    monday: [],
    tuesday: [],
    wednesday: [],
    thursday: [],
    friday: [],
    saturday: [],
    sunday: [],
  };
}

function rules(overrides: Partial<CalendarRules> = {}): CalendarRules {
  return {
    schedule: {
      ...emptySchedule(),
      monday: [
        { openAt: '09:00', closedAt: '14:00' },
        { openAt: '16:00', closedAt: '20:00' },
      ],
    },
    duration: 30,
    maximumConcurrentBookings: 1,
    minimumMinutesInAdvanceForBooking: 0,
    maximumDaysOfBookingForecast: null,
    minimumProductDuration: null,
    ...overrides,
  };
}

const hourProduct: BookableProduct = { durationInMinutes: 60, spaces: 1 };
// Monday 15 June 2026, Madrid in summer time (+02:00).
const monday = '2026-06-15';
const longAgo = new Date('2026-01-01T00:00:00Z');
const at = (date: string, time: string) => new Date(`${date}T${time}:00+02:00`);

function run(overrides: Partial<AvailabilityInput> = {}): AvailabilityItem[] {
  return availability({
    timeZone: madrid,
    now: longAgo,
    from: monday,
    to: addDays(monday, 1),
    calendar: rules(),
    anomalies: [],
    product: hourProduct,
    bookings: [],
    ...overrides,
  });
}

/** Items as `HH:MM free status` in Madrid, for readable expectations. */
const summary = (items: AvailabilityItem[]) =>
  items.map((i) => `${local(i.startsAt).slice(11, 16)} ${i.freeSpaces} ${i.status}`);
const startTimes = (items: AvailabilityItem[]) => items.map((i) => local(i.startsAt).slice(11, 16));

// ---------------------------------------------------------------------------------------------------

describe('availability: examples', () => {
  it('lists the grid of a Monday 09:00–14:00 and 16:00–20:00, 30-minute step, 60-minute product', () => {
    const items = run();
    expect(startTimes(items)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
      '18:00',
      '18:30',
      '19:00',
    ]);
    expect(items.every((i) => i.status === 'reservable' && i.freeSpaces === 1)).toBe(true);
    expect(items[0]!.startsAt.toISOString()).toBe('2026-06-15T07:00:00.000Z');
    expect(items[0]!.endsAt.toISOString()).toBe('2026-06-15T08:00:00.000Z');
    // Nothing on Tuesday.
    expect(run({ from: '2026-06-16', to: '2026-06-17' })).toEqual([]);
  });

  it('a close anomaly cuts the morning and shows as exceptionally closed', () => {
    const items = run({
      anomalies: [{ type: 'close', startsAt: at(monday, '10:00'), endsAt: at(monday, '12:00') }],
    });
    expect(summary(items).slice(0, 5)).toEqual([
      '09:00 1 reservable',
      '10:00 0 exceptionally_closed',
      '12:00 1 reservable',
      '12:30 1 reservable',
      '13:00 1 reservable',
    ]);
    const closed = items.find((i) => i.status === 'exceptionally_closed')!;
    expect(closed.endsAt).toEqual(at(monday, '12:00'));
  });

  it('clips a close anomaly to the window and merges overlapping ones', () => {
    const items = run({
      anomalies: [
        { type: 'close', startsAt: at('2026-06-14', '20:00'), endsAt: at(monday, '09:30') },
        { type: 'close', startsAt: at(monday, '12:00'), endsAt: at(monday, '17:00') },
        { type: 'close', startsAt: at(monday, '13:00'), endsAt: at('2026-06-16', '10:00') },
      ],
    });
    const closed = items.filter((i) => i.status === 'exceptionally_closed');
    expect(closed.map((i) => [local(i.startsAt), local(i.endsAt)])).toEqual([
      ['2026-06-15 00:00+02:00', '2026-06-15 09:30+02:00'],
      ['2026-06-15 12:00+02:00', '2026-06-16 00:00+02:00'],
    ]);
    expect(startTimes(items.filter((i) => i.status !== 'exceptionally_closed'))).toEqual([
      '09:30',
      '10:00',
      '10:30',
      '11:00',
    ]);
  });

  it('an open anomaly on a Sunday opens its own grid, from its start', () => {
    const sunday = '2026-06-21';
    const items = run({
      from: sunday,
      to: addDays(sunday, 1),
      anomalies: [{ type: 'open', startsAt: at(sunday, '10:15'), endsAt: at(sunday, '13:00') }],
    });
    expect(startTimes(items)).toEqual(['10:15', '10:45', '11:15', '11:45']);
  });

  it('an open anomaly touching a schedule range lets a booking run across both', () => {
    const items = run({
      anomalies: [{ type: 'open', startsAt: at(monday, '20:00'), endsAt: at(monday, '21:00') }],
    });
    expect(startTimes(items).slice(-4)).toEqual(['18:30', '19:00', '19:30', '20:00']);
    // Two touching schedule ranges too.
    const touching = run({
      calendar: rules({
        schedule: {
          ...emptySchedule(),
          monday: [
            { openAt: '09:00', closedAt: '10:00' },
            { openAt: '10:00', closedAt: '11:00' },
          ],
        },
      }),
    });
    expect(startTimes(touching)).toEqual(['09:00', '09:30', '10:00']);
  });

  it('capacity 3 with bookings of 2 spaces leaves 1 free where they overlap', () => {
    const bookings: ExistingBooking[] = [
      { startsAt: at(monday, '10:00'), endsAt: at(monday, '11:00'), spaces: 2 },
      { startsAt: at(monday, '17:00'), endsAt: at(monday, '18:00'), spaces: 2 },
      { startsAt: at(monday, '17:30'), endsAt: at(monday, '18:30'), spaces: 2 },
    ];
    const items = run({ calendar: rules({ maximumConcurrentBookings: 3 }), bookings });
    expect(summary(items)).toEqual([
      '09:00 3 reservable',
      '09:30 1 reservable',
      '10:00 1 reservable',
      '10:30 1 reservable',
      '11:00 3 reservable',
      '11:30 3 reservable',
      '12:00 3 reservable',
      '12:30 3 reservable',
      '13:00 3 reservable',
      '16:00 3 reservable',
      '16:30 1 reservable',
      '17:00 0 unavailable',
      '17:30 0 unavailable',
      '18:00 1 reservable',
      '18:30 3 reservable',
      '19:00 3 reservable',
    ]);
  });

  it('a product taking 2 spaces needs 2 free', () => {
    const items = run({
      calendar: rules({ maximumConcurrentBookings: 3 }),
      product: { durationInMinutes: 60, spaces: 2 },
      bookings: [{ startsAt: at(monday, '10:00'), endsAt: at(monday, '11:00'), spaces: 2 }],
    });
    expect(summary(items).slice(0, 5)).toEqual([
      '09:00 3 reservable',
      '09:30 1 unavailable',
      '10:00 1 unavailable',
      '10:30 1 unavailable',
      '11:00 3 reservable',
    ]);
  });

  it('bookings are half-open: one ending at 10:00 does not block a start at 10:00', () => {
    const items = run({
      bookings: [{ startsAt: at(monday, '10:00'), endsAt: at(monday, '11:00'), spaces: 1 }],
    });
    expect(summary(items).slice(0, 5)).toEqual([
      '09:00 1 reservable',
      '09:30 0 unavailable',
      '10:00 0 unavailable',
      '10:30 0 unavailable',
      '11:00 1 reservable',
    ]);
  });

  it('counts a booking whatever its span (too wide to pack: sorted by comparison)', () => {
    const items = run({
      calendar: rules({ maximumConcurrentBookings: 3 }),
      bookings: [
        { startsAt: new Date(-8e15), endsAt: new Date(8e15), spaces: 1 },
        { startsAt: at(monday, '10:00'), endsAt: at(monday, '11:00'), spaces: 1 },
      ],
    });
    expect(summary(items).slice(0, 5)).toEqual([
      '09:00 2 reservable',
      '09:30 1 reservable',
      '10:00 1 reservable',
      '10:30 1 reservable',
      '11:00 2 reservable',
    ]);
  });

  it('starts no earlier than now + minimumMinutesInAdvanceForBooking', () => {
    const items = run({
      now: at(monday, '08:50'),
      calendar: rules({ minimumMinutesInAdvanceForBooking: 60 }),
    });
    expect(startTimes(items)[0]).toBe('10:00');
    expect(startTimes(run({ now: at(monday, '09:00') }))[0]).toBe('09:00');
    expect(startTimes(run({ now: at(monday, '09:01') }))[0]).toBe('09:30');
    // A negative advance does not open the past.
    const negative = run({
      now: at(monday, '12:10'),
      calendar: rules({ minimumMinutesInAdvanceForBooking: -60 }),
    });
    expect(startTimes(negative)[0]).toBe('12:30');
  });

  it('stops at local today + maximumDaysOfBookingForecast', () => {
    const everyDay = { ...emptySchedule() };
    for (const day of weekdays) everyDay[day] = [{ openAt: '09:00', closedAt: '11:00' }];
    const window = { from: monday, to: addDays(monday, 4) };
    const dates = (items: AvailabilityItem[]) => [
      ...new Set(items.map((i) => local(i.startsAt).slice(0, 10))),
    ];
    // At 00:30 on Tuesday in Madrid it is still Monday in UTC: the local date counts.
    const now = at('2026-06-16', '00:30');
    expect(
      dates(
        run({ ...window, now, calendar: rules({ schedule: everyDay, maximumDaysOfBookingForecast: 1 }) }),
      ),
    ).toEqual(['2026-06-16', '2026-06-17']);
    expect(
      dates(
        run({ ...window, now, calendar: rules({ schedule: everyDay, maximumDaysOfBookingForecast: 0 }) }),
      ),
    ).toEqual(['2026-06-16']);
    expect(dates(run({ ...window, now, calendar: rules({ schedule: everyDay }) }))).toEqual([
      '2026-06-16',
      '2026-06-17',
      '2026-06-18',
    ]);
  });

  it('a product shorter than minimumProductDuration gets no starts, only the closed periods', () => {
    const anomalies: AnomalyPeriod[] = [
      { type: 'close', startsAt: at(monday, '10:00'), endsAt: at(monday, '12:00') },
    ];
    const items = run({ calendar: rules({ minimumProductDuration: 90 }), anomalies });
    expect(summary(items)).toEqual(['10:00 0 exceptionally_closed']);
    expect(run({ calendar: rules({ minimumProductDuration: 60 }) })).toHaveLength(16);
  });

  it('answers nothing for an empty window and refuses malformed input', () => {
    expect(run({ from: monday, to: monday })).toEqual([]);
    expect(() => run({ from: '2026-02-30' })).toThrow(RangeError);
    expect(() => run({ timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => run({ calendar: rules({ duration: 0 }) })).toThrow(RangeError);
  });
});

describe('availability across the DST changes in Europe/Madrid', () => {
  const allDay = (day: Weekday, duration: number, productMinutes = duration) => ({
    calendar: rules({
      schedule: { ...emptySchedule(), [day]: [{ openAt: '00:00', closedAt: '24:00' }] },
      duration,
    }),
    product: { durationInMinutes: productMinutes, spaces: 1 },
  });

  it('spring forward (2026-03-29, 02:00 → 03:00): a 00:00–24:00 day has 23 hours', () => {
    const items = run({ from: '2026-03-29', to: '2026-03-30', ...allDay('sunday', 30) });
    expect(items).toHaveLength(46);
    expect(local(items[0]!.startsAt)).toBe('2026-03-29 00:00+01:00');
    expect(items[0]!.startsAt.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(items.slice(2, 6).map((i) => local(i.startsAt))).toEqual([
      '2026-03-29 01:00+01:00',
      '2026-03-29 01:30+01:00',
      '2026-03-29 03:00+02:00',
      '2026-03-29 03:30+02:00',
    ]);
    expect(local(items.at(-1)!.startsAt)).toBe('2026-03-29 23:30+02:00');
    expect(items.at(-1)!.startsAt.toISOString()).toBe('2026-03-29T21:30:00.000Z');
    for (const [i, item] of items.entries()) {
      expect(item.endsAt.getTime() - item.startsAt.getTime()).toBe(30 * MINUTE);
      if (i > 0) expect(item.startsAt.getTime() - items[i - 1]!.startsAt.getTime()).toBe(30 * MINUTE);
    }
  });

  it('steps by real elapsed minutes across the spring gap', () => {
    const items = run({ from: '2026-03-29', to: '2026-03-30', ...allDay('sunday', 90) });
    expect(items.slice(0, 4).map((i) => local(i.startsAt))).toEqual([
      '2026-03-29 00:00+01:00',
      '2026-03-29 01:30+01:00',
      '2026-03-29 04:00+02:00',
      '2026-03-29 05:30+02:00',
    ]);
    // 23 hours hold starts at 0, 90, … 1260 elapsed minutes: the last at 22:00, ending at 23:30.
    expect(items).toHaveLength(15);
    expect(local(items.at(-1)!.startsAt)).toBe('2026-03-29 22:00+02:00');
    expect(local(items.at(-1)!.endsAt)).toBe('2026-03-29 23:30+02:00');
  });

  it('fall back (2026-10-25, 03:00 → 02:00): a 00:00–24:00 day has 25 hours, 02:00 and 02:30 twice', () => {
    const items = run({ from: '2026-10-25', to: '2026-10-26', ...allDay('sunday', 30) });
    expect(items).toHaveLength(50);
    expect(items[0]!.startsAt.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(items.slice(3, 9).map((i) => local(i.startsAt))).toEqual([
      '2026-10-25 01:30+02:00',
      '2026-10-25 02:00+02:00',
      '2026-10-25 02:30+02:00',
      '2026-10-25 02:00+01:00',
      '2026-10-25 02:30+01:00',
      '2026-10-25 03:00+01:00',
    ]);
    expect(items.at(-1)!.startsAt.toISOString()).toBe('2026-10-25T22:30:00.000Z');
    for (const item of items) expect(item.endsAt.getTime() - item.startsAt.getTime()).toBe(30 * MINUTE);
  });

  it('an ordinary 09:00–20:00 changes its UTC instants with the offset, never its local times', () => {
    const everyDay = emptySchedule();
    for (const day of weekdays) everyDay[day] = [{ openAt: '09:00', closedAt: '20:00' }];
    const calendar = rules({ schedule: everyDay, duration: 60 });
    for (const [from, to, utcHours] of [
      ['2026-03-28', '2026-03-31', ['08', '07', '07']],
      ['2026-10-24', '2026-10-27', ['07', '08', '08']],
    ] as const) {
      const items = run({ from, to, calendar });
      // 09:00 to 19:00: 11 one-hour starts a day.
      expect(items).toHaveLength(3 * 11);
      const days = windowDays(from, to).map((d) => d.date);
      for (const [d, date] of days.entries()) {
        const ofDay = items.slice(d * 11, d * 11 + 11);
        expect(ofDay.map((i) => local(i.startsAt).slice(0, 16))).toEqual(
          Array.from({ length: 11 }, (_, h) => `${date} ${hhmm((9 + h) * 60)}`),
        );
        expect(ofDay[0]!.startsAt.toISOString()).toBe(`${date}T${utcHours[d]}:00:00.000Z`);
      }
    }
    expect(local(run({ from: '2026-03-29', to: '2026-03-30', calendar })[0]!.startsAt)).toBe(
      '2026-03-29 09:00+02:00',
    );
    expect(local(run({ from: '2026-10-25', to: '2026-10-26', calendar })[0]!.startsAt)).toBe(
      '2026-10-25 09:00+01:00',
    );
  });

  it('no day is duplicated or skipped over a window spanning both changes', () => {
    const everyDay = emptySchedule();
    for (const day of weekdays) everyDay[day] = [{ openAt: '00:00', closedAt: '24:00' }];
    for (const [from, to, changed, hours] of [
      ['2026-03-27', '2026-03-31', '2026-03-29', 23],
      ['2026-10-23', '2026-10-27', '2026-10-25', 25],
    ] as const) {
      const items = run({ from, to, calendar: rules({ schedule: everyDay, duration: 60 }) });
      const perDay = new Map<string, number>();
      for (const i of items) {
        const date = local(i.startsAt).slice(0, 10);
        perDay.set(date, (perDay.get(date) ?? 0) + 1);
      }
      expect([...perDay.keys()]).toEqual(windowDays(from, to).map((d) => d.date));
      for (const [date, count] of perDay) expect(count).toBe(date === changed ? hours : 24);
      // One continuous hourly grid: open time runs on across midnight.
      for (let i = 1; i < items.length; i++) {
        expect(items[i]!.startsAt.getTime() - items[i - 1]!.startsAt.getTime()).toBe(60 * MINUTE);
      }
    }
  });

  it('a long product runs on into the next day when that day is open from midnight', () => {
    const everyDay = emptySchedule();
    for (const day of weekdays) everyDay[day] = [{ openAt: '00:00', closedAt: '24:00' }];
    const items = run({
      from: '2026-03-28',
      to: '2026-03-29',
      calendar: rules({ schedule: everyDay, duration: 60 }),
      product: { durationInMinutes: 180, spaces: 1 },
    });
    expect(items).toHaveLength(24);
    // 23:00 on Saturday + 3 real hours = 03:00 on Sunday, after the gap.
    expect(local(items.at(-1)!.endsAt)).toBe('2026-03-29 03:00+02:00');
  });

  it('schedule times inside the spring gap open or close at the change', () => {
    const sunday = (openAt: string, closedAt: string) =>
      run({
        from: '2026-03-29',
        to: '2026-03-30',
        calendar: rules({
          schedule: { ...emptySchedule(), sunday: [{ openAt, closedAt }] },
          duration: 15,
        }),
        product: { durationInMinutes: 15, spaces: 1 },
      }).map((i) => local(i.startsAt));
    expect(sunday('02:30', '03:30')).toEqual(['2026-03-29 03:00+02:00', '2026-03-29 03:15+02:00']);
    expect(sunday('01:30', '02:30')).toEqual(['2026-03-29 01:30+01:00', '2026-03-29 01:45+01:00']);
    expect(sunday('02:00', '03:00')).toEqual([]);
  });
});

describe('checkStart', () => {
  const base = {
    timeZone: madrid,
    now: longAgo,
    calendar: rules({ maximumConcurrentBookings: 3 }),
    anomalies: [] as AnomalyPeriod[],
    product: hourProduct,
    bookings: [{ startsAt: at(monday, '10:00'), endsAt: at(monday, '11:00'), spaces: 2 }],
    startsAt: at(monday, '09:00'),
    quantity: 1,
  };

  it('accepts a grid start with room and says how much', () => {
    expect(checkStart(base)).toEqual({ ok: true, freeSpaces: 3 });
    expect(checkStart({ ...base, startsAt: at(monday, '09:30') })).toEqual({ ok: true, freeSpaces: 1 });
    expect(checkStart({ ...base, startsAt: at(monday, '09:30'), quantity: 2 })).toEqual({
      ok: false,
      reason: 'full',
      freeSpaces: 1,
    });
  });

  it('refuses in the documented order', () => {
    const refusal = (overrides: Partial<typeof base>) => {
      const result = checkStart({ ...base, ...overrides });
      return result.ok ? 'ok' : result.reason;
    };
    expect(refusal({ calendar: rules({ minimumProductDuration: 61 }), now: new Date('2030-01-01') })).toBe(
      'productTooShort',
    );
    expect(refusal({ now: at(monday, '09:01') })).toBe('inThePast');
    expect(
      refusal({ now: at(monday, '08:30'), calendar: rules({ minimumMinutesInAdvanceForBooking: 45 }) }),
    ).toBe('tooSoon');
    expect(
      refusal({ now: at('2026-06-14', '23:59'), calendar: rules({ maximumDaysOfBookingForecast: 0 }) }),
    ).toBe('beyondForecast');
    expect(refusal({ now: at(monday, '00:00'), calendar: rules({ maximumDaysOfBookingForecast: 0 }) })).toBe(
      'ok',
    );
    expect(refusal({ startsAt: at(monday, '13:30') })).toBe('outsideOpenTime');
    expect(refusal({ startsAt: at(monday, '08:00') })).toBe('outsideOpenTime');
    expect(
      refusal({
        anomalies: [{ type: 'close', startsAt: at(monday, '09:45'), endsAt: at(monday, '09:50') }],
      }),
    ).toBe('outsideOpenTime');
    expect(refusal({ startsAt: at(monday, '09:10') })).toBe('notAStartTime');
    expect(refusal({ startsAt: new Date(at(monday, '09:00').getTime() + 1) })).toBe('notAStartTime');
    expect(
      refusal({
        startsAt: at(monday, '10:00'),
        bookings: [{ startsAt: at(monday, '10:59'), endsAt: at(monday, '11:30'), spaces: 3 }],
      }),
    ).toBe('full');
  });

  it('takes the grid of an open anomaly', () => {
    const anomalies: AnomalyPeriod[] = [
      { type: 'open', startsAt: at('2026-06-16', '10:10'), endsAt: at('2026-06-16', '12:00') },
    ];
    expect(checkStart({ ...base, anomalies, startsAt: at('2026-06-16', '10:40') }).ok).toBe(true);
    expect(checkStart({ ...base, anomalies, startsAt: at('2026-06-16', '10:30') })).toEqual({
      ok: false,
      reason: 'notAStartTime',
    });
  });
});

describe('freeSpacesDuring', () => {
  it('is capacity minus the peak of the overlapping bookings, half-open, never below 0', () => {
    const calendar = { maximumConcurrentBookings: 3 };
    const bookings = [
      { startsAt: at(monday, '10:00'), endsAt: at(monday, '11:00'), spaces: 2 },
      { startsAt: at(monday, '10:30'), endsAt: at(monday, '12:00'), spaces: 1 },
    ];
    expect(freeSpacesDuring(calendar, bookings, at(monday, '09:00'), at(monday, '10:00'))).toBe(3);
    expect(freeSpacesDuring(calendar, bookings, at(monday, '09:00'), at(monday, '10:15'))).toBe(1);
    expect(freeSpacesDuring(calendar, bookings, at(monday, '10:45'), at(monday, '11:30'))).toBe(0);
    expect(freeSpacesDuring(calendar, bookings, at(monday, '11:00'), at(monday, '13:00'))).toBe(2);
    expect(
      freeSpacesDuring({ maximumConcurrentBookings: 1 }, bookings, at(monday, '10:30'), at(monday, '11:00')),
    ).toBe(0);
  });
});

describe('validateSchedule', () => {
  it('accepts a good schedule, touching ranges and 24:00', () => {
    const schedule = emptySchedule();
    schedule.monday = [
      { openAt: '14:00', closedAt: '18:00' },
      { openAt: '09:00', closedAt: '14:00' },
    ];
    schedule.sunday = [{ openAt: '00:00', closedAt: '24:00' }];
    expect(validateSchedule(schedule)).toEqual([]);
  });

  it('reports bad times, empty ranges and overlaps with their weekday and index', () => {
    const schedule = emptySchedule();
    schedule.monday = [
      { openAt: '9:00', closedAt: '14:00' },
      { openAt: '10:00', closedAt: '24:01' },
      { openAt: '24:00', closedAt: '24:00' },
    ];
    schedule.tuesday = [{ openAt: '12:00', closedAt: '12:00' }];
    schedule.wednesday = [
      { openAt: '09:00', closedAt: '14:00' },
      { openAt: '16:00', closedAt: '20:00' },
      { openAt: '13:00', closedAt: '17:00' },
    ];
    schedule.friday = [
      { openAt: '08:00', closedAt: '20:00' },
      { openAt: '10:00', closedAt: '11:00' },
    ];
    expect(validateSchedule(schedule).map((p) => `${p.weekday}[${p.index}] ${p.message}`)).toEqual([
      'monday[0] openAt must be a time HH:MM from 00:00 to 23:59',
      'monday[1] closedAt must be a time HH:MM from 00:00 to 24:00',
      'monday[2] openAt must be a time HH:MM from 00:00 to 23:59',
      'tuesday[0] openAt (12:00) must be before closedAt',
      'wednesday[2] overlaps the range 09:00–14:00 (index 0)',
      'wednesday[1] overlaps the range 13:00–17:00 (index 2)',
      'friday[1] overlaps the range 08:00–20:00 (index 0)',
    ]);
  });
});

describe('windowDays', () => {
  it('lists the local dates of [from, to) with their weekday', () => {
    expect(windowDays('2026-03-28', '2026-03-31')).toEqual([
      { date: '2026-03-28', weekday: 'saturday' },
      { date: '2026-03-29', weekday: 'sunday' },
      { date: '2026-03-30', weekday: 'monday' },
    ]);
    expect(windowDays('2026-12-31', '2027-01-02').map((d) => d.date)).toEqual(['2026-12-31', '2027-01-01']);
    expect(windowDays('2026-03-28', '2026-03-28')).toEqual([]);
    expect(() => windowDays('2026-3-28', '2026-03-29')).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties, against a brute force over minutes

const zones = ['Europe/Madrid', 'Atlantic/Canary', 'America/New_York', 'UTC'] as const;
// Around the 2026 changes in Europe (29 March, 25 October) and the United States (8 March, 1 November).
const windowStarts = [
  '2026-03-07',
  '2026-03-08',
  '2026-03-28',
  '2026-03-29',
  '2026-06-15',
  '2026-10-24',
  '2026-10-25',
  '2026-10-31',
  '2026-11-01',
];

const minuteOfDay = fc.oneof(
  fc.integer({ min: 0, max: 1439 }),
  // The hours skipped or repeated by the changes (01:00 in the Canaries, 02:00 elsewhere).
  fc.constantFrom(60, 90, 120, 135, 150, 165, 180),
  // Midnight and times that make ranges touch.
  fc.constantFrom(0, 540, 600, 840, 960, 1200, 1380),
);
const rangeOf = (openAt: fc.Arbitrary<number>, length: fc.Arbitrary<number>) =>
  fc
    .tuple(openAt, length)
    .map(([open, minutes]) => ({ openAt: hhmm(open), closedAt: hhmm(Math.min(1440, open + minutes)) }));
const scheduleOf = (range: fc.Arbitrary<{ openAt: string; closedAt: string }>) =>
  fc.record(
    Object.fromEntries(weekdays.map((d) => [d, fc.array(range, { maxLength: 3 })])) as Record<
      Weekday,
      fc.Arbitrary<{ openAt: string; closedAt: string }[]>
    >,
  );
const anySchedule = scheduleOf(
  rangeOf(
    minuteOfDay,
    fc.oneof(fc.integer({ min: 1, max: 720 }), fc.constantFrom(60, 120, 240, 300, 480), fc.constant(1440)),
  ),
);
/** Ranges opening and closing in the small hours, where the clocks change. */
const smallHoursSchedule = scheduleOf(
  rangeOf(
    fc.integer({ min: 0, max: 16 }).map((q) => q * 15),
    fc.integer({ min: 1, max: 16 }).map((q) => q * 15),
  ),
);

const anyPlace = fc.record({
  timeZone: fc.constantFrom(...zones),
  from: fc.constantFrom(...windowStarts),
  days: fc.integer({ min: 1, max: 3 }),
});
/** A window on or just before a change day of its zone. */
const changePlace = fc
  .record({
    change: fc.constantFrom(
      ['Europe/Madrid', '2026-03-29'],
      ['Europe/Madrid', '2026-10-25'],
      ['Atlantic/Canary', '2026-03-29'],
      ['Atlantic/Canary', '2026-10-25'],
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
    ),
    before: fc.integer({ min: 0, max: 1 }),
    days: fc.integer({ min: 1, max: 2 }),
  })
  .map(({ change: [timeZone, date], before, days }) => ({
    timeZone: timeZone!,
    from: addDays(date!, -before),
    days,
  }));

const scenarioOf = (
  place: fc.Arbitrary<{ timeZone: string; from: string; days: number }>,
  schedule: fc.Arbitrary<WeeklySchedule>,
) =>
  fc
    .record({
      place,
      schedule,
      duration: fc.oneof(fc.integer({ min: 1, max: 120 }), fc.constantFrom(15, 30, 60, 90)),
      capacity: fc.integer({ min: 1, max: 4 }),
      advance: fc.integer({ min: -30, max: 600 }),
      forecast: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
      minimumProductDuration: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
      product: fc.record({
        durationInMinutes: fc.integer({ min: 1, max: 240 }),
        spaces: fc.integer({ min: 1, max: 3 }),
      }),
      // Minutes from UTC midnight of `from`, mostly before the window; and milliseconds.
      now: fc.oneof(fc.integer({ min: -3 * 1440, max: 1440 }), fc.integer({ min: -3 * 1440, max: 4 * 1440 })),
      nowMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 59_999 })),
      anomalies: fc.array(
        fc.record({
          type: fc.constantFrom('open' as const, 'close' as const),
          start: fc.oneof(
            fc.integer({ min: -1440, max: 4 * 1440 }),
            fc.integer({ min: -24, max: 4 * 24 }).map((hours) => hours * 60),
          ),
          length: fc.oneof(
            fc.integer({ min: 1, max: 1440 }),
            fc.integer({ min: 1, max: 24 }).map((hours) => hours * 60),
            fc.integer({ min: 1, max: 5 * 1440 }),
          ),
        }),
        { maxLength: 4 },
      ),
      bookings: fc.array(
        fc.record({
          start: fc.integer({ min: -1440, max: 4 * 1440 }),
          length: fc.integer({ min: 1, max: 300 }),
          spaces: fc.integer({ min: 1, max: 3 }),
        }),
        { maxLength: 20 },
      ),
      probes: fc.array(fc.integer({ min: -120, max: 3 * 1440 + 120 }), { minLength: 20, maxLength: 20 }),
    })
    .map(({ place, ...s }) => {
      const { timeZone, from, days } = place;
      const base = utcDay(from);
      const instant = (minutes: number) => new Date(base + minutes * MINUTE);
      const input: AvailabilityInput = {
        timeZone,
        now: new Date(instant(s.now).getTime() + s.nowMs),
        from,
        to: addDays(from, days),
        calendar: {
          schedule: s.schedule,
          duration: s.duration,
          maximumConcurrentBookings: s.capacity,
          minimumMinutesInAdvanceForBooking: s.advance,
          maximumDaysOfBookingForecast: s.forecast,
          minimumProductDuration: s.minimumProductDuration,
        },
        anomalies: s.anomalies.map((a) => ({
          type: a.type,
          startsAt: instant(a.start),
          endsAt: instant(a.start + a.length),
        })),
        product: s.product,
        bookings: s.bookings.map((b) => ({
          startsAt: instant(b.start),
          endsAt: instant(b.start + b.length),
          spaces: b.spaces,
        })),
      };
      return { input, probes: s.probes.map(instant) };
    });
const scenario = scenarioOf(anyPlace, anySchedule);

/** The brute force's view of a scenario, minute by minute. */
function bruteForce(input: AvailabilityInput) {
  const { timeZone, calendar, anomalies, product } = input;
  const bookings = input.bookings as ExistingBooking[];
  const ranges = (date: string) =>
    (calendar.schedule[weekdayOf(date)] ?? [])
      .map((r) => [
        clockReaches(timeZone, date, toMinutes(r.openAt)),
        clockReaches(timeZone, date, toMinutes(r.closedAt)),
      ])
      .filter(([open, close]) => open! < close!) as [number, number][];
  const inside = (t: number, type: 'open' | 'close') =>
    anomalies.some((a) => a.type === type && a.startsAt.getTime() <= t && t < a.endsAt.getTime());
  const openAt = new Map<number, boolean>();
  const isOpen = (t: number) => {
    let open = openAt.get(t);
    if (open === undefined) {
      open =
        !inside(t, 'close') &&
        (inside(t, 'open') || ranges(wallOf(timeZone, t).date).some(([o, c]) => o <= t && t < c));
      openAt.set(t, open);
    }
    return open;
  };
  const loadAt = new Map<number, number>();
  const load = (t: number) => {
    let sum = loadAt.get(t);
    if (sum === undefined) {
      sum = 0;
      for (const b of bookings) if (b.startsAt.getTime() <= t && t < b.endsAt.getTime()) sum += b.spaces;
      loadAt.set(t, sum);
    }
    return sum;
  };
  const step = calendar.duration * MINUTE;
  const isGridStart = (t: number) =>
    ranges(wallOf(timeZone, t).date).some(([o, c]) => o <= t && t < c && (t - o) % step === 0) ||
    anomalies.some(
      (a) =>
        a.type === 'open' &&
        a.startsAt.getTime() <= t &&
        t < a.endsAt.getTime() &&
        (t - a.startsAt.getTime()) % step === 0,
    );
  const minutesOf = (t: number) =>
    Array.from({ length: product.durationInMinutes }, (_, i) => t + i * MINUTE);
  return { isOpen, load, isGridStart, minutesOf };
}

/** The start items the brute force expects: every minute of the window, checked rule by rule. */
function expectedStarts(input: AvailabilityInput) {
  const { timeZone, calendar, product } = input;
  const brute = bruteForce(input);
  if (calendar.minimumProductDuration !== null && product.durationInMinutes < calendar.minimumProductDuration)
    return [];
  const now = input.now.getTime();
  const today = wallOf(timeZone, now).date;
  const expected: { startsAt: string; freeSpaces: number; status: string }[] = [];
  for (let t = utcDay(input.from) - DAY; t < utcDay(input.to) + DAY; t += MINUTE) {
    const { date } = wallOf(timeZone, t);
    if (date < input.from || date >= input.to) continue;
    if (t < now || t < now + calendar.minimumMinutesInAdvanceForBooking * MINUTE) continue;
    if (
      calendar.maximumDaysOfBookingForecast !== null &&
      date > addDays(today, calendar.maximumDaysOfBookingForecast)
    )
      continue;
    if (!brute.isGridStart(t)) continue;
    const minutes = brute.minutesOf(t);
    if (!minutes.every(brute.isOpen)) continue;
    const peak = Math.max(...minutes.map(brute.load));
    const freeSpaces = Math.max(0, calendar.maximumConcurrentBookings - peak);
    expected.push({
      startsAt: new Date(t).toISOString(),
      freeSpaces,
      status: freeSpaces >= product.spaces ? 'reservable' : 'unavailable',
    });
  }
  return expected;
}

describe('availability: properties', () => {
  const numRuns = 200;

  it('a reservable start has room for the product at every minute, inside open time, never too soon, in the window', () => {
    fc.assert(
      fc.property(scenario, ({ input }) => {
        const { timeZone, calendar, product } = input;
        const brute = bruteForce(input);
        const items = availability(input);
        const today = wallOf(timeZone, input.now.getTime()).date;
        // Plain booleans, one `expect` at the end: thousands of `expect`s a run would dominate the time.
        const problems: string[] = [];
        for (const item of items) {
          if (item.status === 'exceptionally_closed') continue;
          const s = item.startsAt.getTime();
          const { date } = wallOf(timeZone, s);
          const minutes = brute.minutesOf(s);
          const broken = Object.entries({
            length: item.endsAt.getTime() - s === product.durationInMinutes * MINUTE,
            open: minutes.every(brute.isOpen),
            advance: s >= input.now.getTime() + calendar.minimumMinutesInAdvanceForBooking * MINUTE,
            notPast: s >= input.now.getTime(),
            window: date >= input.from && date < input.to,
            forecast:
              calendar.maximumDaysOfBookingForecast === null ||
              date <= addDays(today, calendar.maximumDaysOfBookingForecast),
            capacity:
              item.status !== 'reservable' ||
              (item.freeSpaces <= calendar.maximumConcurrentBookings &&
                item.freeSpaces >= product.spaces &&
                minutes.every((t) => brute.load(t) + product.spaces <= calendar.maximumConcurrentBookings)),
          }).filter(([, holds]) => !holds);
          for (const [rule] of broken) problems.push(`${item.startsAt.toISOString()} ${rule}`);
        }
        expect(problems).toEqual([]);
      }),
      { numRuns },
    );
  });

  it('lists exactly the starts a brute force over every minute finds, with the same free spaces', () => {
    fc.assert(
      fc.property(scenario, ({ input }) => {
        const actual = availability(input)
          .filter((i) => i.status !== 'exceptionally_closed')
          .map((i) => ({ startsAt: i.startsAt.toISOString(), freeSpaces: i.freeSpaces, status: i.status }));
        expect(actual).toEqual(expectedStarts(input));
      }),
      { numRuns },
    );
  });

  it('answers the same for the bookings as records or as flat triples', () => {
    fc.assert(
      fc.property(scenario, ({ input }) => {
        const records = input.bookings as ExistingBooking[];
        const triples = Float64Array.from(
          records.flatMap((b) => [b.startsAt.getTime(), b.endsAt.getTime(), b.spaces]),
        );
        expect(availability({ ...input, bookings: triples })).toEqual(availability(input));
      }),
      { numRuns },
    );
  });

  it('writes its columns as exactly the JSON of the items the API schema encodes', () => {
    fc.assert(
      fc.property(scenario, ({ input }) => {
        const items = availability(input).map((i) => ({
          startsAt: i.startsAt.toISOString(),
          endsAt: i.endsAt.toISOString(),
          freeSpaces: i.freeSpaces,
          status: i.status,
        }));
        const json = availabilityItemsJson(availabilityColumns(input));
        expect(json).toBe(JSON.stringify(items));
        // ASCII only: the route sends it as latin1 bytes.
        expect(/^[\x20-\x7e]*$/.test(json)).toBe(true);
      }),
      { numRuns },
    );
  });

  it('writes instants of any year, millisecond and day as Date.toISOString does', () => {
    const input = (t: number): AvailabilityInput => ({
      timeZone: 'UTC',
      now: new Date(-8.64e15),
      from: '1970-01-01',
      to: '1970-01-02',
      calendar: {
        schedule: Object.fromEntries(weekdays.map((d) => [d, []])) as unknown as WeeklySchedule,
        duration: 60,
        maximumConcurrentBookings: 1,
        minimumMinutesInAdvanceForBooking: 0,
        maximumDaysOfBookingForecast: null,
        minimumProductDuration: null,
      },
      anomalies: [{ type: 'close', startsAt: new Date(t), endsAt: new Date(t + 1) }],
      product: { durationInMinutes: 60, spaces: 1 },
      bookings: [],
    });
    fc.assert(
      fc.property(fc.integer({ min: -62_198_755_200_000, max: 253_402_300_799_999 }), (t) => {
        const { closed, ...rest } = availabilityColumns(input(0));
        const json = availabilityItemsJson({ ...rest, closed: [[t, t + 1]] });
        expect(JSON.parse(json)[0]).toEqual({
          startsAt: new Date(t).toISOString(),
          endsAt: new Date(t + 1).toISOString(),
          freeSpaces: 0,
          status: 'exceptionally_closed',
        });
      }),
      { numRuns: 2000 },
    );
    // Many instants in one answer: each day's and each time of day's text is written once and reused.
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -62_198_755_200_000, max: 253_402_300_799_999 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 3 }),
        (instants, days) => {
          // Instants close together too: the same days and times of day, several times.
          const sorted = [...instants, ...instants.map((t) => t + days * 86_400_000)].sort((a, b) => a - b);
          const { closed, ...rest } = availabilityColumns(input(0));
          const json = availabilityItemsJson({ ...rest, closed: sorted.map((t) => [t, t + 1]) });
          expect(JSON.parse(json).map((i: { startsAt: string }) => i.startsAt)).toEqual(
            sorted.map((t) => new Date(t).toISOString()),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('agrees with the brute force on the change days, with ranges in the small hours', () => {
    fc.assert(
      fc.property(
        scenarioOf(changePlace, smallHoursSchedule),
        fc.integer({ min: 1, max: 60 }),
        (s, minutes) => {
          // Short products, booked from well before: the small hours are not filtered away.
          const input: AvailabilityInput = {
            ...s.input,
            now: new Date(utcDay(s.input.from) - DAY),
            calendar: {
              ...s.input.calendar,
              minimumMinutesInAdvanceForBooking: 0,
              minimumProductDuration: null,
            },
            product: { ...s.input.product, durationInMinutes: minutes },
          };
          const actual = availability(input)
            .filter((i) => i.status !== 'exceptionally_closed')
            .map((i) => ({ startsAt: i.startsAt.toISOString(), freeSpaces: i.freeSpaces, status: i.status }));
          expect(actual).toEqual(expectedStarts(input));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('is sorted, no two items of one status share a start, and closed items cover the closed time of the window', () => {
    fc.assert(
      fc.property(scenario, ({ input }) => {
        const items = availability(input);
        for (let i = 1; i < items.length; i++) {
          expect(items[i]!.startsAt.getTime()).toBeGreaterThanOrEqual(items[i - 1]!.startsAt.getTime());
        }
        const keys = items.map((i) => `${i.status} ${i.startsAt.toISOString()}`);
        expect(new Set(keys).size).toBe(keys.length);
        const windowStart = clockReaches(input.timeZone, input.from, 0);
        const windowEnd = clockReaches(input.timeZone, input.to, 0);
        const closedItems = items.filter((i) => i.status === 'exceptionally_closed');
        for (const [k, item] of closedItems.entries()) {
          expect(item.freeSpaces).toBe(0);
          expect(item.startsAt.getTime()).toBeGreaterThanOrEqual(windowStart);
          expect(item.endsAt.getTime()).toBeLessThanOrEqual(windowEnd);
          expect(item.startsAt.getTime()).toBeLessThan(item.endsAt.getTime());
          if (k > 0) expect(item.startsAt.getTime()).toBeGreaterThan(closedItems[k - 1]!.endsAt.getTime());
        }
        // Minute by minute over the window: closed by an anomaly ⇔ inside a closed item.
        const closes = input.anomalies.filter((a) => a.type === 'close');
        for (let t = windowStart; t < windowEnd; t += MINUTE) {
          const closed = closes.some((a) => a.startsAt.getTime() <= t && t < a.endsAt.getTime());
          const shown = closedItems.some((i) => i.startsAt.getTime() <= t && t < i.endsAt.getTime());
          if (closed !== shown) expect({ t: new Date(t), closed }).toEqual({ t: new Date(t), closed: shown });
        }
      }),
      { numRuns },
    );
  });

  it('checkStart agrees with availability', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 3 }), ({ input, probes }, quantity) => {
        const items = availability(input);
        const check = (startsAt: Date, q = 1) => checkStart({ ...input, startsAt, quantity: q });
        const byStart = new Map(
          items.filter((i) => i.status !== 'exceptionally_closed').map((i) => [i.startsAt.getTime(), i]),
        );
        const problems: string[] = [];
        // Every item of a short list, a spread of 40 of a long one (checkStart costs ~0.1 ms).
        const starts = [...byStart.values()];
        const stride = Math.max(1, Math.ceil(starts.length / 40));
        for (const item of starts.filter((_, i) => i % stride === 0 || i === starts.length - 1)) {
          const result = check(item.startsAt);
          const expected =
            item.status === 'reservable'
              ? { ok: true, freeSpaces: item.freeSpaces }
              : { ok: false, reason: 'full', freeSpaces: item.freeSpaces };
          if (JSON.stringify(result) !== JSON.stringify(expected)) {
            problems.push(`${item.startsAt.toISOString()}: ${JSON.stringify(result)}`);
          }
          const many = check(item.startsAt, quantity);
          if (
            many.ok !== item.freeSpaces >= quantity * input.product.spaces ||
            many.freeSpaces !== item.freeSpaces
          ) {
            problems.push(`${item.startsAt.toISOString()} × ${quantity}: ${JSON.stringify(many)}`);
          }
        }
        // Random minutes of the window and its edges: accepted ⇔ listed as reservable.
        const windowStart = clockReaches(input.timeZone, input.from, 0);
        const windowEnd = clockReaches(input.timeZone, input.to, 0);
        for (const probe of probes) {
          const t = probe.getTime();
          if (t < windowStart || t >= windowEnd) continue;
          const result = check(probe);
          const status = byStart.get(t)?.status;
          const agrees = result.ok
            ? status === 'reservable'
            : result.reason === 'full'
              ? status === 'unavailable'
              : status === undefined;
          if (!agrees) problems.push(`${probe.toISOString()}: ${JSON.stringify(result)} but ${status}`);
        }
        expect(problems).toEqual([]);
      }),
      { numRuns },
    );
  });
});
