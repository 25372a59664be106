import {
  addPeriods,
  type LocalDay,
  type PaymentPeriodicity,
  type Periodicity,
  paymentPeriod,
} from '@mostrador/contract';
import { zonedToInstant, zoneOffsetMinutes } from '../../lib/time.js';

/*
 * The contract's period arithmetic (local calendar days) as instants in the company's time zone: a
 * period starts on its local day at the anchor's wall-clock time, so a subscription anchored at 10:00 on
 * 31 January in Madrid renews at 10:00 Madrid time on 28 February and on 31 March, across DST changes.
 */

interface LocalMoment {
  day: LocalDay;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

/** The wall clock in `timeZone` at `instant`. */
export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  return {
    day: { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() },
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    ms: local.getUTCMilliseconds(),
  };
}

const at = (day: LocalDay, clock: LocalMoment, timeZone: string) =>
  zonedToInstant(
    { ...day, hour: clock.hour, minute: clock.minute, second: clock.second, ms: clock.ms },
    timeZone,
  );

/** The `index`-th payment period from `anchor` (0 starts at the anchor), as instants. */
export function periodAt(anchor: Date, timeZone: string, payment: PaymentPeriodicity, index: number) {
  const clock = localMoment(anchor, timeZone);
  const { start, end } = paymentPeriod(clock.day, payment, index);
  return { index, start: at(start, clock, timeZone), end: at(end, clock, timeZone) };
}

/** `instant` plus a length of days, weeks, months or years at the same wall-clock time. */
export function plusPeriod(instant: Date, timeZone: string, period: Periodicity): Date {
  const clock = localMoment(instant, timeZone);
  return at(addPeriods(clock.day, period, 1), clock, timeZone);
}

/**
 * The payment periods that have started by `now` (start ≤ now), from `fromIndex` on, at most `limit`:
 * what is due to be charged.
 */
export function startedPeriods(
  anchor: Date,
  timeZone: string,
  payment: PaymentPeriodicity,
  now: Date,
  fromIndex: number,
  limit: number,
) {
  const due: ReturnType<typeof periodAt>[] = [];
  for (let i = fromIndex; due.length < limit; i++) {
    const period = periodAt(anchor, timeZone, payment, i);
    if (period.start.getTime() > now.getTime()) break;
    due.push(period);
  }
  return due;
}
