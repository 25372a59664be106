import { zoneOffsetMinutes } from '../../lib/time.js';
import { check, VerifactuValidationError } from './errors.js';

/**
 * The value formats AEAT's records use. An amount or a timestamp is hashed exactly as it is written in
 * the XML (AEAT accepts `123.1` and `123.10` alike, but their SHA-256 differ), so both the XML builder
 * and the huella take them from here: amounts always with two decimals, timestamps to the second with
 * the zone's offset at that instant.
 */

/** 12 integer digits and 2 decimals: AEAT's `ImporteSgn12.2Type`. */
const MAX_AMOUNT_CENTS = 99_999_999_999_999;

/** Wall-clock fields of `instant` in `timeZone` (one formatter per zone: building one costs more). */
const wallFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: Date, timeZone: string) {
  let formatter = wallFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: parts.year!.padStart(4, '0'),
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

function assertInstant(instant: Date): void {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
    throw new VerifactuValidationError('instant', 'is not a valid date');
  }
}

/** The calendar date of `instant` in `timeZone` as AEAT writes dates: `dd-mm-yyyy`. */
export function aeatDate(instant: Date, timeZone: string): string {
  assertInstant(instant);
  const { day, month, year } = wallClock(instant, timeZone);
  return `${day}-${month}-${year}`;
}

/**
 * `instant` as `FechaHoraHusoGenRegistro`: `YYYY-MM-DDThh:mm:ss+hh:mm`, the wall clock of `timeZone`
 * with that zone's real offset at the instant (Europe/Madrid: +01:00 in winter, +02:00 in summer).
 * Fractions of a second are dropped.
 */
export function aeatTimestamp(instant: Date, timeZone: string): string {
  assertInstant(instant);
  const c = wallClock(instant, timeZone);
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}:${c.second}${sign}${hh}:${mm}`;
}

/**
 * Integer cents as the amount written in the XML and hashed: always two decimals, `.` as separator,
 * a leading `-` for negatives (`1235` → `12.35`, `-500` → `-5.00`, `0` → `0.00`). Integer arithmetic
 * only; at most 12 integer digits.
 */
export function aeatAmount(cents: number): string {
  check(Number.isSafeInteger(cents), 'amount', 'must be a whole number of cents');
  check(Math.abs(cents) <= MAX_AMOUNT_CENTS, 'amount', 'has more than 12 integer digits');
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${units}.${fraction}`;
}

/** A tax rate in hundredths of a percent as `TipoImpositivo` (`2100` → `21.00`, `750` → `7.50`). */
export function aeatRate(hundredths: number): string {
  check(
    Number.isSafeInteger(hundredths) && hundredths >= 0 && hundredths <= 99_999,
    'TipoImpositivo',
    'must be a whole number of hundredths of a percent between 0 and 999.99',
  );
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** True when `value` is a real calendar date written `dd-mm-yyyy`. */
export function isAeatDate(value: string): boolean {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!m) return false;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `dd-mm-yyyy` as a sortable number `yyyymmdd`. */
export function aeatDateKey(value: string): number {
  const [day, month, year] = value.split('-');
  return Number(`${year}${month}${day}`);
}

/** True when `value` is written as `aeatTimestamp` writes: `YYYY-MM-DDThh:mm:ss±hh:mm`. */
export function isAeatTimestamp(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/.test(value);
}
