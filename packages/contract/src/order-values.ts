/**
 * Orders' value lists, without zod: the orders and bookings lists read them without the schemas (orders.ts
 * re-exports them).
 */

export const paymentMethods = ['cash', 'online', 'card', 'transfer', 'external_billing', 'credit'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** Cash and card are physical sales: they need an open cash register and `sales_physical`. */
export const physicalPaymentMethods: readonly PaymentMethod[] = ['cash', 'card'];

export const orderStatuses = ['draft', 'awaiting_payment', 'paid', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
