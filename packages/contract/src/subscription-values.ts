import type { PaymentMethod } from './orders.js';

/**
 * Subscriptions' value lists, without zod: the subscriptions list reads them without the schemas
 * (subscriptions.ts re-exports them).
 */

export const subscriptionStatuses = ['inactive', 'active'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * How a subscription's orders are paid. Renewals are made by the server, awaiting payment, with no cash
 * register open and no card stored: online (a payment link), transfer or external billing.
 */
export const subscriptionPaymentMethods = [
  'online',
  'transfer',
  'external_billing',
] as const satisfies readonly PaymentMethod[];
export type SubscriptionPaymentMethod = (typeof subscriptionPaymentMethods)[number];
