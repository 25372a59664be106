import { type FieldError, type Order, type refundBody, refundShare } from '@mostrador/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.js';
import { AppError, invalid, notFound } from '../lib/app-error.js';
import type { AuthContext } from '../lib/auth-context.js';
import { returnCreditForRefund, revokeRefundedBalances } from '../modules/balances/refund-balances.js';
import { createGiftVouchersRepository } from '../modules/gift-vouchers/gift-vouchers.repository.js';
import { checkPaymentPermission, isPhysical } from '../modules/orders/order-rules.js';
import { readOrder } from '../modules/orders/order-view.js';
import { createOrdersRepository, type OrderLineRecord } from '../modules/orders/orders.repository.js';
import { RefundNotDone } from '../modules/payments/payments.service.js';
import { lockOpenRegister, type OrderWorkflowDeps } from './order-steps.js';

type RefundBody = z.output<typeof refundBody>;

const left = (l: OrderLineRecord) => l.quantity - l.refundedQuantity;

/**
 * Refunds a paid sale in one transaction: all that is left, or the chosen lines and quantities. The
 * original is locked first, so parallel refunds take turns and none gives back more than is left (409
 * 1000128). The refund is a new paid order pointing at the original, with negative quantities and
 * amounts (each line's share of what it sold, so partial refunds add up to the cent), in the original's
 * payment method unless another is given; cash and card refunds go on the open register. When the sale
 * was invoiced, the refund gets its rectifying invoice (by difference) in the same transaction. Bookings still
 * ahead shrink with their refunded units or go; past ones stay. The original becomes `refunded` when
 * nothing is left. Refunded gift cards void as many of their line's unused vouchers (409 1000180 when some
 * were used instead); refunded packs and credits revoke as many of their line's untouched balances (409
 * 1000190 when used instead), and a sale paid with credit refunded in credit returns it to its balances.
 */
