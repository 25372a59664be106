import type { CommissionType } from '@mostrador/contract';
import { type SQL, sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { foldedSearchText } from '../../lib/search.js';
import { customers } from '../customers/customers.table.js';
import { licenses } from '../licenses/licenses.table.js';

export type SupplierStatus = 'inactive' | 'active';

/**
 * Someone whose products the company sells for a commission. A supplier with products cannot be deleted
 * (products.supplier_id restricts); the customer it is linked to is kept apart (set null when removed).
 */
export const suppliers = pgTable(
  'suppliers',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status').$type<SupplierStatus>().notNull().default('inactive'),
    /** The day the supplier starts (the company's calendar day). */
    startsAt: date('starts_at', { mode: 'string' }),
    commissionType: text('commission_type').$type<CommissionType>(),
    /** Hundredths: cents for `money`, hundredths of a percent for `percentage`. */
    commissionQuantity: integer('commission_quantity'),
    /** supplierAutomaticActivation: a new supplier of this kind starts active. */
    automaticActivation: boolean('automatic_activation').notNull().default(false),
    appLoginUrl: text('app_login_url'),
    passwordChangeUrl: text('password_change_url'),
    /** What the free-text search reads, kept by PostgreSQL itself; a trigram index serves substrings. */
    searchText: text('search_text').generatedAlwaysAs((): SQL => foldedSearchText(['name'])),
  },
  (t) => [
    // The list's default sort: name asc, id breaking ties.
    index('suppliers_license_name_idx').on(t.licenseId, t.name, t.id),
    index('suppliers_customer_idx').on(t.customerId).where(sql`${t.customerId} is not null`),
    index('suppliers_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
