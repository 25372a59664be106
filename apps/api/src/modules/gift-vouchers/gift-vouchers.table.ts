import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { customers } from '../customers/customers.table.js';
import { licenses } from '../licenses/licenses.table.js';
import { orderLines } from '../orders/order-lines.table.js';
import { products } from '../products/products.table.js';

/**
 * A gift voucher: one per unit of a `bookable_gift` product sold in a paid order. Its code pays bookings
 * of that product (bookings.gift_voucher_id) until it expires or its bookings run out. `used_bookings`
 * counts the bookings it paid that still count (a booking cancelled in time gives its use back); the
 * check keeps it between 0 and the maximum, so it is never overdrawn. Status is computed: expired
 * (expires_at passed), exhausted (no bookings left), else active.
 */
export const giftVouchers = pgTable(
  'gift_vouchers',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    /** What the customer types: unique across the product, random, without look-alike characters. */
    code: text('code').notNull(),
    /** The bookable_gift product it was sold as, and books. */
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The buyer. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    /** The order line that sold it (null for a voucher made otherwise, e.g. the demo). */
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'restrict' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maximumBookings: integer('maximum_bookings').notNull(),
    usedBookings: integer('used_bookings').notNull().default(0),
  },
  (t) => [
    uniqueIndex('gift_vouchers_code_key').on(t.code),
    // The list's default sort: createdAt desc, id breaking ties.
    index('gift_vouchers_license_created_idx').on(
      t.licenseId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('gift_vouchers_customer_idx').on(t.customerId).where(sql`${t.customerId} is not null`),
    index('gift_vouchers_product_idx').on(t.productId),
    index('gift_vouchers_order_line_idx').on(t.orderLineId).where(sql`${t.orderLineId} is not null`),
    check(
      'gift_vouchers_used_bookings_check',
      sql`${t.usedBookings} >= 0 and ${t.usedBookings} <= ${t.maximumBookings}`,
    ),
  ],
);
