import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
  (t) => [
    index('custom_fields_license_entity_idx').on(t.licenseId, t.entity, t.position),
    // One name per entity, case aside: two creates with the same name at once, the index decides.
    uniqueIndex('custom_fields_license_entity_name_key').on(t.licenseId, t.entity, sql`lower(${t.name})`),
  ],
);
