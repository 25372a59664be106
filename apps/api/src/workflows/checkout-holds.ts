import { ErrorCode, type Language } from '@mostrador/contract';
import { AppError } from '../lib/app-error.js';
import type { AuthContext } from '../lib/auth-context.js';
import { createAuditLogRepository } from '../modules/audit-log/audit-log.repository.js';
import { createBookingHoldsRepository } from '../modules/bookings/booking-holds.repository.js';
import { checkDeletable } from '../modules/orders/order-rules.js';
import { createOrdersRepository } from '../modules/orders/orders.repository.js';
import { createPaymentsRepository } from '../modules/payments/payments.repository.js';
import type { OrderWorkflowDeps } from './order-steps.js';
import { refundOrder } from './refund-order.js';

/*
 * What the checkouts job (jobs/checkouts.ts) does to one public checkout's hold: close an abandoned
 * checkout, or try again the refund of one paid after its place was taken.
 */

const MINUTE = 60_000;

/**
 * How long after its hold expired a checkout still `held` is left alone: a gateway's notification that
 * comes late (Stripe retries a webhook for hours, but nearly all come within minutes; Redsys notifies
 * once, at once) still finds its hold as it was. After it the checkout is abandoned.
 */
export const abandonedCheckoutGraceMinutes = 30;

/** Tries of the checkouts job at a `refund_due` hold's refund before it is left for staff. */
export const checkoutRefundAttempts = 8;

/**
 * The wait after the job's `attempt`-th refused refund (1-based): 5 minutes doubled each time (5, 10,
 * 20 … 320), so the eight tries span about ten and a half hours of a gateway down or refusing.
 */
export const checkoutRefundBackoffMinutes = (attempt: number) => 5 * 2 ** (attempt - 1);

/** Notes written on the order for staff, in the company's main language (orders' notes: 50 characters at most). */
const notes = {
  abandoned: {
    ca: 'Compra abandonada: enllaç de pagament desactivat',
    eu: 'Erosketa utzia: ordainketa-esteka desgaituta',
    es: 'Compra online abandonada: enlace de pago anulado',
    en: 'Online checkout abandoned: payment link disabled',
    de: 'Online-Kauf abgebrochen: Zahlungslink deaktiviert',
    fr: 'Achat abandonné : lien de paiement désactivé',
    it: 'Acquisto abbandonato: link di pagamento annullato',
    pt: 'Compra abandonada: link de pagamento desativado',
    ru: 'Покупка брошена: ссылка на оплату отключена',
    zh: '在线结账已放弃：付款链接已停用',
  },
  refundFailed: {
    ca: 'Devolució automàtica fallida: torneu-lo a mà',
    eu: 'Itzulketa automatikoak huts egin du: itzuli eskuz',
    es: 'Devolución automática fallida: devuélvalo a mano',
    en: 'Automatic refund failed: refund it by hand',
    de: 'Rückerstattung fehlgeschlagen: manuell erstatten',
    fr: 'Remboursement automatique échoué : à rembourser',
    it: 'Rimborso automatico fallito: rimborsare a mano',
    pt: 'Reembolso automático falhou: reembolse à mão',
    ru: 'Автовозврат не удался: верните вручную',
    zh: '自动退款失败：请手动退款',
  },
  /** The refund order's own note (as the checkout's own refund writes it, in English). */
  refund: 'Paid after its hold ended: no place left',
} as const satisfies {
  abandoned: Record<Language, string>;
  refundFailed: Record<Language, string>;
  refund: string;
};
export const checkoutNotes = notes;

/** The order's notes with `note` added, within the 50 characters an order's notes may have. */
function withNote(current: string | null, note: string) {
  if (!current) return note;
  if (current.includes(note)) return current;
  const joined = `${note} · ${current}`;
  return joined.length <= 50 ? joined : note;
}

/** The server acting for the company's online sales (as a public checkout does): no user. */
function onlineSalesAuth(licenseId: number, timeZone: string): AuthContext {
  return {
    sessionId: 0,
    userId: null as unknown as number,
    licenseId,
    isPlatform: false,
    roles: [],
    permissions: new Set(['sales_online']),
    grantable: new Set(),
    supportUserId: null,
    timeZone,
  };
}

export type AbandonedOutcome = 'deleted' | 'kept' | 'released' | 'skipped';

/**
 * Closes an abandoned checkout in one transaction: its order locked, then its hold (the order first, as
 * a settlement locks them, so the two take turns: a payment settled first leaves the hold `confirmed`
 * and this does nothing; this first leaves the order awaiting payment, and the settlement that follows
 * books the released hold if its place is still free or refunds it). Still `held` and expired before
 * `cutoff`, the hold is `released`; then its order, if it still awaits its online payment:
 * - no gateway exchange that could still be paid (none opened, or all failed or cancelled) and the
 *   delete rules allow it: the order goes (its payment link and attempts with it); the hold stays,
 *   released and unlinked, so the checkout still reads (as failed);
 * - otherwise (a Stripe session is open for a day, a Redsys payment may still notify, or the order is
 *   not deletable): it stays awaiting payment, so a late payment is settled as before, but its link is
 *   disabled (no new exchange: the customer's page says it is no longer payable, the order screen shows
 *   no link) and the order's notes say so in the company's language.
 */
