import { createPlugin } from '@fullcalendar/core';
import { NamedTimeZoneImpl } from '@fullcalendar/core/internal';

/*
 * FullCalendar's named time zones (the company's) read with the browser's Intl, as @fullcalendar/luxon3 does
 * through luxon's IANAZone, without luxon's 23 KB gz on the calendar's first load. The arithmetic is
 * luxon's, step for step, so a wall time in a DST gap or overlap gets the same instant
 * (time-zone-plugin.test.ts compares both over the transitions of several zones).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      hourCycle: 'h23',
      timeZone: zone,
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/** Milliseconds of a wall-clock time read as UTC (luxon's objToLocalTS: years 0–99 are not 1900–1999). */
function wallAsUtc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
) {
  const date = new Date(Date.UTC(year, month, day, hour, minute, second, ms));
  if (year < 100 && year >= 0) date.setUTCFullYear(year, month, day);
  return date.getTime();
}

/**
 * Offsets already read, per zone and UTC minute: a view asks for the same slots' instants again and again, and
 * Intl's formatToParts is the slow part. Exact: time zones change offset on whole minutes (only the local
 * mean times before standard time have seconds, and those are not kept).
 */
const offsets = new Map<string, Map<number, number>>();

/** The zone's offset from UTC in minutes at an instant (luxon's IANAZone#offset), cached by UTC minute. */
export function zoneOffset(zone: string, ts: number): number {
  let known = offsets.get(zone);
  if (!known) {
    known = new Map();
    offsets.set(zone, known);
  }
  const minute = Math.floor(ts / 60_000);
  const cached = known.get(minute);
  if (cached !== undefined) return cached;
  const offset = readOffset(zone, ts);
  if (Number.isInteger(offset)) {
    if (known.size >= 50_000) known.clear();
    known.set(minute, offset);
  }
  return offset;
}

function readOffset(zone: string, ts: number): number {
  const fields: Record<string, string> = {};
  for (const part of formatOf(zone).formatToParts(new Date(ts))) fields[part.type] = part.value;
  let year = Number(fields.year);
  if (fields.era === 'BC' || fields.era === 'B') year = -Math.abs(year) + 1;
  const hour = Number(fields.hour);
  const asUtc = wallAsUtc(
    year,
    Number(fields.month) - 1,
    Number(fields.day),
    hour === 24 ? 0 : hour,
    Number(fields.minute),
    Number(fields.second),
    0,
  );
  const over = ts % 1000;
  const whole = ts - (over >= 0 ? over : 1000 + over);
  return (asUtc - whole) / 60_000;
}

/** The offset of a wall time in the zone, from a first guess (luxon's fixOffset). */
function fixOffset(localTs: number, guess: number, zone: string): number {
  let utcGuess = localTs - guess * 60_000;
  const second = zoneOffset(zone, utcGuess);
  if (guess === second) return guess;
  utcGuess -= (second - guess) * 60_000;
  const third = zoneOffset(zone, utcGuess);
  if (second === third) return second;
  return Math.max(second, third);
}

class IntlNamedTimeZone extends NamedTimeZoneImpl {
  /** The offset of a wall time `[year, month0, day, hour, minute, second, ms]` (luxon's DateTime.fromObject). */
  offsetForArray(a: number[]): number {
    const [year = 1970, month = 0, day = 1, hour = 0, minute = 0, second = 0, ms = 0] = a;
    const localTs = wallAsUtc(year, month, day, hour, minute, second, ms);
    return fixOffset(localTs, zoneOffset(this.timeZoneName, Date.now()), this.timeZoneName);
  }

  /** The wall time of an instant in the zone (luxon's DateTime.fromMillis with a zone). */
  timestampToArray(ms: number): number[] {
    const wall = new Date(ms + zoneOffset(this.timeZoneName, ms) * 60_000);
    return [
      wall.getUTCFullYear(),
      wall.getUTCMonth(),
      wall.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      wall.getUTCSeconds(),
      wall.getUTCMilliseconds(),
    ];
  }
}

export const timeZonePlugin = createPlugin({
  name: 'mostrador-intl-time-zone',
  namedTimeZonedImpl: IntlNamedTimeZone,
});
