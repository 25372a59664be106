import type {
  PaymentPeriodicity,
  SubscriptionCancelReason,
  SubscriptionPaymentMethod,
  SubscriptionStatus,
} from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { customers } from '../customers/customers.table.js';
import { licenses } from '../licenses/licenses.table.js';
import { orders } from '../orders/orders.table.js';
import { products } from '../products/products.table.js';

/**
 * A customer's subscription to a subscription product. `inactive` until activated; activation sets
 * `anchor_at`, the start of its first payment period (the start, or the end of the free trial given at
 * the first activation; a reactivation anchors at its own moment), from which every payment period is
 * counted in the company's time zone (`subscription-periods.ts`). `cancel_at` is a cancellation at the
 * end of the period charged: the renewal job turns it inactive then. The customer and the product are
 * kept while a subscription names them (restrict: 1000109, 1000199).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    paymentPeriodicity: text('payment_periodicity').$type<PaymentPeriodicity>().notNull(),
    paymentMethod: text('payment_method').$type<SubscriptionPaymentMethod>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('inactive'),
    /** The start of payment period 0 of the current activation; null until first activated. */
    anchorAt: timestamp('anchor_at', { withTimezone: true }),
    /** The end of the free trial given at the first activation (none: null). */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Cancelled at the end of the period charged: it stays active until then. */
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').$type<SubscriptionCancelReason>(),
  },
  (t) => [
    // The list's default sort: startsAt desc, id breaking ties.
    index('subscriptions_license_starts_idx').on(
      t.licenseId,
      t.startsAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('subscriptions_customer_idx').on(t.customerId),
    index('subscriptions_product_idx').on(t.productId),
    // What the renewal job reads: the active ones.
    index('subscriptions_active_idx').on(t.id).where(sql`${t.status} = 'active'`),
    check('subscriptions_status_check', sql`${t.status} in ('inactive', 'active')`),
  ],
);

/**
 * One payment period of a subscription and the order that charges it. The unique start makes each
 * renewal happen once: whoever inserts the row (`on conflict do nothing`) places the order in the same
 * transaction; a second process, a restart or a later run finds it there. An order deleted (only while
 * its subscription is not active, 1000043) leaves its period without one.
 */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** How many of the product's service periods it covers (the order line's quantity). */
    servicePeriods: integer('service_periods').notNull(),
    amountCents: integer('amount_cents').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('subscription_periods_subscription_start_key').on(t.subscriptionId, t.startsAt),
    index('subscription_periods_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);
