import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { cashRegisters } from '../cash-registers/cash-registers.table.js';
import { licenses } from '../licenses/licenses.table.js';
import { products } from '../products/products.table.js';
import { orders } from './orders.table.js';

/**
 * An order's lines. A product in a line cannot be deleted (1000020) nor change type (1000044). Money in
 * cents, VAT included: total = quantity × unit price − discount; tax base = total / (1 + tax).
 */
export const orderLines = pgTable(
  'order_lines',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    /** The product's tax when sold, in hundredths of a percent (2100 is 21 %). */
    taxPercentage: integer('tax_percentage').notNull().default(0),
    taxBaseCents: integer('tax_base_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    /** How many units later refunds have taken back. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /** On a refund's line: the original order's line it gives back (quantity and amounts negative). */
    originalLineId: integer('original_line_id').references((): AnyPgColumn => orderLines.id),
    /**
     * The line charges a booking made before it (in the calendar): removing the line or deleting its order
     * unlinks that booking instead of removing it, as it does with the bookings the order made.
     */
    chargesBooking: boolean('charges_booking').notNull().default(false),
    /**
     * The order's register, copied here by the repository whenever the order's changes: a register's
     * product lines are read from this index alone, never by walking the license's lines.
     */
    cashRegisterId: integer('cash_register_id').references(() => cashRegisters.id),
  },
  (t) => [
    index('order_lines_license_order_idx').on(t.licenseId, t.orderId, t.id),
    // Migration 0024 adds INCLUDE (product_id, quantity, total_cents) by hand: the sales report reads a
    // period's lines from the index alone. Drizzle has no INCLUDE, keep it when regenerating.
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_cash_register_idx')
      .on(t.cashRegisterId, t.orderId, t.productId, t.unitPriceCents, t.quantity, t.totalCents)
      .where(sql`${t.cashRegisterId} is not null`),
    index('order_lines_original_idx').on(t.originalLineId).where(sql`${t.originalLineId} is not null`),
  ],
);
