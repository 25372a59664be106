import type { CashCount, CashRegisterFigures } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { users } from '../employees/employees.table.js';
import { files } from '../files/files.table.js';
import { licenses } from '../licenses/licenses.table.js';

/** What closing stores: the register's figures and the drawer as counted. */
export type ClosingFigures = CashRegisterFigures & { cashCount?: CashCount };

/**
 * A cash register session, from opening (initial cash) to closing (notes, the figures as they were, the
 * report). At most one open per license: the partial unique index makes parallel opens take turns.
 */
export const cashRegisters = pgTable(
  'cash_registers',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openedBy: integer('opened_by').references(() => users.id, { onDelete: 'set null' }),
    initialAmountCents: integer('initial_amount_cents').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    /**
     * The figures at closing (euros, as the summary answers them) with the cash counted then (absent from
     * registers closed before closing asked for it); null while open.
     */
    closingFigures: jsonb('closing_figures').$type<ClosingFigures>(),
    reportFileId: integer('report_file_id').references(() => files.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('cash_registers_one_open_idx').on(t.licenseId).where(sql`${t.closedAt} is null`),
    // The history's default sort: startsAt desc, id breaking ties.
    index('cash_registers_license_opened_idx').on(
      t.licenseId,
      t.openedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
