import type { Booking, BookingCalendar, Customer, Product } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/modules/bookings/bookings.table.js';
import { feedRateLimit } from '../src/modules/calendar-feeds/calendar-feeds.routes.js';
import {
  bookable,
  type Company,
  company,
  createBooking,
  createCalendar,
  createCustomer,
  createProduct,
} from './factories.js';
import { buildTestApp, call, createEmployee, type TestApp } from './helpers.js';

const dayMs = 86_400_000;
const publicUrl = 'https://reservas.example.com';

let t: TestApp;
let owner: Company;
let calendar: BookingCalendar;
let otherCalendar: BookingCalendar;
let product: Product;
let customer: Customer;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: publicUrl } });
  owner = await company(t);
  calendar = await createCalendar(t, owner.token, {
    name: 'Sala Azul, planta 1',
    maximumConcurrentBookings: 5,
  });
  otherCalendar = await createCalendar(t, owner.token);
  product = await createProduct(t, owner.token, { taxId: owner.taxId, name: 'Masaje', ...bookable(60) });
  customer = await createCustomer(t, owner.token, {
    name: 'Ana',
    surname: 'García',
    phone: '+34689921849',
    email: 'ana@example.com',
  });
});
afterAll(() => t?.close());

const feedUrl = (calendarId: number) => `/v1/admin/booking-calendars/${calendarId}/feed`;

/** The feed's path on this server from its address. */
function pathOf(url: string): string {
  expect(url.startsWith(`${publicUrl}/feeds/calendars/`)).toBe(true);
  return url.slice(publicUrl.length);
}

function fetchFeed(path: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: path, headers });
}

/** The feed's events by UID. */
function eventsOf(text: string): Map<string, VEvent> {
  const parsed = ical.sync.parseICS(text);
  const events = new Map<string, VEvent>();
  for (const item of Object.values(parsed)) if (item?.type === 'VEVENT') events.set(item.uid, item as VEvent);
  return events;
}

const uidOf = (bookingId: number) => `booking-${bookingId}-license-${owner.license.id}@reservas.example.com`;

/** A booking written straight to the table: the API refuses starts in the past. */
async function insertBooking(calendarId: number, startsAt: Date, minutes = 60, status = 'confirmed') {
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      licenseId: owner.license.id,
      bookingCalendarId: calendarId,
      productId: product.id,
      customerId: customer.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes * 60_000),
      quantity: 1,
      spaces: 1,
      priceCents: 1000,
      status: status as 'confirmed' | 'cancelled',
    })
    .returning({ id: bookings.id });
  return row!.id;
}

/** The company day `days` from now (UTC date), at `time` in the company's zone, as the API takes it. */
function localStart(days: number, time = '10:00'): string {
  return `${new Date(Date.now() + days * dayMs).toISOString().slice(0, 10)}T${time}`;
}

/**
 * The instant a feed's local DATE-TIME denotes under its own VTIMEZONE (not the parser's zone database):
 * the observance whose onset is the last at or before it (onsets read as local time in TZOFFSETFROM).
 */
function resolveWithVtimezone(text: string, local: string): number {
  const block = /BEGIN:VTIMEZONE\r\n([\s\S]*?)END:VTIMEZONE/.exec(text)![1]!;
  const offset = (v: string) =>
    (v[0] === '-' ? -1 : 1) * (Number(v.slice(1, 3)) * 60 + Number(v.slice(3, 5))) * 60_000;
  const wall = (v: string) =>
    Date.UTC(
      +v.slice(0, 4),
      +v.slice(4, 6) - 1,
      +v.slice(6, 8),
      +v.slice(9, 11),
      +v.slice(11, 13),
      +v.slice(13, 15),
    );
  const observances = [
    ...block.matchAll(/BEGIN:(?:STANDARD|DAYLIGHT)\r\n([\s\S]*?)END:(?:STANDARD|DAYLIGHT)/g),
  ]
    .map((m) => {
      const field = (name: string) => new RegExp(`^${name}:(.+)$`, 'm').exec(m[1]!)![1]!.trim();
      return {
        onset: wall(field('DTSTART')) - offset(field('TZOFFSETFROM')),
        to: offset(field('TZOFFSETTO')),
      };
    })
    .sort((a, b) => a.onset - b.onset);
  const w = wall(local);
  // The first reading (RFC 5545: a repeated local time is its first occurrence).
  let found: number | undefined;
  for (const o of observances) {
    const instant = w - o.to;
    const inForce = observances.filter((x) => x.onset <= instant).at(-1);
    if (inForce === o && (found === undefined || instant < found)) found = instant;
  }
  expect(found, `no observance for ${local}`).toBeDefined();
  return found!;
}

