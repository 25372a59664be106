import type { Db, DbOrTx } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import type { InvoicesService } from '../modules/invoices/invoices.service.js';
import { createOrdersRepository } from '../modules/orders/orders.repository.js';
import { createPaymentsRepository, type PaymentRow } from '../modules/payments/payments.repository.js';
import { onOrderPaid, type PaidOrderGrant } from './order-paid.js';

/** What the gateway says it took, to compare with the order before believing it. */
export interface GatewayPaid {
  amountCents: number;
  currency: string;
  /** Stripe's PaymentIntent; the Redsys order number (what a refund names). */
  transactionToken: string;
  answer: Record<string, unknown>;
  /** A Redsys pre-authorization or authentication: held until staff capture it. */
  held?: boolean;
}

export type SettleOutcome = 'paid' | 'held' | 'already' | 'duplicate';

/**
 * The gateway took the customer's money: in one transaction, the order and the payment locked (so
 * repeated or parallel notifications take turns), the amount and currency checked against what the
 * payment asked (400 1000165, nothing changed), the payment marked succeeded (or authorized when held)
 * and the order paid with its date and transaction token, its simplified invoice issued where the
 * company issues them. Exactly once: a payment already settled, or an order already paid by another
 * payment, changes nothing more (the second payment is kept as taken, marked as a duplicate to refund).
 */
export async function settlePayment(
  deps: { db: Db; invoices?: InvoicesService; grants?: readonly PaidOrderGrant[] },
  payment: PaymentRow,
  paid: GatewayPaid,
  tx?: DbOrTx,
): Promise<SettleOutcome> {
  const run = async (db: DbOrTx): Promise<SettleOutcome> => {
    const orders = createOrdersRepository(db);
    const repo = createPaymentsRepository(db);
    const order = await orders.lock(payment.licenseId, payment.orderId);
    const current = await repo.lock(payment.licenseId, payment.id);
    if (!order || !current) throw new AppError('notFound');
    if (
      paid.amountCents !== current.amountCents ||
      paid.currency.toLowerCase() !== current.currency.toLowerCase()
    )
      throw new AppError('paymentAmountMismatch', {
        expected: { amountCents: current.amountCents, currency: current.currency },
        received: { amountCents: paid.amountCents, currency: paid.currency },
      });
    if (current.status === 'succeeded' || (paid.held && current.status === 'authorized')) return 'already';
    const awaiting = order.status === 'awaiting_payment' && order.paymentMethod === 'online';
    if (!awaiting || current.amountCents !== order.totalCents) {
      // Money taken for an order paid meanwhile (or changed): kept as taken, for staff to refund.
      await repo.update(payment.licenseId, current.id, {
        status: 'succeeded',
        transactionToken: paid.transactionToken,
        failureReason: 'duplicate: the order was already paid or changed; refund this payment',
        answer: paid.answer,
      });
      return 'duplicate';
    }
    if (paid.held) {
      await repo.update(payment.licenseId, current.id, {
        status: 'authorized',
        transactionToken: paid.transactionToken,
        failureReason: null,
        answer: paid.answer,
      });
      return 'held';
    }
    await repo.update(payment.licenseId, current.id, {
      status: 'succeeded',
      transactionToken: paid.transactionToken,
      failureReason: null,
      answer: paid.answer,
    });
    await markOrderPaid(db, deps, order, paid.transactionToken);
    return 'paid';
  };
  return tx ? run(tx) : deps.db.transaction(run);
}

/**
 * The order paid now with the gateway's token, its simplified invoice where the company issues them, and
 * what it sold given to its buyer (`onOrderPaid`; their mails go with the outbox's sweep).
 */
export async function markOrderPaid(
  db: DbOrTx,
  deps: { invoices?: InvoicesService; grants?: readonly PaidOrderGrant[] },
  order: { id: number; licenseId: number; code: number; totalCents: number; customerId: number | null },
  transactionToken: string,
) {
  const { invoices } = deps;
  const orders = createOrdersRepository(db);
  await orders.update(order.licenseId, order.id, {
    status: 'paid',
    paymentDate: new Date(),
    paymentTransactionToken: transactionToken,
  });
  if (invoices) {
    const lines = await orders.lines(order.licenseId, order.id);
    const simplified = await invoices.simplifiedFor(db, order.licenseId, order, lines, null);
    if (simplified) await orders.update(order.licenseId, order.id, { invoiceCode: simplified.code });
  }
  await onOrderPaid(db, deps.grants, {
    licenseId: order.licenseId,
    orderId: order.id,
    customerId: order.customerId,
    userId: null,
    mailIds: [],
  });
}
