import { describe, expect, it } from 'vitest';
import { parseClientInstant, zonedClockReaches, zonedToInstant, zoneOffsetMinutes } from './time.js';

const zone = 'Europe/Madrid';

/** The wall-clock time of `instant` in Madrid, as `YYYY-MM-DD HH:mm`. */
const madridFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: zone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
function wallClock(instant: Date): string {
  const p = Object.fromEntries(madridFormat.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
const pad = (n: number) => String(n).padStart(2, '0');

describe('zoneOffsetMinutes', () => {
  it('is +60 in Madrid winter and +120 in summer', () => {
    expect(zoneOffsetMinutes(new Date('2026-01-15T12:00:00Z'), zone)).toBe(60);
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), zone)).toBe(120);
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'UTC')).toBe(0);
  });
});

describe('zonedToInstant in Europe/Madrid', () => {
  it('moves a time skipped by the spring change (2026-03-29 02:00-03:00) forward by the gap', () => {
    const skipped = zonedToInstant({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, zone);
    expect(skipped.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallClock(skipped)).toBe('2026-03-29 03:30');
    const start = zonedToInstant({ year: 2026, month: 3, day: 29, hour: 2 }, zone);
    expect(start.toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('takes the earlier instant of a time repeated by the autumn change (2026-10-25 02:00-03:00)', () => {
    const ambiguous = zonedToInstant({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, zone);
    expect(ambiguous.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zoneOffsetMinutes(ambiguous, zone)).toBe(120);
    expect(zonedToInstant({ year: 2026, month: 10, day: 25, hour: 3 }, zone).toISOString()).toBe(
      '2026-10-25T02:00:00.000Z',
    );
  });

  it('round-trips every other local time around both changes', () => {
    let checked = 0;
    for (const [month, day] of [
      [3, 28],
      [3, 29],
      [3, 30],
      [10, 24],
      [10, 25],
      [10, 26],
    ] as const) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 5) {
        const hour = Math.floor(minutes / 60);
        const minute = minutes % 60;
        if (month === 3 && day === 29 && hour === 2) continue; // does not exist
        const instant = zonedToInstant({ year: 2026, month, day, hour, minute }, zone);
        expect(wallClock(instant)).toBe(`2026-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}`);
        checked++;
      }
    }
    expect(checked).toBe(6 * 288 - 12);
  });

  it('keeps seconds and milliseconds', () => {
    const instant = zonedToInstant(
      { year: 2026, month: 7, day: 1, hour: 10, minute: 5, second: 7, ms: 250 },
      zone,
    );
    expect(instant.toISOString()).toBe('2026-07-01T08:05:07.250Z');
  });
});

describe('zonedClockReaches', () => {
  it('is zonedToInstant for a time that exists, the earlier instant for a repeated one', () => {
    for (const local of [
      { year: 2026, month: 7, day: 1, hour: 10, minute: 5, second: 7, ms: 250 },
      { year: 2026, month: 3, day: 29, hour: 1, minute: 59 },
      { year: 2026, month: 3, day: 29, hour: 3 },
      { year: 2026, month: 10, day: 25, hour: 2, minute: 30 },
    ]) {
      expect(zonedClockReaches(local, zone)).toEqual(zonedToInstant(local, zone));
    }
    expect(zonedClockReaches({ year: 2026, month: 10, day: 25, hour: 2 }, zone).toISOString()).toBe(
      '2026-10-25T00:00:00.000Z',
    );
  });

  it('gives the instant of the spring change for a time the clock jumps over', () => {
    for (const minute of [0, 1, 30, 59]) {
      expect(zonedClockReaches({ year: 2026, month: 3, day: 29, hour: 2, minute }, zone).toISOString()).toBe(
        '2026-03-29T01:00:00.000Z',
      );
    }
    expect(
      zonedClockReaches({ year: 2026, month: 3, day: 29, hour: 1 }, 'Atlantic/Canary').toISOString(),
    ).toBe('2026-03-29T01:00:00.000Z');
    expect(
      zonedClockReaches(
        { year: 2026, month: 3, day: 8, hour: 2, minute: 30 },
        'America/New_York',
      ).toISOString(),
    ).toBe('2026-03-08T07:00:00.000Z');
  });

  it('never goes back as the wall time goes forward, minute by minute over both change days', () => {
    for (const [month, day] of [
      [3, 29],
      [10, 25],
    ] as const) {
      let previous = Number.NEGATIVE_INFINITY;
      for (let minutes = 0; minutes < 24 * 60; minutes++) {
        const t = zonedClockReaches(
          { year: 2026, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60 },
          zone,
        ).getTime();
        expect(t).toBeGreaterThanOrEqual(previous);
        previous = t;
      }
    }
  });

  it('refuses an unknown zone', () => {
    expect(() => zonedClockReaches({ year: 2026, month: 1, day: 1 }, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => zoneOffsetMinutes(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('parseClientInstant', () => {
  it('reads a plain date as midnight in the zone', () => {
    expect(parseClientInstant('2026-03-29', zone)?.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parseClientInstant('2026-10-25', zone)?.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(parseClientInstant('2026-07-01', zone)?.toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(parseClientInstant('2026-07-01', 'UTC')?.toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });

  it('reads a date-time without offset in the zone, across the DST changes', () => {
    expect(parseClientInstant('2026-03-29T02:30', zone)?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parseClientInstant('2026-10-25T02:30:00', zone)?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(parseClientInstant('2026-10-25 12:00:00', zone)?.toISOString()).toBe('2026-10-25T11:00:00.000Z');
    expect(parseClientInstant('2026-03-29T12:00:00.5', zone)?.toISOString()).toBe('2026-03-29T10:00:00.500Z');
  });

  it('respects an explicit offset whatever the zone', () => {
    expect(parseClientInstant('2026-03-29T02:30:00+02:00', zone)?.toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(parseClientInstant('2026-10-25T02:30:00+01:00', zone)?.toISOString()).toBe(
      '2026-10-25T01:30:00.000Z',
    );
    expect(parseClientInstant('2026-10-25T02:30:00Z', zone)?.toISOString()).toBe('2026-10-25T02:30:00.000Z');
    expect(parseClientInstant('2026-01-01T00:00:00.123-0530', zone)?.toISOString()).toBe(
      '2026-01-01T05:30:00.123Z',
    );
  });

  it('answers undefined to garbage', () => {
    for (const value of [
      '',
      'hello',
      'hello+01:00',
      '2026',
      '2026-13-01',
      '2026-00-10',
      '2026-02-30',
      '2026-02-30T10:00:00Z',
      '2026-04-31',
      '2026-03-29T24:00',
      '2026-03-29T12:60',
      '2026-03-29T12:00:60',
      '2026-03-29T12:00:00+25:00',
      '29/03/2026',
      'Sun Mar 29 2026 12:00:00 GMT+0200',
      ' 2026-03-29',
    ]) {
      expect(parseClientInstant(value, zone), value).toBeUndefined();
    }
  });

  it('accepts 29 February only in a leap year', () => {
    expect(parseClientInstant('2028-02-29', zone)?.toISOString()).toBe('2028-02-28T23:00:00.000Z');
    expect(parseClientInstant('2026-02-29', zone)).toBeUndefined();
  });
});
