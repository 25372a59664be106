import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { users } from '../employees/employees.table.js';
import { licenses } from '../licenses/licenses.table.js';

/** Opaque bearer tokens: only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The session's last use, kept to the minute: a session not remembered ends after SESSION_IDLE_MINUTES idle. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    remember: boolean('remember').notNull().default(false),
    /** The support user who opened this session as `userId`, if any. */
    supportUserId: integer('support_user_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);
