import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed logins per key (`u:<license>:<username>` or `a:<address>`), shared by every API process and
 * kept across restarts. A row whose window has passed and whose lock has ended counts as none.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('login_throttle_first_at_idx').on(t.firstAt)],
);
