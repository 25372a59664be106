import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { licenses } from '../licenses/licenses.table.js';

/** Who did what, when: support log-ins and other sensitive actions. */
export const auditLog = pgTable(
  'audit_log',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_license_created_idx').on(t.licenseId, t.createdAt)],
);
