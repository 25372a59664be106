import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { licenses } from '../licenses/licenses.table.js';

export const customFields = pgTable(
  'custom_fields',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull().default('text'),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('custom_fields_license_entity_idx').on(t.licenseId, t.entity, t.position)],
);
