import {
  canChangeOrderCustomer,
  eurosToCents,
  type FieldError,
  isStatusBackwards,
  type OrderLockReason,
  type OrderStatus,
  type orderBody,
  orderDeleteRefusal,
  orderLockReason,
  type PaymentMethod,
  type Permission,
  paymentMethodPermission,
  physicalPaymentMethods,
} from '@mostrador/contract';
import type { z } from 'zod';
import { AppError, invalid } from '../../lib/app-error.js';
import type { OrderLineRecord, OrderRow } from './orders.repository.js';

/*
 * The order rules the API enforces, as pure functions over the stored order. The decisions shared with
 * the web (what locks an order, where a status may go, what may be deleted, which permission a payment
 * method needs) are the contract's `order-rules.ts`; here they become the API's refusals, with what a
 * locked order may still change.
 */

export type OrderBody = z.output<typeof orderBody>;

export const isPhysical = (method: PaymentMethod) => physicalPaymentMethods.includes(method);

/** Cash and card need `sales_physical`; online, transfer and external_billing need `sales_online`. */
export function checkPaymentPermission(permissions: ReadonlySet<Permission>, method: PaymentMethod) {
  const needed = paymentMethodPermission(method);
  if (!permissions.has(needed))
    throw new AppError('forbidden', undefined, `Selling in ${method} needs the ${needed} permission`);
}

/**
 * An online order is paid by its gateway's notification, never by staff: saved as paid, it awaits
 * payment (its payment link goes to the customer). A draft stays a draft.
 */
export function withOnlineStatus<T extends Pick<OrderBody, 'status' | 'paymentMethod'>>(body: T): T {
  return body.paymentMethod === 'online' && body.status === 'paid'
    ? { ...body, status: 'awaiting_payment' }
    : body;
}

/** An online order awaiting payment: it has a payment link, and the gateway must be ready. */
export const awaitsOnlinePayment = (order: Pick<OrderBody, 'status' | 'paymentMethod'>) =>
  order.paymentMethod === 'online' && order.status === 'awaiting_payment';

/** The customer rules that need no lookup: online and awaiting payment need a customer. */
export function checkCustomerRules(order: Pick<OrderBody, 'status' | 'paymentMethod' | 'customerId'>) {
  const customerId = order.customerId ?? null;
  if (order.paymentMethod === 'online' && customerId === null)
    throw new AppError('onlineOrderWithoutCustomer');
  if (order.status === 'awaiting_payment' && customerId === null)
    throw new AppError('awaitingPaymentWithoutCustomer');
}

/**
 * A status never goes backwards (draft → awaiting_payment → paid → refunded): 409 1000132. `refunded`
 * is reached only through refunds, so it is accepted only where the order already is.
 */
export function checkStatusChange(from: OrderStatus | null, to: OrderStatus) {
  if (to === 'refunded' && from !== 'refunded')
    throw invalid('status', 'an order becomes refunded through its refunds');
  if (from !== null && isStatusBackwards(from, to))
    throw new AppError('orderStatusBackwards', { from, to }, `A ${from} order cannot go back to ${to}`);
}

/** The stored order as the contract's rules read it. */
const factsOf = (order: OrderRow, lines: OrderLineRecord[]) => ({
  ...order,
  paymentDate: order.paymentDate?.toISOString() ?? null,
  lines,
});

/** Why the order's money is read-only, or null: a refund, a (partly) refunded order, a paid one. */
export const lockReason = (order: OrderRow, lines: OrderLineRecord[]) =>
  orderLockReason(factsOf(order, lines));

/**
 * The money-bearing fields in which `body` differs from the stored order: lines (the same ids, none added
 * or left out; product, quantity, unit price, discount), payment method and status. A refund's lines are
 * stored negative and sent as the positive amounts they give back.
 */