/** The instants of an event's DTSTART/DTEND as written (TZID local or UTC), read with the feed's VTIMEZONE. */
function writtenInstants(text: string, uid: string): { start: number; end: number } {
  const unfolded = text.replace(/\r\n /g, '');
  const block = unfolded.split('BEGIN:VEVENT').find((b) => b.includes(`UID:${uid}\r\n`))!;
  const read = (name: string) => {
    const m = new RegExp(`^${name}(;TZID=([^:]+))?:(\\d{8}T\\d{6})(Z?)$`, 'm').exec(block)!;
    if (m[4] === 'Z')
      return Date.parse(
        `${m[3]!.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})/, '$1-$2-$3T$4:$5:$6')}Z`,
      );
    expect(m[2]).toBe('Europe/Madrid');
    return resolveWithVtimezone(text, m[3]!);
  };
  return { start: read('DTSTART'), end: read('DTEND') };
}

describe('the staff API', () => {
  it('has no feed at first, makes one, shows the same address again, regenerates and revokes it', async () => {
    const cal = await createCalendar(t, owner.token);
    const none = await call(t, 'GET', feedUrl(cal.id), { token: owner.token });
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();

    const made = await call(t, 'POST', feedUrl(cal.id), { token: owner.token });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { url, createdAt } = made.body.data;
    expect(url).toMatch(/^https:\/\/reservas\.example\.com\/feeds\/calendars\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(Math.abs(Date.parse(createdAt) - Date.now())).toBeLessThan(60_000);
    const again = await call(t, 'GET', feedUrl(cal.id), { token: owner.token });
    expect(again.body.data).toEqual({ url, createdAt });
    expect((await fetchFeed(pathOf(url))).statusCode).toBe(200);

    // Regenerating: a new address, the old one stops at once.
    const renewed = await call(t, 'POST', feedUrl(cal.id), { token: owner.token });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.url).not.toBe(url);
    expect((await fetchFeed(pathOf(url))).statusCode).toBe(404);
    expect((await fetchFeed(pathOf(renewed.body.data.url))).statusCode).toBe(200);
    expect((await call(t, 'GET', feedUrl(cal.id), { token: owner.token })).body.data.url).toBe(
      renewed.body.data.url,
    );

    // Revoking: no address, the last one 404; revoking again is no error.
    const revoked = await call(t, 'DELETE', feedUrl(cal.id), { token: owner.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual({ ok: true });
    expect((await call(t, 'GET', feedUrl(cal.id), { token: owner.token })).body.data).toBeNull();
    expect((await fetchFeed(pathOf(renewed.body.data.url))).statusCode).toBe(404);
    expect((await call(t, 'DELETE', feedUrl(cal.id), { token: owner.token })).status).toBe(200);
  });

  it('keeps the token sealed: the table holds its hash and ciphertext, never the token', async () => {
    const cal = await createCalendar(t, owner.token);
    const { url } = (await call(t, 'POST', feedUrl(cal.id), { token: owner.token })).body.data;
    const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!;
    const result = await t.database.db.execute(
      sql`select token_hash, token_sealed, created_by from calendar_feeds where booking_calendar_id = ${cal.id}`,
    );
    const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.created_by).toBe(owner.admin.id);
  });

  it("answers 404 for another license's calendar and an unknown one, and touches neither", async () => {
    const other = await company(t);
    const theirs = await createCalendar(t, other.token);
    const made = await call(t, 'POST', feedUrl(theirs.id), { token: other.token });
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(t, method, feedUrl(theirs.id), { token: owner.token })).status).toBe(404);
      expect((await call(t, method, feedUrl(999_999), { token: owner.token })).status).toBe(404);
    }
    // Their address still works, unchanged.
    expect((await call(t, 'GET', feedUrl(theirs.id), { token: other.token })).body.data.url).toBe(
      made.body.data.url,
    );
    expect((await fetchFeed(pathOf(made.body.data.url))).statusCode).toBe(200);
  });

  it('needs the calendar rights, and bookings_find to see or make an address', async () => {
    const cal = await createCalendar(t, owner.token);
    const grant = (...permissions: string[]) =>
      createEmployee(
        t,
        owner.code,
        owner.token,
        permissions.map((permission) => ({ scope: 'can_do' as const, permission })),
      );
    expect((await call(t, 'GET', feedUrl(cal.id))).status).toBe(401);

    const calendarsOnly = await grant('bookingCalendars_find', 'bookingCalendars_edit');
    expect((await call(t, 'GET', feedUrl(cal.id), { token: calendarsOnly.token })).status).toBe(403);
    expect((await call(t, 'POST', feedUrl(cal.id), { token: calendarsOnly.token })).status).toBe(403);

    const viewer = await grant('bookingCalendars_find', 'bookings_find');
    expect((await call(t, 'GET', feedUrl(cal.id), { token: viewer.token })).status).toBe(200);
    expect((await call(t, 'POST', feedUrl(cal.id), { token: viewer.token })).status).toBe(403);
    expect((await call(t, 'DELETE', feedUrl(cal.id), { token: viewer.token })).status).toBe(403);

    const editor = await grant('bookingCalendars_find', 'bookingCalendars_edit', 'bookings_find');
    const made = await call(t, 'POST', feedUrl(cal.id), { token: editor.token });
    expect(made.status).toBe(200);
    expect((await call(t, 'GET', feedUrl(cal.id), { token: viewer.token })).body.data.url).toBe(
      made.body.data.url,
    );

    // Revoking gives nobody anything: the calendar's edit right is enough.
    const revoker = await grant('bookingCalendars_edit');
    expect((await call(t, 'DELETE', feedUrl(cal.id), { token: revoker.token })).status).toBe(200);
    expect((await fetchFeed(pathOf(made.body.data.url))).statusCode).toBe(404);
  });

  it('goes with its calendar', async () => {
    const cal = await createCalendar(t, owner.token);
    const { url } = (await call(t, 'POST', feedUrl(cal.id), { token: owner.token })).body.data;
    expect(
      (await call(t, 'DELETE', `/v1/admin/booking-calendars/${cal.id}`, { token: owner.token })).status,
    ).toBe(200);
    expect((await fetchFeed(pathOf(url))).statusCode).toBe(404);
  });
});

