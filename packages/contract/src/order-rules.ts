import type { ErrorKey } from './errors.js';
import { type OrderStatus, orderStatuses, type PaymentMethod, paymentMethods } from './order-values.js';
import type { Permission } from './permissions.js';

/**
 * The sales rules the API enforces and the web shows, as pure functions over an order's fields (an `Order`
 * or the list's `OrderListItem` fits; `lines` may be left out where it is not known).
 */
export interface OrderRuleFacts {
  status: OrderStatus;
  originalOrderId: number | null;
  invoiceCode?: string | null;
  paymentDate?: string | null;
  paymentTransactionToken?: string | null;
  lines?: readonly { refundedQuantity: number }[];
}

/**
 * Why an order's money no longer changes (409 `orderMoneyLocked`), most telling first, or null while it
 * may be edited: a refund, an order with refunds, a paid order. A cash register counts only paid and
 * refunded orders, so what a closed register counted is locked by these already; a draft left on a
 * closed register is not counted there, and moves to the open register when it is paid.
 */
export type OrderLockReason = 'refund' | 'refunded' | 'paid';

/** Whether any of the order's units have been given back (a wholly or partly refunded order). */
export function hasRefunds(order: Pick<OrderRuleFacts, 'status' | 'lines'>): boolean {
  return order.status === 'refunded' || (order.lines ?? []).some((line) => line.refundedQuantity > 0);
}

export function orderLockReason(order: OrderRuleFacts): OrderLockReason | null {
  if (order.originalOrderId !== null) return 'refund';
  if (hasRefunds(order)) return 'refunded';
  if (order.status === 'paid') return 'paid';
  return null;
}

/**
 * Whether the order's money-bearing fields (lines, quantities, unit prices, discounts, payment method,
 * status) are read-only. Its notes stay editable, and its customer until it is invoiced.
 */
export function isOrderLocked(order: OrderRuleFacts): boolean {
  return orderLockReason(order) !== null;
}

/** Whether the order's customer may still be set or changed (409 `invoicedOrderCustomerLocked` once invoiced). */
export function canChangeOrderCustomer(order: Pick<OrderRuleFacts, 'invoiceCode'>): boolean {
  return !order.invoiceCode;
}

/** Position of a status in the order's life: draft → awaiting_payment → paid → refunded. */
export function orderStatusRank(status: OrderStatus): number {
  return orderStatuses.indexOf(status);
}

/** Whether going from one status to another moves backwards (409 `orderStatusBackwards`). */
export function isStatusBackwards(from: OrderStatus, to: OrderStatus): boolean {
  return orderStatusRank(to) < orderStatusRank(from);
}

/**
 * Why an order may not be deleted, or null when it may: an invoiced order is `orderHasInvoice`; anything but
 * a draft or an awaiting-payment order without a payment or refunds (a refund is itself paid) is
 * `orderNotDeletable`.
 */
export function orderDeleteRefusal(
  order: OrderRuleFacts,
): Extract<ErrorKey, 'orderHasInvoice' | 'orderNotDeletable'> | null {
  if (order.invoiceCode) return 'orderHasInvoice';
  if (order.status !== 'draft' && order.status !== 'awaiting_payment') return 'orderNotDeletable';
  if (order.originalOrderId !== null) return 'orderNotDeletable';
  if (order.paymentDate || order.paymentTransactionToken) return 'orderNotDeletable';
  if (hasRefunds(order)) return 'orderNotDeletable';
  return null;
}

export function canDeleteOrder(order: OrderRuleFacts): boolean {
  return orderDeleteRefusal(order) === null;
}

/** A user's `can_do` permissions: a set of them, or a `can(permission)` function. */
export type PermissionCheck = ReadonlySet<string> | ((permission: Permission) => boolean);

const holds = (permissions: PermissionCheck, permission: Permission) =>
  typeof permissions === 'function' ? permissions(permission) : permissions.has(permission);

/** The permission selling with a payment method needs: cash and card `sales_physical`, the rest `sales_online`. */
export function paymentMethodPermission(method: PaymentMethod): Permission {
  return method === 'cash' || method === 'card' ? 'sales_physical' : 'sales_online';
}

/** The payment methods a user may sell (and refund) with, in the catalogue's order. */
export function allowedPaymentMethods(permissions: PermissionCheck): PaymentMethod[] {
  return paymentMethods.filter((method) => holds(permissions, paymentMethodPermission(method)));
}
