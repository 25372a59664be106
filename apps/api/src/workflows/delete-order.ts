import { AppError, notFound } from '../lib/app-error.js';
import type { AuthContext } from '../lib/auth-context.js';
import { unlinkCharged } from '../modules/bookings/booking-charges.js';
import { checkDeletable } from '../modules/orders/order-rules.js';
import { createOrdersRepository } from '../modules/orders/orders.repository.js';
import { createPaymentsRepository } from '../modules/payments/payments.repository.js';
import { createSubscriptionsRepository } from '../modules/subscriptions/subscriptions.repository.js';
import type { OrderWorkflowDeps } from './order-steps.js';

/**
 * Deletes a draft or awaiting order without payments, invoices or refunds in one transaction: the order
 * locked and checked (1000006 invoiced, 1000133 otherwise, 1000043 charging a period of an active
 * subscription), the bookings its lines sold removed through the bookings module, then the order with
 * its lines.
 */
export async function deleteOrder(deps: OrderWorkflowDeps, auth: AuthContext, id: number) {
  const mailIds: number[] = [];
  await deps.db.transaction(async (tx) => {
    // 1. Lock the order; only a draft or awaiting one without payments, invoices or refunds goes.
    const orders = createOrdersRepository(tx);
    const order = await orders.lock(auth.licenseId, id);
    if (!order) throw notFound();
    const lines = await orders.lines(auth.licenseId, id);
    checkDeletable(order, lines);
    // A card payment the gateway holds or took is the customer's money: the order stays.
    const taken = await createPaymentsRepository(tx).taken(auth.licenseId, id, ['authorized', 'succeeded']);
    if (taken.length)
      throw new AppError('orderNotDeletable', undefined, 'A card payment was taken for this order');
    // An order charging a period of an active subscription stays while the subscription does (1000043).
    if (await createSubscriptionsRepository(tx).orderChargesActive(auth.licenseId, id))
      throw new AppError('orderHasActiveSubscription');
    // 2. The bookings its lines made go (those ahead with their cancellation mail); those it only
    // charged (made in the calendar) stay, unsold.
    await unlinkCharged(
      tx,
      auth.licenseId,
      lines.filter((l) => l.chargesBooking).map((l) => l.id),
    );
    await deps.bookings.removeForOrderLines(
      tx,
      auth.licenseId,
      lines.map((l) => l.id),
      mailIds,
    );
    // 3. The order goes with its lines.
    await orders.remove(auth.licenseId, id);
  });
  // 4. Committed: the cancellations are sent.
  deps.bookings.dispatchMails(mailIds);
}
