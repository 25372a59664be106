import { taxBaseOf } from './money.js';

/** What an order line sold, in cents, VAT included, and how many of its units refunds took back. */
export interface RefundableLine {
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  /** The product's tax when sold, in hundredths of a percent (2100 is 21 %). */
  taxPercentage: number;
  refundedQuantity: number;
}

/** The share of the refund of `quantity` more units of a line: positive cents, VAT included. */
export interface RefundShare {
  quantity: number;
  totalCents: number;
  taxBaseCents: number;
  discountCents: number;
}

/** n × k / d rounded half up, in integers (n ≥ 0, 0 ≤ k ≤ d, d > 0): exact below 2^53. */
function proportion(n: number, k: number, d: number): number {
  return Math.floor((2 * n * k + d) / (2 * d));
}

/**
 * The amounts that refunding `quantity` more units of `line` gives back: each refund takes the difference
 * of the line's cumulative shares (after − before), so however a line is refunded in parts, its refunds
 * add up to its total and tax base to the cent. The discount share is what makes quantity × unit price −
 * discount equal the refunded total.
 */
export function refundShare(line: RefundableLine, quantity: number): RefundShare {
  const before = line.refundedQuantity;
  const after = before + quantity;
  if (quantity < 1 || after > line.quantity) throw new RangeError('refund quantity out of range');
  const totalBefore = proportion(line.totalCents, before, line.quantity);
  const totalAfter = proportion(line.totalCents, after, line.quantity);
  const totalCents = totalAfter - totalBefore;
  const taxBaseCents = taxBaseOf(totalAfter, line.taxPercentage) - taxBaseOf(totalBefore, line.taxPercentage);
  return { quantity, totalCents, taxBaseCents, discountCents: quantity * line.unitPriceCents - totalCents };
}
