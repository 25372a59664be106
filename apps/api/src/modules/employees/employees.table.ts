import type { UiConfig } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { licenses } from '../licenses/licenses.table.js';

export const users = pgTable(
  'users',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    uiConfig: jsonb('ui_config').$type<UiConfig>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('users_license_username_key').on(t.licenseId, sql`lower(${t.username})`),
    index('users_license_name_idx').on(t.licenseId, t.name, t.id),
  ],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ['can_do', 'can_grant'] }).notNull(),
    permission: text('permission').notNull(),
  },
  (t) => [uniqueIndex('user_permissions_entry_key').on(t.userId, t.scope, t.permission)],
);
