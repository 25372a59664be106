import type { BookingMailData } from './booking.js';
import type { MailCompany } from './types.js';

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/(?!\n)\p{Cc}/gu, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** A parameter value: quoted, without the characters a quoted-string may not hold. */
function quotedParam(value: string): string {
  return `"${value.replace(/[\p{Cc}"]/gu, '').trim()}"`;
}

/** The octets of a character in UTF-8. */
function utf8Size(char: string): number {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/**
 * A content line folded (RFC 5545 §3.1): no line longer than 75 octets, continuation lines start with
 * a space, never splitting a UTF-8 character.
 */
export function foldIcsLine(line: string): string {
  // Most lines are short and ASCII: one octet per character, nothing to fold.
  if (line.length <= 75 && !/[^ -~]/.test(line)) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = utf8Size(char);
    if (octets + size > limit) {
      parts.push(current);
      current = ' ';
      octets = 1;
      limit = 75;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** 20261025T090000Z */
function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** The domain of the booking UIDs: PUBLIC_URL's host name. */
function uidDomain(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'mostrador.invalid';
  } catch {
    return 'mostrador.invalid';
  }
}

/** The stable UID of a booking's event: every update and the cancellation replace the same event. */
export function bookingUid(bookingId: number, company: MailCompany): string {
  return `booking-${bookingId}@${uidDomain(company.publicUrl)}`;
}

/**
 * The booking as an iCalendar object (RFC 5545, iTIP method REQUEST when made or moved, CANCEL when
 * cancelled; `sequence` grows with each change). Times in UTC, CRLF line endings, lines folded at 75
 * octets.
 */
export function bookingIcs(
  data: BookingMailData,
  company: MailCompany,
  method: 'REQUEST' | 'CANCEL',
  sequence: number,
  now: Date,
): string {
  const location = [company.name, company.address ?? '']
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(', ');
  const description = [data.calendarName.trim(), data.notes?.trim() ?? ''].filter(Boolean).join('\n');
  const organizerEmail = company.email?.replace(/[\s\p{Cc}]/gu, '') ?? '';
  const organizerName = company.name.replace(/[\p{Cc}"]/gu, ' ').trim();

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Mostrador//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${bookingUid(data.bookingId, company)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(sequence))}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(data.startsAt)}`,
    `DTEND:${utcStamp(data.endsAt)}`,
    `SUMMARY:${escapeIcsText(data.productName.trim())}`,
    ...(description ? [`DESCRIPTION:${escapeIcsText(description)}`] : []),
    ...(location ? [`LOCATION:${escapeIcsText(location)}`] : []),
    ...(organizerEmail
      ? [`ORGANIZER${organizerName ? `;CN=${quotedParam(organizerName)}` : ''}:mailto:${organizerEmail}`]
      : []),
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
