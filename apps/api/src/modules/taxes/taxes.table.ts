import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { licenses } from '../licenses/licenses.table.js';

export const taxes = pgTable(
  'taxes',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hundredths of a percent: 2100 is 21 %. */
    percentage: integer('percentage').notNull(),
  },
  (t) => [index('taxes_license_name_idx').on(t.licenseId, t.name, t.id)],
);