describe('the feed', () => {
  let feedPath: string;
  const made: Record<string, Booking | number> = {};

  beforeAll(async () => {
    feedPath = pathOf((await call(t, 'POST', feedUrl(calendar.id), { token: owner.token })).body.data.url);
    const book = (
      startsAt: string,
      overrides: { calendarId?: number; quantity?: number; notes?: string } = {},
    ) =>
      createBooking(t, owner.token, {
        bookingCalendarId: overrides.calendarId ?? calendar.id,
        productId: product.id,
        customerId: customer.id,
        startsAt,
        quantity: overrides.quantity ?? 1,
        notes: overrides.notes,
      });
    made.tomorrow = await book(localStart(1), {
      quantity: 2,
      notes: 'Alergia al aceite de almendras; sin perfume',
    });
    made.in89Days = await book(localStart(89, '17:30'));
    made.in91Days = await book(localStart(91));
    made.otherCalendar = await book(localStart(1), { calendarId: otherCalendar.id });
    const cancelled = await book(localStart(2));
    const res = await call(t, 'PUT', `/v1/admin/bookings/${cancelled.id}`, {
      token: owner.token,
      payload: {
        bookingCalendarId: calendar.id,
        customerId: customer.id,
        startsAt: cancelled.startsAt,
        quantity: 1,
        notes: null,
        price: 10,
        status: 'cancelled',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    made.cancelled = cancelled;
    made.days29Ago = await insertBooking(calendar.id, new Date(Date.now() - 29 * dayMs));
    made.days31Ago = await insertBooking(calendar.id, new Date(Date.now() - 31 * dayMs));
  });

  const idOf = (key: string) => {
    const v = made[key]!;
    return typeof v === 'number' ? v : v.id;
  };

  it('is text/calendar, cached privately, with an ETag that answers 304', async () => {
    const res = await fetchFeed(feedPath);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    // Nothing changed: the same bytes, the same tag, and 304 for who has them.
    const again = await fetchFeed(feedPath);
    expect(again.body).toBe(res.body);
    expect(again.headers.etag).toBe(etag);
    const notModified = await fetchFeed(feedPath, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('holds the bookings of the last 30 and next 90 days, not cancelled ones or other calendars', async () => {
    const res = await fetchFeed(feedPath);
    const events = eventsOf(res.body);
    expect([...events.keys()].sort()).toEqual(
      ['days29Ago', 'tomorrow', 'in89Days'].map((k) => uidOf(idOf(k))).sort(),
    );
    for (const key of ['days29Ago', 'tomorrow', 'in89Days']) {
      const event = events.get(uidOf(idOf(key)))!;
      const booking = made[key]!;
      if (typeof booking !== 'number') {
        expect(event.start.getTime(), key).toBe(Date.parse(booking.startsAt));
        expect(event.end!.getTime(), key).toBe(Date.parse(booking.endsAt));
        expect(writtenInstants(res.body, uidOf(booking.id))).toEqual({
          start: Date.parse(booking.startsAt),
          end: Date.parse(booking.endsAt),
        });
      }
    }
  });

  it('tells the product, the customer, the quantity, how to reach them and the notes', async () => {
    const res = await fetchFeed(feedPath);
    expect(res.body).toContain('X-WR-CALNAME:Sala Azul\\, planta 1');
    expect(res.body).toContain('X-WR-TIMEZONE:Europe/Madrid');
    expect(res.body).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Madrid\r\n/);
    expect(res.body).toMatch(/DTSTART;TZID=Europe\/Madrid:\d{8}T100000/);
    const event = eventsOf(res.body).get(uidOf(idOf('tomorrow')))!;
    expect(event.summary).toBe('Masaje ×2 · Ana García');
    expect(event.description).toBe(
      '+34 689 921 849\nana@example.com\n\nAlergia al aceite de almendras; sin perfume',
    );
    expect(event.status).toBe('CONFIRMED');
    // Every line within 75 octets, CRLF throughout; DTSTAMP in UTC.
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(res.body.replace(/\r\n/g, '')).not.toContain('\n');
    expect(res.body).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
  });

  it('changes (and its ETag with it) when a booking does', async () => {
    const before = await fetchFeed(feedPath);
    const id = await insertBooking(calendar.id, new Date(Date.now() + 3 * dayMs));
    const after = await fetchFeed(feedPath, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(eventsOf(after.body).has(uidOf(id))).toBe(true);
    await t.database.db.execute(sql`delete from bookings where id = ${id}`);
  });

  it('answers 404 to an unknown, malformed or revoked token, and stops a loop', async () => {
    const unknown = `/feeds/calendars/${'A'.repeat(43)}.ics`;
    expect((await fetchFeed(unknown)).statusCode).toBe(404);
    expect((await fetchFeed('/feeds/calendars/short.ics')).statusCode).toBe(404);
    expect((await fetchFeed(feedPath.replace(/\.ics$/, '.txt'))).statusCode).toBe(404);
    const limited = `/feeds/calendars/${'B'.repeat(43)}.ics`;
    const statuses: number[] = [];
    for (let i = 0; i <= feedRateLimit.max; i++) statuses.push((await fetchFeed(limited)).statusCode);
    expect(statuses.slice(0, feedRateLimit.max).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another token from the same address is not held back.
    expect((await fetchFeed(feedPath)).statusCode).toBe(200);
  });

  it("stops when the company's license is switched off", async () => {
    const other = await company(t);
    const cal = await createCalendar(t, other.token);
    const path = pathOf((await call(t, 'POST', feedUrl(cal.id), { token: other.token })).body.data.url);
    expect((await fetchFeed(path)).statusCode).toBe(200);
    await t.database.db.execute(sql`update licenses set status = 'inactive' where id = ${other.license.id}`);
    expect((await fetchFeed(path)).statusCode).toBe(404);
  });
});

describe('the feed across the daylight saving changes (Europe/Madrid)', () => {
  let token: string;
  let dst: BookingCalendar;

  beforeAll(async () => {
    dst = await createCalendar(t, owner.token);
    const { url } = (await call(t, 'POST', feedUrl(dst.id), { token: owner.token })).body.data;
    token = /([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!;
  });

  /** Bookings at these UTC instants, and the feed at `now`, parsed: each event's instants both ways. */
  async function check(now: string, starts: { at: string; minutes: number }[], outside: string[] = []) {
    const ids: number[] = [];
    for (const s of starts) ids.push(await insertBooking(dst.id, new Date(s.at), s.minutes));
    const away: number[] = [];
    for (const at of outside) away.push(await insertBooking(dst.id, new Date(at)));
    const feed = await t.services.calendarFeeds.feed(token, new Date(now));
    const text = feed!.body;
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Madrid\r\n/);
    expect(text).toContain('BEGIN:DAYLIGHT');
    expect(text).toContain('BEGIN:STANDARD');
    const events = eventsOf(text);
    starts.forEach((s, i) => {
      const event = events.get(uidOf(ids[i]!))!;
      const start = Date.parse(s.at);
      const end = start + s.minutes * 60_000;
      expect(event, s.at).toBeDefined();
      expect(event.start.getTime(), s.at).toBe(start);
      expect(event.end!.getTime(), s.at).toBe(end);
      expect(writtenInstants(text, uidOf(ids[i]!)), s.at).toEqual({ start, end });
    });
    for (const id of away) expect(events.has(uidOf(id))).toBe(false);
    await t.database.db.execute(sql`delete from bookings where booking_calendar_id = ${dst.id}`);
    return text;
  }

  it('writes the same text, so the same ETag, as the window moves on without a booking crossing its edges', async () => {
    await insertBooking(dst.id, new Date('2027-03-10T09:00:00Z'));
    const at = (iso: string) => t.services.calendarFeeds.feed(token, new Date(iso));
    const [first, hourLater, dayLater] = await Promise.all([
      at('2027-03-01T12:00:00Z'),
      at('2027-03-01T13:00:00Z'),
      at('2027-03-02T12:00:00Z'),
    ]);
    expect(hourLater).toEqual(first);
    expect(dayLater).toEqual(first);
    // The VTIMEZONE covers whole years: 2027 from its first day.
    expect(first!.body).toMatch(
      /BEGIN:VTIMEZONE\r\nTZID:Europe\/Madrid\r\nBEGIN:STANDARD\r\nDTSTART:20270101T010000\r\n/,
    );
    await t.database.db.execute(sql`delete from bookings where booking_calendar_id = ${dst.id}`);
  });

  it('spring forward, last Sunday of March: the local times on either side and across the gap', async () => {
    // 28 March 2027: 02:00 CET becomes 03:00 CEST at 01:00 UTC.
    const text = await check(
      '2027-03-01T12:00:00Z',
      [
        { at: '2027-03-27T09:00:00Z', minutes: 60 }, // Saturday 10:00 CET
        { at: '2027-03-28T00:30:00Z', minutes: 60 }, // 01:30 CET → 03:30 CEST: an hour across the gap
        { at: '2027-03-28T08:00:00Z', minutes: 60 }, // Sunday 10:00 CEST
        { at: '2027-03-29T08:00:00Z', minutes: 90 }, // Monday 10:00 CEST
        { at: '2027-01-30T13:00:00Z', minutes: 60 }, // 29 days before now
      ],
      ['2027-01-29T11:00:00Z', '2027-05-30T13:00:00Z'], // 31 days before, 90 days and 1 hour after
    );
    expect(text).toContain('DTSTART;TZID=Europe/Madrid:20270328T013000');
    expect(text).toContain('DTEND;TZID=Europe/Madrid:20270328T033000');
    expect(text).toContain('DTSTART;TZID=Europe/Madrid:20270328T100000');
    expect(text).toContain('DTSTART;TZID=Europe/Madrid:20270327T100000');
    expect(text).toMatch(
      /BEGIN:DAYLIGHT\r\nDTSTART:20270328T020000\r\nTZOFFSETFROM:\+0100\r\nTZOFFSETTO:\+0200\r\n/,
    );
  });

  it('fall back, last Sunday of October: what touches the repeated hour in UTC, the rest local', async () => {
    // 25 October 2026: 03:00 CEST becomes 02:00 CET at 01:00 UTC; 02:00–03:00 happens twice.
    const text = await check('2026-10-01T12:00:00Z', [
      { at: '2026-10-24T08:00:00Z', minutes: 60 }, // Saturday 10:00 CEST
      { at: '2026-10-25T00:15:00Z', minutes: 30 }, // 02:15–02:45 CEST, the first pass
      { at: '2026-10-25T00:30:00Z', minutes: 60 }, // 02:30 CEST → 02:30 CET: local times alike
      { at: '2026-10-25T01:15:00Z', minutes: 30 }, // 02:15–02:45 CET, the second pass
      { at: '2026-10-25T09:00:00Z', minutes: 60 }, // Sunday 10:00 CET
      { at: '2026-10-26T09:00:00Z', minutes: 60 }, // Monday 10:00 CET
    ]);
    expect(text).toContain('DTSTART:20261025T001500Z');
    expect(text).toContain('DTSTART:20261025T011500Z');
    expect(text).toContain('DTSTART:20261025T003000Z');
    expect(text).toContain('DTSTART;TZID=Europe/Madrid:20261025T100000');
    expect(text).toMatch(
      /BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:\+0200\r\nTZOFFSETTO:\+0100\r\n/,
    );
  });
});

describe('a busy calendar', () => {
  it('reads and writes 3,570 bookings of the window in one go', { timeout: 120_000 }, async () => {
    const busy = await createCalendar(t, owner.token);
    const { url } = (await call(t, 'POST', feedUrl(busy.id), { token: owner.token })).body.data;
    // 30 a day over the 120 days, every 15 minutes from 06:00 UTC, and a year more outside the window.
    await t.database.db.execute(sql`
      insert into bookings (license_id, booking_calendar_id, product_id, customer_id, starts_at, ends_at,
        quantity, spaces, price_cents)
      select ${owner.license.id}::int, ${busy.id}::int, ${product.id}::int, ${customer.id}::int, s, s + interval '15 minutes', 1, 1, 1000
      from generate_series(date_trunc('day', now()) - interval '29 days', date_trunc('day', now()) + interval '89 days',
        interval '1 day') d,
        generate_series(0, 29) k,
        lateral (select d + interval '6 hours' + k * interval '15 minutes' as s) x
      union all
      select ${owner.license.id}::int, ${busy.id}::int, ${product.id}::int, ${customer.id}::int, s, s + interval '15 minutes', 1, 1, 1000
      from generate_series(date_trunc('day', now()) + interval '100 days', date_trunc('day', now()) + interval '465 days',
        interval '6 hours') s`);
    const started = performance.now();
    const res = await fetchFeed(pathOf(url));
    const elapsed = performance.now() - started;
    console.log(`feed of ${119 * 30} bookings: ${Math.round(elapsed)} ms`);
    expect(res.statusCode).toBe(200);
    expect(eventsOf(res.body).size).toBe(119 * 30);
    // A generous bound for a shared CI machine: 0.7–1.6 s on PGlite or PostgreSQL on two busy cores, most
    // of it ical-generator writing 1.2 MB of text (the statement itself: 15 ms for 1,300 rows).
    expect(elapsed).toBeLessThan(5_000);
  });
});
