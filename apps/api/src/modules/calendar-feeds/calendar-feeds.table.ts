import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { users } from '../employees/employees.table.js';
import { licenses } from '../licenses/licenses.table.js';

/**
 * A booking calendar's private iCal feed (`PUBLIC_URL/feeds/calendars/<token>.ics`), at most one per
 * calendar. The token (256 random bits, lib/tokens.ts) is found by its SHA-256 (`token_hash`) and also kept
 * sealed with the SecretBox (`token_sealed`) so staff can copy the same address again on another device;
 * the database alone does not give it away. Regenerating replaces the row's token (the old address stops
 * at once); revoking deletes the row; the calendar's delete takes it along.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    bookingCalendarId: integer('booking_calendar_id')
      .notNull()
      .references(() => bookingCalendars.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    /** When this token was made: a regeneration renews it. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_calendar_key').on(t.bookingCalendarId),
    uniqueIndex('calendar_feeds_token_key').on(t.tokenHash),
  ],
);
