import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { licenses } from '../licenses/licenses.table.js';

/** One row per license: the public settings as JSON, secrets encrypted in their own column. */
export const companySettings = pgTable('company_settings', {
  licenseId: integer('license_id')
    .primaryKey()
    .references(() => licenses.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
