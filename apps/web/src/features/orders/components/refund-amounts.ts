import { eurosToCents, type Order, type OrderLine, type OrderStatus, refundShare } from '@mostrador/contract';

/** Units of a line not yet refunded. */
export function leftOf(line: Pick<OrderLine, 'quantity' | 'refundedQuantity'>): number {
  return Math.max(0, line.quantity - line.refundedQuantity);
}

/**
 * The cents refunding `quantity` more units of a line gives back: the contract's `refundShare`, the
 * server's own arithmetic (cumulative shares, so partial refunds add up to the line's total).
 */
export function refundCentsOf(
  line: Pick<OrderLine, 'quantity' | 'refundedQuantity' | 'total' | 'unitPrice' | 'taxPercentage'>,
  quantity: number,
): number {
  const units = Math.min(Math.trunc(quantity), leftOf(line));
  if (units < 1) return 0;
  return refundShare(
    {
      quantity: line.quantity,
      unitPriceCents: eurosToCents(line.unitPrice),
      totalCents: Math.abs(eurosToCents(line.total)),
      taxPercentage: Math.round(line.taxPercentage * 100),
      refundedQuantity: line.refundedQuantity,
    },
    units,
  ).totalCents;
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
