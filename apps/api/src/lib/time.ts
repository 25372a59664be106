/** A date, optionally a time (seconds and fraction optional), optionally an offset after the time. */
const isoPattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2}))?)?$/i;

/** The offset of `timeZone` from UTC at `instant`, in minutes. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
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
