import type { GoogleBrokenReason, GoogleLinkState } from '@mostrador/contract';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { users } from '../employees/employees.table.js';
import { licenses } from '../licenses/licenses.table.js';

/**
 * A booking calendar linked to a Google calendar (issue 21), one per booking calendar. Its tokens are
 * sealed with the SecretBox (AES-256-GCM). `broken`: Google no longer takes its tokens (revoked,
 * expired) or refuses the calendar; nothing is pushed and its busy times are gone until staff reconnect.
 */
export const googleCalendarLinks = pgTable(
  'google_calendar_links',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    bookingCalendarId: integer('booking_calendar_id')
      .notNull()
      .references(() => bookingCalendars.id, { onDelete: 'cascade' }),
    /** Null until staff choose one (the primary calendar is chosen when the link is made). */
    googleCalendarId: text('google_calendar_id'),
    googleCalendarName: text('google_calendar_name'),
    /** Sealed refresh token. */
    refreshToken: text('refresh_token').notNull(),
    /** Sealed access token, and when it expires. */
    accessToken: text('access_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    state: text('state').$type<GoogleLinkState>().notNull().default('ok'),
    brokenReason: text('broken_reason').$type<GoogleBrokenReason>(),
    brokenSince: timestamp('broken_since', { withTimezone: true }),
    connectedBy: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
    /** The last full push of the calendar's bookings. */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    busyRefreshedAt: timestamp('busy_refreshed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('google_calendar_links_calendar_key').on(t.bookingCalendarId),
    index('google_calendar_links_license_idx').on(t.licenseId),
  ],
);

/**
 * What was pushed for each booking of a link: the event's id at Google and a fingerprint of what it
 * says (times, product, customer, notes). The push compares the bookings with these rows, so each
 * change goes once; a row is written after Google took the change.
 */
export const googleCalendarEvents = pgTable(
  'google_calendar_events',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => googleCalendarLinks.id, { onDelete: 'cascade' }),
    /** No foreign key: a deleted booking's event must still be deleted at Google. */
    bookingId: integer('booking_id').notNull(),
    googleEventId: text('google_event_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.bookingId] })],
);

/**
 * The busy times of a linked Google calendar (free/busy) over the next 60 days, replaced at each read.
 * Each takes the whole booking calendar (every room check and availability read unions them in, as the
 * live checkout holds); a broken link's are deleted, so they stop counting.
 */
export const googleBusyTimes = pgTable(
  'google_busy_times',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => googleCalendarLinks.id, { onDelete: 'cascade' }),
    licenseId: integer('license_id').notNull(),
    bookingCalendarId: integer('booking_calendar_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // As the occupancy indexes of bookings and holds: a calendar's range by start.
    index('google_busy_times_calendar_idx').on(t.bookingCalendarId, t.startsAt, t.endsAt, t.licenseId),
    index('google_busy_times_link_idx').on(t.linkId),
  ],
);
