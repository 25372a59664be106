import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { bookings } from '../bookings/bookings.table.js';
import { customers } from '../customers/customers.table.js';
import { users } from '../employees/employees.table.js';
import { licenses } from '../licenses/licenses.table.js';
import { orderLines } from '../orders/order-lines.table.js';
import { orders } from '../orders/orders.table.js';
import { products } from '../products/products.table.js';

/** A pack's balance counts sessions; a credit's counts cents. */
export type BalanceKind = 'pack' | 'credit';

/**
 * What a customer holds after buying a pack (sessions of the products the pack names) or a credit (money).
 * One row per unit sold. `remaining` never goes below 0 (the check refuses it, so two parallel spends of
 * the last session cannot both pass); every change is a row of balance_movements.
 */
export const customerBalances = pgTable(
  'customer_balances',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The pack or credit product sold. */
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The order line that sold it. */
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<BalanceKind>().notNull(),
    /** Sessions (pack) or cents (credit) granted. */
    initial: integer('initial').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('customer_balances_customer_idx').on(t.licenseId, t.customerId, t.kind, t.id),
    index('customer_balances_product_idx').on(t.productId),
    index('customer_balances_order_line_idx').on(t.orderLineId).where(sql`${t.orderLineId} is not null`),
    check('customer_balances_remaining_check', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.initial}`),
  ],
);

/** Why a balance moved. */
export type BalanceMovementReason =
  | 'granted'
  | 'booking'
  | 'booking_returned'
  | 'order'
  | 'refund'
  | 'revoked';

/** Every change of a balance: `delta` sessions or cents (negative when spent), with what caused it. */
export const balanceMovements = pgTable(
  'balance_movements',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    balanceId: integer('balance_id')
      .notNull()
      .references((): AnyPgColumn => customerBalances.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').$type<BalanceMovementReason>().notNull(),
    bookingId: integer('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('balance_movements_balance_idx').on(t.balanceId, t.createdAt, t.id),
    index('balance_movements_booking_idx').on(t.bookingId).where(sql`${t.bookingId} is not null`),
    index('balance_movements_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);
