// The availability engine on one calendar with 10,000 bookings, 60-day window:
// `npx tsx --conditions=source apps/api/bench/availability.ts`. Pure computation, no database.
import {
  type AvailabilityInput,
  availability,
  type ExistingBooking,
  type WeeklySchedule,
} from '../src/modules/calendars/availability.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const timeZone = 'Europe/Madrid';
// 60 days over the spring change (29 March 2026).
const from = '2026-03-01';
const to = '2026-04-30';
const windowStart = Date.parse('2026-02-28T23:00:00Z');

/** A deterministic pseudo-random sequence (mulberry32), so that every run measures the same data. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 10,000 bookings in the opening hours of the 60 days, 15-minute aligned, 30 to 120 minutes, 1–3 spaces. */
function bookings(count: number): ExistingBooking[] {
  const next = random(42);
  const result: ExistingBooking[] = [];
  for (let i = 0; i < count; i++) {
    const day = Math.floor(next() * 60);
    const startMinutes = 8 * 60 + Math.floor(next() * 48) * 15; // 08:00–19:45 UTC
    const start = windowStart + day * DAY + startMinutes * MINUTE;
    result.push({
      startsAt: new Date(start),
      endsAt: new Date(start + (2 + Math.floor(next() * 7)) * 15 * MINUTE),
      spaces: 1 + Math.floor(next() * 3),
    });
  }
  return result;
}

const shop: WeeklySchedule = {
  monday: [
    { openAt: '09:00', closedAt: '14:00' },
    { openAt: '16:00', closedAt: '20:00' },
  ],
  tuesday: [
    { openAt: '09:00', closedAt: '14:00' },
    { openAt: '16:00', closedAt: '20:00' },
  ],
  wednesday: [
    { openAt: '09:00', closedAt: '14:00' },
    { openAt: '16:00', closedAt: '20:00' },
  ],
  thursday: [
    { openAt: '09:00', closedAt: '14:00' },
    { openAt: '16:00', closedAt: '20:00' },
  ],
  friday: [
    { openAt: '09:00', closedAt: '14:00' },
    { openAt: '16:00', closedAt: '20:00' },
  ],
  saturday: [{ openAt: '10:00', closedAt: '14:00' }],
  sunday: [],
};
const allDay: WeeklySchedule = {
  monday: [{ openAt: '00:00', closedAt: '24:00' }],
  tuesday: [{ openAt: '00:00', closedAt: '24:00' }],
  wednesday: [{ openAt: '00:00', closedAt: '24:00' }],
  thursday: [{ openAt: '00:00', closedAt: '24:00' }],
  friday: [{ openAt: '00:00', closedAt: '24:00' }],
  saturday: [{ openAt: '00:00', closedAt: '24:00' }],
  sunday: [{ openAt: '00:00', closedAt: '24:00' }],
};

const base: AvailabilityInput = {
  timeZone,
  now: new Date('2026-02-15T10:00:00Z'),
  from,
  to,
  calendar: {
    schedule: shop,
    duration: 15,
    maximumConcurrentBookings: 40,
    minimumMinutesInAdvanceForBooking: 60,
    maximumDaysOfBookingForecast: null,
    minimumProductDuration: null,
  },
  anomalies: [
    { type: 'close', startsAt: new Date('2026-04-02T22:00:00Z'), endsAt: new Date('2026-04-06T22:00:00Z') },
    { type: 'open', startsAt: new Date('2026-03-08T09:00:00Z'), endsAt: new Date('2026-03-08T13:00:00Z') },
  ],
  product: { durationInMinutes: 60, spaces: 1 },
  bookings: bookings(10_000),
};

function timeIt(label: string, input: AvailabilityInput, count = 50, warmup = 10) {
  let items = availability(input);
  for (let i = 0; i < warmup; i++) items = availability(input);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    items = availability(input);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  const reservable = items.filter((i) => i.status === 'reservable').length;
  console.log(
    `${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms over ${count} runs` +
      ` (${items.length} items, ${reservable} reservable)`,
  );
}

console.log(`availability for ${from}..${to} (60 days), ${base.bookings.length} bookings, ${timeZone}`);
const cold = performance.now();
availability(base);
console.log(`first call (cold: JIT, Intl formatter): ${(performance.now() - cold).toFixed(2)} ms`);
timeIt('shop hours, 15-minute grid, 60-minute product', base);
timeIt('open 24 h, 5-minute grid, 90-minute product', {
  ...base,
  calendar: { ...base.calendar, schedule: allDay, duration: 5 },
  product: { durationInMinutes: 90, spaces: 2 },
});
