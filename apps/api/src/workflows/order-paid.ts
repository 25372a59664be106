import type { DbOrTx } from '../db/client.js';

/** An order that has just become paid, inside the transaction that marks it so. */
export interface PaidOrder {
  licenseId: number;
  orderId: number;
  customerId: number | null;
  /** The employee who marked it paid; null when a gateway's notification did. */
  userId: number | null;
  /** Mails queued by the grants, for the caller to dispatch after the commit (else the sweep sends them). */
  mailIds: number[];
}

/**
 * What a paid sale gives its buyer beyond the sale itself: gift vouchers for `bookable_gift` lines
 * (gift-vouchers module), pack sessions and credit for `pack` and `credit` lines (balances module). Each
 * module reads the order's lines itself and writes its own tables in the caller's transaction.
 */
export interface PaidOrderGrant {
  grantForPaidOrder(tx: DbOrTx, paid: PaidOrder): Promise<void>;
}

/**
 * Called exactly once per order, by each path that turns an order paid with the order locked (or just
 * written): placing it paid, updating it to paid, a gateway's settlement or a held payment's capture.
 */
export async function onOrderPaid(
  tx: DbOrTx,
  grants: readonly PaidOrderGrant[] | undefined,
  paid: PaidOrder,
): Promise<void> {
  for (const grant of grants ?? []) await grant.grantForPaidOrder(tx, paid);
}
