import { formatPhone } from '@mostrador/contract';
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalLuxonDateTimeStub } from 'ical-generator';
import { zoneOffsetMs } from '../../lib/time.js';
import { escapeIcsText } from '../mails/templates/ics.js';
import { vtimezone } from './vtimezone.js';

const halfDayMs = 43_200_000;

/** A booking as its calendar's feed shows it. */
export interface FeedBooking {
  id: number;
  startsAt: Date;
  endsAt: Date;
  quantity: number;
  notes: string | null;
  updatedAt: Date;
  productName: string;
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
}

export interface FeedCalendar {
  licenseId: number;
  name: string;
  timeZone: string;
}

/**
 * An instant as ical-generator reads a Luxon DateTime: written as the wall-clock time of its zone, so a
 * DTSTART with TZID says the company's local time whatever the server's own zone is. (A native Date is
 * written with the process's local fields, which are the company's only when the server runs in its zone.)
 */
class ZonedInstant implements ICalLuxonDateTimeStub {
  readonly zone = { type: 'iana' };
  constructor(
    private readonly ms: number,
    private readonly timeZone: string,
  ) {}
  get isValid() {
    return true;
  }
  setZone(zone?: string): ZonedInstant {
    return zone && zone !== this.timeZone ? new ZonedInstant(this.ms, zone) : this;
  }
  toFormat(format: string): string {
    const wall = new Date(this.ms + zoneOffsetMs(this.ms, this.timeZone)).toISOString();
    if (format === 'yyyyLLdd') return wall.slice(0, 10).replace(/-/g, '');
    if (format === 'HHmmss') return wall.slice(11, 19).replace(/:/g, '');
    throw new Error(`unsupported format ${format}`);
  }
  toJSDate() {
    return new Date(this.ms);
  }
  toJSON() {
    return new Date(this.ms).toISOString();
  }
}

/**
 * Whether the company's wall-clock time at `ms` happens twice: the hour an autumn change repeats (02:30 on
 * the last Sunday of October in Madrid is 00:30 and 01:30 UTC). RFC 5545 reads such a local time with
 * TZID as its first pass, but readers differ (node-ical takes the second), so an event touching it is
 * written in UTC instead.
 */
export function isAmbiguousWallTime(ms: number, timeZone: string): boolean {
  const wall = ms + zoneOffsetMs(ms, timeZone);
  const offsets = new Set([zoneOffsetMs(ms - halfDayMs, timeZone), zoneOffsetMs(ms + halfDayMs, timeZone)]);
  if (offsets.size < 2) return false;
  return [...offsets].every((offset) => zoneOffsetMs(wall - offset, timeZone) === offset);
}

/** The host of the events' UIDs: PUBLIC_URL's. */
function uidDomain(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'mostrador.invalid';
  } catch {
    return 'mostrador.invalid';
  }
}

/** The event's UID: the same booking is the same event at every fetch, moved or renamed. */
export function feedEventUid(licenseId: number, bookingId: number, publicUrl: string): string {
  return `booking-${bookingId}-license-${licenseId}@${uidDomain(publicUrl)}`;
}

/** "Massage · Ana García" or, for several units, "Massage ×2 · Ana García". */
export function feedEventSummary(b: Pick<FeedBooking, 'productName' | 'quantity' | 'customerName'>): string {
  const product = b.quantity > 1 ? `${b.productName.trim()} ×${b.quantity}` : b.productName.trim();
  return [product, b.customerName.trim()].filter(Boolean).join(' · ');
}

/** The customer's phone and email, then the booking's notes. */
function description(b: FeedBooking): string {
  const contact = [b.customerPhone ? formatPhone(b.customerPhone) : '', b.customerEmail ?? '']
    .map((s) => s.trim())
    .filter(Boolean);
  const notes = b.notes?.trim() ?? '';
  return [contact.join('\n'), notes].filter(Boolean).join('\n\n');
}

/** How often a calendar app is told to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const feedRefreshSeconds = 15 * 60;

/**
 * The calendar's feed as an iCalendar object (RFC 5545, METHOD:PUBLISH): one VEVENT per booking, its
 * DTSTART/DTEND in the company's zone (TZID; in UTC for the rare booking that starts or ends in the hour an
 * autumn change repeats, `isAmbiguousWallTime`) with that zone's VTIMEZONE for the window's instants
 * (`vtimezone.ts`, from `Intl`), X-WR-CALNAME the calendar's name, X-WR-TIMEZONE its zone. DTSTAMP and
 * LAST-MODIFIED are the booking's last change, so the text only changes when a booking does (the route's
 * ETag is its digest).
 *
 * The calendar's own time zone is left unset in ical-generator (name null, the generator kept): set, it
 * writes DTSTAMP and LAST-MODIFIED as local times without `Z`, which RFC 5545 forbids; so X-WR-TIMEZONE is
 * written as a custom property.
 */
export function feedIcs(
  calendar: FeedCalendar,
  rows: FeedBooking[],
  window: { from: Date; to: Date },
  publicUrl: string,
): string {
  const { timeZone } = calendar;
  // The zone's rules over whole UTC years around every instant written (the window, and the end of a
  // booking that starts in it): the VTIMEZONE, and so the text and its ETag, stay the same as the window
  // moves on, until the year turns.
  const lastEnd = rows.reduce((to, b) => Math.max(to, b.endsAt.getTime()), window.to.getTime());
  const spanFrom = Date.UTC(new Date(window.from.getTime() - 86_400_000).getUTCFullYear(), 0, 1);
  const spanTo = Date.UTC(new Date(lastEnd + 86_400_000).getUTCFullYear() + 1, 0, 1);
  const cal = ical({
    // ical-generator writes the name as it comes: escaped here, on one line.
    name: escapeIcsText(calendar.name.replace(/\s+/g, ' ').trim()),
    prodId: { company: 'Mostrador', product: 'Calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: feedRefreshSeconds,
    timezone: { name: null, generator: (tz) => vtimezone(tz, spanFrom, spanTo) },
  });
  cal.x('X-WR-TIMEZONE', timeZone);
  for (const b of rows) {
    const utc =
      isAmbiguousWallTime(b.startsAt.getTime(), timeZone) ||
      isAmbiguousWallTime(b.endsAt.getTime(), timeZone);
    cal.createEvent({
      id: feedEventUid(calendar.licenseId, b.id, publicUrl),
      ...(utc
        ? { timezone: null, start: b.startsAt, end: b.endsAt }
        : {
            timezone: timeZone,
            start: new ZonedInstant(b.startsAt.getTime(), timeZone),
            end: new ZonedInstant(b.endsAt.getTime(), timeZone),
          }),
      stamp: b.updatedAt,
      lastModified: b.updatedAt,
      summary: feedEventSummary(b),
      description: description(b) || null,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}
