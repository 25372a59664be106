/** A date, optionally a time (seconds and fraction optional), optionally an offset after the time. */
const isoPattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2}))?)?$/i;

/** One formatter per time zone: building an `Intl.DateTimeFormat` costs ~20 times more than using it. */
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
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
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The offset of `timeZone` from UTC at `ms` (whole seconds), read from the zone's rules (`Intl`). */
function formattedOffsetMs(ms: number, timeZone: string): number {
  const at = Math.floor(ms / 1000) * 1000;
  const fields: Record<string, number> = {};
  for (const part of offsetFormatter(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    fields.year!,
    fields.month! - 1,
    fields.day!,
    fields.hour! % 24,
    fields.minute!,
    fields.second!,
  );
  return asUtc - at;
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
type Spans = Map<number, number | null>;
/**
 * Offsets by UTC day and, for a day with a change (a DST night), by UTC hour, per zone: a year's report
 * or an export asks for tens of thousands, and `formatToParts` costs microseconds each (35 ms of a year's
 * bookings report). A span whose first and last millisecond have the same offset has it throughout (a
 * zone changes its offset at most once a day); a span with a change is `null`, and the hour of a change
 * reads its instants one by one.
 */
const offsetSpans = new Map<string, { days: Spans; hours: Spans }>();
function spanOffset(spans: Spans, start: number, length: number, timeZone: string) {
  let offset = spans.get(start);
  if (offset === undefined) {
    const first = formattedOffsetMs(start, timeZone);
    offset = first === formattedOffsetMs(start + length - 1, timeZone) ? first : null;
    if (spans.size >= 20_000) spans.clear();
    spans.set(start, offset);
  }
  return offset;
}

/** The offset of `timeZone` from UTC at `ms` (milliseconds since the epoch), in milliseconds (whole seconds). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  let zone = offsetSpans.get(timeZone);
  if (!zone) {
    zone = { days: new Map(), hours: new Map() };
    offsetSpans.set(timeZone, zone);
  }
  return (
    spanOffset(zone.days, Math.floor(ms / dayMs) * dayMs, dayMs, timeZone) ??
    spanOffset(zone.hours, Math.floor(ms / hourMs) * hourMs, hourMs, timeZone) ??
    formattedOffsetMs(ms, timeZone)
  );
}

/** The offset of `timeZone` from UTC at `instant`, in minutes. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return Math.round(zoneOffsetMs(instant.getTime(), timeZone) / 60000);
}

/**
 * The instant a wall-clock time in `timeZone` denotes. In the autumn overlap the earlier instant is
 * taken; a time skipped by the spring change is moved forward by the gap, as clocks do.
 */
export function zonedToInstant(
  local: {
    year: number;
    month: number;
    day: number;
    hour?: number;
    minute?: number;
    second?: number;
    ms?: number;
  },
  timeZone: string,
): Date {
  const wall = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour ?? 0,
    local.minute ?? 0,
    local.second ?? 0,
    local.ms ?? 0,
  );
  const before = zoneOffsetMinutes(new Date(wall - 86_400_000 / 2), timeZone);
  const after = zoneOffsetMinutes(new Date(wall + 86_400_000 / 2), timeZone);
  const candidates = [...new Set([before, after])].map((off) => wall - off * 60_000);
  const valid = candidates.filter((t) => zoneOffsetMinutes(new Date(t), timeZone) * 60_000 === wall - t);
  if (valid.length) return new Date(Math.min(...valid));
  // In a gap: use the offset in force before it, which lands after the gap.
  return new Date(wall - before * 60_000);
}

/**
 * The first instant at which the wall clock in `timeZone` reads `local` or later: the same as
 * `zonedToInstant` (the earlier instant in the autumn overlap), except that a time skipped by the spring
 * change gives the instant of the change itself, when the clock jumps over it. Unlike `zonedToInstant`
 * it never decreases as `local` increases, so it turns an opening range of wall-clock times into an
 * interval of instants: 02:30–03:15 on a spring-change day in Madrid is 03:00–03:15 (15 minutes),
 * 02:00–03:00 is empty.
 */
export function zonedClockReaches(local: Parameters<typeof zonedToInstant>[0], timeZone: string): Date {
  const instant = zonedToInstant(local, timeZone);
  const wall = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour ?? 0,
    local.minute ?? 0,
    local.second ?? 0,
    local.ms ?? 0,
  );
  const after = zoneOffsetMinutes(instant, timeZone);
  if (instant.getTime() + after * 60_000 === wall) return instant;
  // In a gap: `instant` lies after the change and `wall - after` before it. Offsets change on whole
  // seconds; find the first second with the new offset.
  let lo = Math.floor((wall - after * 60_000) / 1000); // before the change
  let hi = Math.ceil(instant.getTime() / 1000); // after it
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (zoneOffsetMinutes(new Date(mid * 1000), timeZone) === after) hi = mid;
    else lo = mid;
  }
  return new Date(Math.min(hi * 1000, instant.getTime()));
}

/** An ISO instant; a plain date or an offset-less date-time is read in the company's time zone. */
export function parseClientInstant(value: string, timeZone: string): Date | undefined {
  const m = isoPattern.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m
    .slice(1, 7)
    .map((v) => (v === undefined ? 0 : Number(v)));
  // A fraction is of a second: `.5` is 500 ms.
  const ms = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (
    month! < 1 ||
    month! > 12 ||
    day! < 1 ||
    day! > daysInMonth ||
    hour! > 23 ||
    minute! > 59 ||
    second! > 59
  )
    return undefined;
  const local = { year: year!, month: month!, day: day!, hour, minute, second, ms };
  if (!m[8]) return zonedToInstant(local, timeZone);
  const offsetHours = Number(m[10] ?? 0);
  const offsetMinutes = Number(m[11] ?? 0);
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return new Date(Date.UTC(year!, month! - 1, day!, hour, minute, second, ms) - offset * 60_000);
}
