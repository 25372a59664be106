import luxonPlugin from '@fullcalendar/luxon3';
import { describe, expect, it } from 'vitest';
import { timeZonePlugin } from './time-zone-plugin';

type Impl = { offsetForArray(a: number[]): number; timestampToArray(ms: number): number[] };
type ImplClass = new (name: string) => Impl;
const Ours = timeZonePlugin.namedTimeZonedImpl as unknown as ImplClass;
// What the calendar used before: @fullcalendar/luxon3's zone, on luxon.
const Luxon = luxonPlugin.namedTimeZonedImpl as unknown as ImplClass;

const zones = [
  'Europe/Madrid',
  'Atlantic/Canary',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'UTC',
];
const hour = 3_600_000;

/** Every 20 minutes around 2025's and 2026's DST changes (Europe, America, Lord Howe), and an ordinary day. */
function instants(): number[] {
  const list: number[] = [];
  for (const day of [
    '2025-03-30',
    '2025-10-26',
    '2026-03-08',
    '2026-11-01',
    '2026-04-05',
    '2026-10-04',
    '2026-07-15',
  ]) {
    const start = Date.parse(`${day}T00:00:00Z`) - 24 * hour;
    for (let ts = start; ts < start + 48 * hour; ts += 20 * 60_000) list.push(ts + 123);
  }
  return list;
}

describe('timeZonePlugin (Intl, in place of @fullcalendar/luxon3)', () => {
  it.each(zones)('reads the wall time of an instant as the luxon plugin does in %s', (name) => {
    const ours = new Ours(name);
    const luxon = new Luxon(name);
    for (const ts of instants()) expect(ours.timestampToArray(ts)).toEqual(luxon.timestampToArray(ts));
  });

  it.each(zones)('gives a wall time, in a DST gap or overlap too, the luxon plugin offset in %s', (name) => {
    const ours = new Ours(name);
    const luxon = new Luxon(name);
    for (const ts of instants()) {
      const wall = new Date(ts);
      const a = [
        wall.getUTCFullYear(),
        wall.getUTCMonth(),
        wall.getUTCDate(),
        wall.getUTCHours(),
        wall.getUTCMinutes(),
        0,
        0,
      ];
      expect(ours.offsetForArray(a)).toBe(luxon.offsetForArray(a));
    }
  });
});
