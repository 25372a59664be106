import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { licenses } from '../licenses/licenses.table.js';
import { products } from '../products/products.table.js';

/**
 * An order's lines; the sales work fills them and adds the orders table. A product in a line cannot be
 * deleted (1000020) nor change type (1000044).
 */
export const orderLines = pgTable(
  'order_lines',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    /** The orders table comes with the sales work; its foreign key then. */
    orderId: integer('order_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [
    index('order_lines_license_order_idx').on(t.licenseId, t.orderId, t.id),
    index('order_lines_product_idx').on(t.productId),
  ],
);
