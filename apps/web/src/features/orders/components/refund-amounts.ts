import { eurosToCents, type Order, type OrderLine, type OrderStatus } from '@mostrador/contract';

/** Units of a line not yet refunded. */
export function leftOf(line: Pick<OrderLine, 'quantity' | 'refundedQuantity'>): number {
  return Math.max(0, line.quantity - line.refundedQuantity);
}

/** n × k / d rounded half up, in integers (n ≥ 0, 0 ≤ k ≤ d, d > 0): the server's own rounding. */
function proportion(n: number, k: number, d: number): number {
  return Math.floor((2 * n * k + d) / (2 * d));
}

/**
 * The cents refunding `quantity` more units of a line gives back, as the server computes it: the line's
 * cumulative share after minus before, so partial refunds add up to the line's total to the cent.
 */
export function refundCentsOf(
  line: Pick<OrderLine, 'quantity' | 'refundedQuantity' | 'total'>,
  quantity: number,
): number {
  const units = Math.trunc(quantity);
  if (units < 1 || line.quantity < 1) return 0;
  const before = Math.min(line.refundedQuantity, line.quantity);
  const after = Math.min(before + units, line.quantity);
  const total = Math.abs(eurosToCents(line.total));
  return proportion(total, after, line.quantity) - proportion(total, before, line.quantity);
}

/** Why an order cannot be refunded, or undefined when it can. */
export type NotRefundableReason = 'isRefund' | 'notPaid' | 'nothingLeft';

export function notRefundableReason(
  order: Pick<Order, 'status' | 'originalOrderId' | 'lines'>,
): NotRefundableReason | undefined {
  if (order.originalOrderId !== null) return 'isRefund';
  if (order.status === 'refunded') return 'nothingLeft';
  if (order.status !== 'paid') return 'notPaid';
  if (!order.lines.some((line) => leftOf(line) > 0)) return 'nothingLeft';
  return undefined;
}

/** Whether a list row offers the refund: a paid sale (not a refund itself, not wholly refunded). */
export function isRefundable(item: { status: OrderStatus; originalOrderId: number | null }): boolean {
  return item.status === 'paid' && item.originalOrderId === null;
}
