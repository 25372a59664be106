import type { PaymentGateway, PaymentKind, PaymentStatus } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { licenses } from '../licenses/licenses.table.js';
import { orders } from '../orders/orders.table.js';

/**
 * The payment link of an online order awaiting payment (`PUBLIC_URL/pay/{token}`): one per order. The
 * token is found by its SHA-256 (`token_hash`); it is also kept encrypted (`token_sealed`) so the
 * order screen can show and send the same link again.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    /**
     * Set when the order's checkout was abandoned (jobs/checkouts.ts, migration 0032): the link opens no
     * new gateway exchange; a payment already under way is still settled.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_links_order_idx').on(t.orderId),
    uniqueIndex('payment_links_token_idx').on(t.tokenHash),
  ],
);

/**
 * One exchange with a gateway about an order: a checkout opened from the link (`payment`), the capture
 * of a held Redsys payment, or a refund. `reference` is the gateway's handle: the Stripe Checkout
 * Session or refund id, the Redsys order number (unique per gateway: a notification finds its payment
 * by it). Money in cents, always positive; the gateway's answer is kept as it came.
 */
export const payments = pgTable(
  'payments',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A refund's own order (the negative one), once written. */
    refundOrderId: integer('refund_order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** A capture or refund: the payment it acts on. */
    parentId: integer('parent_id'),
    kind: text('kind').$type<PaymentKind>().notNull(),
    gateway: text('gateway').$type<PaymentGateway>().notNull(),
    /** Stripe `test` or `live`; Redsys the transaction type of a payment (authorization, …). */
    mode: text('mode').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reference: text('reference').notNull(),
    transactionToken: text('transaction_token'),
    failureReason: text('failure_reason'),
    /** What the gateway last answered or notified, as it came (for support). */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('payments_reference_idx').on(t.gateway, t.reference),
    index('payments_order_idx').on(t.orderId, t.id),
    index('payments_refund_order_idx').on(t.refundOrderId).where(sql`${t.refundOrderId} is not null`),
  ],
);

/**
 * Every notification a gateway delivered and we applied, by its own id (Stripe's event id; for Redsys a
 * digest of the signed parameters): a repeated delivery finds its row and changes nothing. Refused ones
 * (a bad signature, amount or currency) leave no row: they are logged.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    gateway: text('gateway').$type<PaymentGateway>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    /** `applied`, or what else it was: `ignored` (nothing to do), `already`, `duplicate`. */
    outcome: text('outcome').notNull(),
    /**
     * Which delivery of the event this was: Stripe signs each one anew (`t=` of Stripe-Signature), so
     * the same event with the same signature again is a replay, not a retry.
     */
    deliveredAs: text('delivered_as'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_event_idx').on(t.licenseId, t.gateway, t.eventId),
    index('payment_events_payment_idx').on(t.paymentId).where(sql`${t.paymentId} is not null`),
  ],
);