export function moneyChanges(order: OrderRow, lines: OrderLineRecord[], body: OrderBody): FieldError[] {
  const sign = order.originalOrderId === null ? 1 : -1;
  const changes: FieldError[] = [];
  if (body.status !== order.status) changes.push({ field: 'status', message: 'locked' });
  if (body.paymentMethod !== order.paymentMethod) changes.push({ field: 'paymentMethod', message: 'locked' });
  const byId = new Map(lines.map((l) => [l.id, l]));
  const sent = new Set<number>();
  body.lines.forEach((l, i) => {
    const line = l.id === undefined ? undefined : byId.get(l.id);
    if (!line || sent.has(line.id)) {
      changes.push({ field: `lines.${i}`, message: 'no line can be added' });
      return;
    }
    sent.add(line.id);
    const differs = (field: string, same: boolean) => {
      if (!same) changes.push({ field: `lines.${i}.${field}`, message: 'locked' });
    };
    differs('productId', l.productId === line.productId);
    differs('quantity', l.quantity * sign === line.quantity);
    differs('unitPrice', eurosToCents(l.unitPrice) === line.unitPriceCents);
    differs('discount', eurosToCents(l.discount) * sign === line.discountCents);
  });
  if (sent.size < lines.length) changes.push({ field: 'lines', message: 'no line can be removed' });
  return changes;
}

const lockMessages: Record<OrderLockReason, string> = {
  refund: 'A refund cannot be changed',
  refunded: 'This order has refunds: its money cannot change, only its notes and customer',
  paid: 'This order is paid: its money cannot change, only its notes and customer',
};

/**
 * What a read-only order still takes: its notes, and its customer until it is invoiced (1000135). A
 * refund takes only notes (1000130); any other order answers 1000131 naming the money fields changed.
 */
export function checkLockedEdit(
  order: OrderRow,
  lines: OrderLineRecord[],
  body: OrderBody,
  reason: OrderLockReason,
) {
  const changes = moneyChanges(order, lines, body);
  const customerId = body.customerId ?? null;
  if (order.originalOrderId !== null) {
    if (customerId !== order.customerId) changes.push({ field: 'customerId', message: 'locked' });
    if (changes.length) throw new AppError('refundNotEditable', changes);
    return;
  }
  if (changes.length) throw new AppError('orderMoneyLocked', changes, lockMessages[reason]);
}

/** An invoiced order keeps its customer (1000135). */
export function checkCustomerChange(order: OrderRow, customerId: number | null) {
  if (!canChangeOrderCustomer(order) && customerId !== order.customerId)
    throw new AppError('invoicedOrderCustomerLocked');
}

/** A line refunds took units from stays (1000134): its refunds point at it. */
export function checkRemovedLines(lines: OrderLineRecord[], keptIds: ReadonlySet<number>) {
  const refunded = lines.filter((l) => !keptIds.has(l.id) && l.refundedQuantity > 0);
  if (refunded.length) throw new AppError('refundedLineNotRemovable', { lineIds: refunded.map((l) => l.id) });
}

/**
 * The register a cash or card order belongs on after an edit: it stays on its register while nothing it
 * counts changes; otherwise it moves to the open one (`undefined`: the open register, looked up). Other
 * methods belong on none.
 */
export function registerAfterEdit(
  order: OrderRow,
  next: { paymentMethod: PaymentMethod; status: OrderStatus; totalCents: number },
): number | null | undefined {
  if (!isPhysical(next.paymentMethod)) return null;
  const unchanged =
    order.cashRegisterId !== null &&
    order.paymentMethod === next.paymentMethod &&
    order.status === next.status &&
    order.totalCents === next.totalCents;
  return unchanged ? order.cashRegisterId : undefined;
}

/** An order is paid on the day it becomes paid, and keeps that date. */
export const paymentDateAfterEdit = (order: OrderRow, status: OrderStatus, now: Date) =>
  status === 'paid' ? (order.status === 'paid' ? order.paymentDate : now) : null;

/**
 * A paid order is corrected by a refund, never deleted: only drafts and awaiting orders without payments,
 * invoices or refunds go (an invoiced order answers 1000006 first, any other 1000133).
 */
export function checkDeletable(order: OrderRow, lines: OrderLineRecord[]) {
  const refusal = orderDeleteRefusal(factsOf(order, lines));
  if (refusal) throw new AppError(refusal);
}