export async function closeAbandonedCheckout(
  deps: Pick<OrderWorkflowDeps, 'db'>,
  licenseId: number,
  holdId: number,
  cutoff: Date,
  context: { language: Language; now: Date },
): Promise<AbandonedOutcome> {
  return deps.db.transaction(async (tx) => {
    const holds = createBookingHoldsRepository(tx);
    const orders = createOrdersRepository(tx);
    // 1. The order, then the hold, locked.
    const seen = await holds.find(licenseId, holdId);
    if (seen?.state !== 'held') return 'skipped';
    const order = seen.orderId === null ? undefined : await orders.lock(licenseId, seen.orderId);
    const hold = await holds.lock(licenseId, holdId);
    if (hold?.state !== 'held' || hold.orderId !== seen.orderId || hold.expiresAt >= cutoff) return 'skipped';
    // 2. Its place, which it stopped counting at expiry, is given back for good.
    await holds.update(licenseId, hold.id, { state: 'released' });
    if (order?.status !== 'awaiting_payment' || order.paymentMethod !== 'online') return 'released';
    // 3. The order goes when nothing the gateway holds can still pay it and the delete rules allow it.
    const payments = createPaymentsRepository(tx);
    const attempts = await payments.ofOrder(licenseId, order.id);
    const payable = attempts.some((p) => p.status !== 'failed' && p.status !== 'cancelled');
    let deletable = !payable;
    if (deletable) {
      try {
        checkDeletable(order, await orders.lines(licenseId, order.id));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        deletable = false;
      }
    }
    if (deletable) {
      await holds.update(licenseId, hold.id, { orderId: null });
      await orders.remove(licenseId, order.id);
      await createAuditLogRepository(tx).record({
        licenseId,
        actorUserId: null,
        action: 'checkout.abandoned',
        details: { holdId, orderId: order.id, orderCode: order.code, outcome: 'deleted' },
      });
      return 'deleted';
    }
    // 4. Else it stays for a late payment, its link disabled and the reason in its notes.
    await payments.disableLink(licenseId, order.id, context.now);
    await orders.update(licenseId, order.id, {
      notes: withNote(order.notes, notes.abandoned[context.language]),
    });
    await createAuditLogRepository(tx).record({
      licenseId,
      actorUserId: null,
      action: 'checkout.abandoned',
      details: { holdId, orderId: order.id, orderCode: order.code, outcome: 'kept' },
    });
    return 'kept';
  });
}

export type RefundRetryOutcome = 'refunded' | 'retry' | 'given_up' | 'skipped';

/**
 * Tries again the refund of a checkout paid after its place was taken (`refund_due`), when its backoff
 * is over at `now`: the refund workflow gives the sale back through its gateway (a refused attempt is
 * kept in the order's payment history). Refunded, or found refunded already (by the checkout's own
 * follow-up, a parallel read): the hold is `failed` (given back). Refused: the job's tries are counted
 * and the next waits `checkoutRefundBackoffMinutes`; at the `checkoutRefundAttempts`-th the hold becomes
 * `refund_failed` and the paid order's notes tell staff to refund it by hand.
 */
export async function retryCheckoutRefund(
  deps: OrderWorkflowDeps,
  licenseId: number,
  holdId: number,
  context: { language: Language; timeZone: string; now: Date },
  log?: (obj: object, msg: string) => void,
): Promise<RefundRetryOutcome> {
  const { db } = deps;
  // Read locked: a settlement still writing it is waited for.
  const hold = await db.transaction((tx) => createBookingHoldsRepository(tx).lock(licenseId, holdId));
  if (hold?.state !== 'refund_due' || hold.orderId === null) return 'skipped';
  if (hold.nextRefundAt && hold.nextRefundAt > context.now) return 'skipped';
  const orderId = hold.orderId;
  let failure: unknown;
  try {
    await refundOrder(deps, onlineSalesAuth(licenseId, context.timeZone), orderId, { notes: notes.refund });
  } catch (error) {
    // Refunded already: given back all the same.
    if (!(error instanceof AppError && error.code === ErrorCode.orderNotRefundable)) failure = error;
  }
  return db.transaction(async (tx) => {
    // The order, then the hold, as everywhere.
    const orders = createOrdersRepository(tx);
    const order = await orders.lock(licenseId, orderId);
    const holds = createBookingHoldsRepository(tx);
    const current = await holds.lock(licenseId, holdId);
    if (current?.state !== 'refund_due') return 'skipped';
    if (failure === undefined) {
      await holds.update(licenseId, holdId, { state: 'failed', nextRefundAt: null });
      return 'refunded';
    }
    const attempts = current.refundAttempts + 1;
    const reason = failure instanceof Error ? failure.message : String(failure);
    log?.({ holdId, orderId, attempts, error: reason }, 'checkout refund refused; tried again later');
    if (attempts < checkoutRefundAttempts) {
      await holds.update(licenseId, holdId, {
        refundAttempts: attempts,
        nextRefundAt: new Date(context.now.getTime() + checkoutRefundBackoffMinutes(attempts) * MINUTE),
      });
      return 'retry';
    }
    await holds.update(licenseId, holdId, {
      state: 'refund_failed',
      refundAttempts: attempts,
      nextRefundAt: null,
    });
    if (order)
      await orders.update(licenseId, orderId, {
        notes: withNote(order.notes, notes.refundFailed[context.language]),
      });
    await createAuditLogRepository(tx).record({
      licenseId,
      actorUserId: null,
      action: 'checkout.refund_failed',
      details: { holdId, orderId, orderCode: order?.code ?? null, attempts, reason },
    });
    return 'given_up';
  });
}
