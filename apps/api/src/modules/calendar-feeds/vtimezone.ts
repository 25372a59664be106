import { zoneOffsetMs } from '../../lib/time.js';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** A change of a zone's offset: from `fromMs` to `toMs` at the instant `at` (ms since the epoch). */
export interface ZoneTransition {
  at: number;
  fromMs: number;
  toMs: number;
}

/**
 * The changes of `timeZone`'s offset in [fromMs, toMs), read from the zone's rules through `Intl`
 * (`zoneOffsetMs`): a day whose first and last millisecond differ holds one (a zone changes at most once
 * a day), found to the second by bisection.
 */
export function zoneTransitions(timeZone: string, fromMs: number, toMs: number): ZoneTransition[] {
  const found: ZoneTransition[] = [];
  let day = Math.floor(fromMs / dayMs) * dayMs;
  let before = zoneOffsetMs(day, timeZone);
  for (; day < toMs; day += dayMs) {
    const after = zoneOffsetMs(day + dayMs, timeZone);
    if (after === before) continue;
    // The first second of the day's new offset.
    let lo = day / 1000; // old offset
    let hi = (day + dayMs) / 1000; // new offset
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (zoneOffsetMs(mid * 1000, timeZone) === before) lo = mid;
      else hi = mid;
    }
    const at = hi * 1000;
    if (at >= fromMs && at < toMs) found.push({ at, fromMs: before, toMs: after });
    before = after;
  }
  return found;
}

/** +0100, -0330 (RFC 5545's UTC-OFFSET). */
function utcOffset(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** The wall-clock time of `instantMs` under the offset `offsetMs`, as a local DATE-TIME: 20261025T030000. */
function localStamp(instantMs: number, offsetMs: number): string {
  return new Date(instantMs + offsetMs)
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace(/[-:]/g, '');
}

/**
 * The zone's abbreviation at an instant when `Intl` knows one ("EDT" in American English, "CEST" in
 * British), else none (a bare "GMT+2" says nothing TZOFFSETTO does not).
 */
function abbreviation(timeZone: string, instantMs: number): string | undefined {
  for (const locale of ['en-US', 'en-GB']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(instantMs)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (name && /^[A-Z]{2,6}$/.test(name)) return name;
  }
  return undefined;
}

/**
 * The VTIMEZONE (RFC 5545 §3.6.5) of `timeZone` for the instants in [fromMs, toMs), built from `Intl`'s
 * rules without a time zone database of our own: a first observance at `fromMs` with the offset then in
 * force, then one observance per change within the span (each its own onset, no RRULE: exact whatever the
 * zone's rule and however it changed over the years). The larger offset of a change is daylight time.
 * Lines end in CRLF; none is longer than 75 octets.
 */
export function vtimezone(timeZone: string, fromMs: number, toMs: number): string {
  const start = Math.floor(fromMs / hourMs) * hourMs;
  const initial = zoneOffsetMs(start, timeZone);
  const changes = zoneTransitions(timeZone, start, toMs);
  const offsets = [initial, ...changes.map((c) => c.toMs)];
  const standard = Math.min(...offsets);
  const observance = (at: number, fromOffset: number, toOffset: number) => {
    const kind = toOffset > standard ? 'DAYLIGHT' : 'STANDARD';
    const name = abbreviation(timeZone, at);
    return [
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(at, fromOffset)}`,
      `TZOFFSETFROM:${utcOffset(fromOffset)}`,
      `TZOFFSETTO:${utcOffset(toOffset)}`,
      ...(name ? [`TZNAME:${name}`] : []),
      `END:${kind}`,
    ];
  };
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(start, initial, initial),
    ...changes.flatMap((c) => observance(c.at, c.fromMs, c.toMs)),
    'END:VTIMEZONE',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
