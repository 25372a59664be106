import type { OrderStatus, PaymentMethod } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { cashRegisters } from '../cash-registers/cash-registers.table.js';
import { customers } from '../customers/customers.table.js';
import { users } from '../employees/employees.table.js';
import { licenses } from '../licenses/licenses.table.js';

/**
 * A sale (or, with original_order_id, a refund of one). Its figures are the sums of its lines', kept here
 * for lists and the register's summary; money in cents, VAT included in the total.
 */
export const orders = pgTable(
  'orders',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    /** The order's number within the license: 1, 2, 3… */
    code: integer('code').notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    notes: text('notes'),
    taxBaseCents: integer('tax_base_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    invoiceCode: text('invoice_code'),
    paymentDate: timestamp('payment_date', { withTimezone: true }),
    paymentTransactionToken: text('payment_transaction_token'),
    originalOrderId: integer('original_order_id').references((): AnyPgColumn => orders.id),
    cashRegisterId: integer('cash_register_id').references(() => cashRegisters.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The list's default sort: createdAt desc, id breaking ties.
    index('orders_license_created_idx').on(
      t.licenseId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('orders_license_code_idx').on(t.licenseId, t.code),
    index('orders_customer_idx').on(t.customerId).where(sql`${t.customerId} is not null`),
    index('orders_original_idx').on(t.originalOrderId).where(sql`${t.originalOrderId} is not null`),
    // A register's orders (its summary).
    index('orders_cash_register_idx').on(t.cashRegisterId).where(sql`${t.cashRegisterId} is not null`),
    // Paid sales and refunds by payment date (the dashboard, the sales report). Migration 0023 adds
    // INCLUDE (total_cents, payment_method, original_order_id) by hand so the sums read the index alone:
    // drizzle has no INCLUDE, keep it when regenerating.
    index('orders_license_paid_idx')
      .on(t.licenseId, t.paymentDate)
      .where(sql`${t.status} in ('paid', 'refunded')`),
  ],
);