export async function refundOrder(
  deps: OrderWorkflowDeps,
  auth: AuthContext,
  id: number,
  body: RefundBody,
): Promise<Order> {
  const mailIds: number[] = [];
  const refunded = await deps.db
    .transaction((tx) => refundInTransaction(tx))
    .catch(async (error: unknown) => {
      // A gateway that refused left no refund behind; its refused attempt is kept in the history.
      if (error instanceof RefundNotDone && deps.payments) await deps.payments.recordRefusal(error);
      throw error;
    });
  // 8. Committed: the cancellations of the bookings that went are sent.
  deps.bookings.dispatchMails(mailIds);
  return refunded;

  async function refundInTransaction(tx: DbOrTx) {
    // 1. Lock the original: only a paid sale is refunded, in a method the user may take.
    const orders = createOrdersRepository(tx);
    const original = await orders.lock(auth.licenseId, id);
    if (!original) throw notFound();
    if (original.originalOrderId !== null)
      throw new AppError('orderNotRefundable', undefined, 'A refund cannot be refunded');
    if (original.status !== 'paid' && original.status !== 'refunded')
      throw new AppError('orderNotRefundable', undefined, 'Only a paid order can be refunded');
    const paymentMethod = body.paymentMethod ?? original.paymentMethod;
    checkPaymentPermission(auth.permissions, paymentMethod);
    if (paymentMethod === 'credit' && original.paymentMethod !== 'credit')
      throw invalid('paymentMethod', 'only a sale paid with credit is given back in credit');
    // 2. What to give back, and its share of each line.
    const lines = await orders.lines(auth.licenseId, id);
    const wanted = wantedUnits(lines, body);
    const shares = wanted.map((w) => ({ ...w, share: refundShare(w.line, w.quantity) }));
    // 2b. Gift cards given back: as many of their unused vouchers are voided, or none is refunded (409).
    const vouchers = createGiftVouchersRepository(tx);
    const voidedAt = new Date();
    for (const { line, quantity } of wanted) {
      const { issued, voided } = await vouchers.voidUnusedOfLine(auth.licenseId, line.id, quantity, voidedAt);
      if (issued > 0 && voided < quantity) throw new AppError('giftVoucherSaleUsed');
    }
    // 3. A cash or card refund goes on the open register.
    const register = isPhysical(paymentMethod) ? await lockOpenRegister(tx, auth) : undefined;
    // 4. Write the refund and its lines.
    const refund = await orders.insert(auth.licenseId, {
      customerId: original.customerId,
      status: 'paid',
      paymentMethod,
      notes: body.notes ?? null,
      taxBaseCents: -shares.reduce((sum, s) => sum + s.share.taxBaseCents, 0),
      totalCents: -shares.reduce((sum, s) => sum + s.share.totalCents, 0),
      paymentDate: new Date(),
      cashRegisterId: register?.id ?? null,
      originalOrderId: original.id,
      createdBy: auth.userId,
    });
    await orders.insertLines(
      auth.licenseId,
      refund,
      shares.map(({ line, share }) => ({
        productId: line.productId,
        quantity: -share.quantity,
        unitPriceCents: line.unitPriceCents,
        discountCents: -share.discountCents,
        taxPercentage: line.taxPercentage,
        taxBaseCents: -share.taxBaseCents,
        totalCents: -share.totalCents,
        originalLineId: line.id,
      })),
    );
    // 4b. Packs and credits sold come back (only wholly unspent: 409 1000190); a sale paid with credit and
    // given back in credit returns each line's share to the balances it came from.
    await revokeRefundedBalances(tx, auth.licenseId, {
      refundOrderId: refund.id,
      lines: wanted.map(({ line, quantity }) => ({ lineId: line.id, quantity })),
      userId: auth.userId,
    });
    if (paymentMethod === 'credit')
      await returnCreditForRefund(tx, auth.licenseId, {
        refundOrderId: refund.id,
        lines: shares.map(({ line, share }) => ({ originalLineId: line.id, cents: share.totalCents })),
        userId: auth.userId,
      });
    // 5. Paid online and given back online: through the gateway that took it (a refusal undoes it all).
    if (paymentMethod === 'online' && original.paymentMethod === 'online' && deps.payments) {
      const done = await deps.payments.refundThroughGateway(tx, original, refund.id, -refund.totalCents);
      if (done) await orders.update(auth.licenseId, refund.id, { paymentTransactionToken: done.reference });
    }
    // 6. An invoiced sale: the refund's rectifying invoice, by difference.
    if (deps.invoices) {
      const refundLines = await orders.lines(auth.licenseId, refund.id);
      const rectifying = await deps.invoices.rectifyingFor(
        tx,
        auth,
        original,
        refund,
        refundLines,
        body.rectificationReason,
      );
      if (rectifying) await orders.update(auth.licenseId, refund.id, { invoiceCode: rectifying.code });
    }
    // 7. Count the units on the original's lines; release the bookings still ahead.
    const now = new Date();
    for (const { line, quantity } of wanted) {
      await orders.addRefunded(auth.licenseId, line.id, quantity);
      if (line.bookingId !== null)
        await deps.bookings.releaseRefunded(tx, auth.licenseId, line.id, left(line) - quantity, now, mailIds);
    }
    // Nothing left: the original is refunded.
    const refundedAll = lines.every(
      (l) => left(l) === (wanted.find((w) => w.line.id === l.id)?.quantity ?? 0),
    );
    if (refundedAll) await orders.update(auth.licenseId, original.id, { status: 'refunded' });
    return readOrder(tx, auth.licenseId, refund.id);
  }
}

/** The units to refund: those asked (400 unknown line, 409 1000128 above what is left) or all left. */
function wantedUnits(lines: OrderLineRecord[], body: RefundBody) {
  if (!body.lines) {
    const all = lines.filter((l) => left(l) > 0).map((line) => ({ line, quantity: left(line) }));
    if (!all.length)
      throw new AppError('orderNotRefundable', undefined, 'Everything in this order is refunded');
    return all;
  }
  const byId = new Map(lines.map((l) => [l.id, l]));
  const unknown: FieldError[] = [];
  const over: FieldError[] = [];
  const wanted: { line: OrderLineRecord; quantity: number }[] = [];
  body.lines.forEach((w, i) => {
    const line = byId.get(w.lineId);
    if (!line) unknown.push({ field: `lines.${i}.lineId`, message: 'not a line of this order' });
    else if (w.quantity > left(line))
      over.push({ field: `lines.${i}.quantity`, message: `at most ${left(line)}` });
    else wanted.push({ line, quantity: w.quantity });
  });
  if (unknown.length) throw new AppError('validation', unknown);
  if (over.length) throw new AppError('refundExceedsRemaining', over);
  return wanted;
}
