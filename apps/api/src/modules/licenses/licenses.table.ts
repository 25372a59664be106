import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';

/** The tenants. The platform license (is_platform) sells the others. */
export const licenses = pgTable(
  'licenses',
  {
    ...baseColumns,
    name: text('name').notNull(),
    code: text('code').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    customerId: integer('customer_id'),
    productId: integer('product_id'),
    isPlatform: boolean('is_platform').notNull().default(false),
  },
  (t) => [
    uniqueIndex('licenses_code_key').on(t.code),
    uniqueIndex('licenses_single_platform').on(t.isPlatform).where(sql`${t.isPlatform}`),
  ],
);
