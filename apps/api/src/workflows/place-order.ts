import type { Order } from '@mostrador/contract';
import { invalid } from '../lib/app-error.js';
import type { AuthContext } from '../lib/auth-context.js';
import { spendCreditForOrder } from '../modules/balances/credit-payments.js';
import {
  awaitsOnlinePayment,
  checkCustomerRules,
  checkPaymentPermission,
  checkStatusChange,
  isPhysical,
  type OrderBody,
  withOnlineStatus,
} from '../modules/orders/order-rules.js';
import { toOrder } from '../modules/orders/order-view.js';
import { createOrdersRepository } from '../modules/orders/orders.repository.js';
import { onOrderPaid } from './order-paid.js';
import {
  bookLines,
  checkCharges,
  linesToBook,
  linkCharges,
  lockOpenRegister,
  type OrderWorkflowDeps,
  priceOrder,
  rethrowNamed,
} from './order-steps.js';

/**
 * Places an order in one transaction: prices its lines from the products and taxes (products locked in
 * share mode), attaches a cash or card sale to the open register (locked in share mode), writes the order
 * and its lines, and books the lines that carry a booking through the bookings module.
 */
export async function placeOrder(
  deps: OrderWorkflowDeps,
  auth: AuthContext,
  input: OrderBody,
): Promise<Order> {
  const body = withOnlineStatus(input);
  checkPaymentPermission(auth.permissions, body.paymentMethod);
  checkStatusChange(null, body.status);
  checkCustomerRules(body);
  if (body.lines.some((l) => l.id !== undefined)) throw invalid('lines.0.id', 'a new order has no lines yet');
  const mailIds: number[] = [];
  try {
    const placed = await deps.db.transaction(async (tx) => {
      // 1. Price the lines.
      const priced = await priceOrder(tx, auth, body);
      // The bookings it charges (made in the calendar), locked and checked.
      await checkCharges(
        tx,
        auth,
        priced.customerId,
        priced.lines.flatMap((line, index) => (line.body.bookingId === undefined ? [] : [{ index, line }])),
      );
      // 2. A cash or card sale goes on the open register; an online one needs its gateway ready.
      const online = awaitsOnlinePayment(body) && deps.payments;
      if (online) await online.prepareOnline(tx, auth.licenseId);
      const register = isPhysical(body.paymentMethod) ? await lockOpenRegister(tx, auth) : undefined;
      // 3. Write the order and its lines.
      const orders = createOrdersRepository(tx);
      const order = await orders.insert(auth.licenseId, {
        customerId: priced.customerId,
        status: body.status,
        paymentMethod: body.paymentMethod,
        notes: body.notes ?? null,
        taxBaseCents: priced.taxBaseCents,
        totalCents: priced.totalCents,
        paymentDate: body.status === 'paid' ? new Date() : null,
        cashRegisterId: register?.id ?? null,
        createdBy: auth.userId,
      });
      const written = await orders.insertLines(
        auth.licenseId,
        order,
        priced.lines.map((l) => l.values),
      );
      if (online) await online.ensureLink(tx, auth.licenseId, order.id);
      await linkCharges(tx, auth, priced.lines, written);
      // 4. Book the lines that carry a booking (their confirmations queued with them).
      const toBook = linesToBook(priced.lines, written);
      const booked = await bookLines(tx, deps, auth, priced.customerId!, toBook, mailIds);
      // Paid with the customer's credit: taken from the balances, line by line.
      if (body.status === 'paid' && body.paymentMethod === 'credit')
        await spendCreditForOrder(tx, auth.licenseId, {
          customerId: priced.customerId,
          orderId: order.id,
          lines: written,
          userId: auth.userId,
        });
      // 5. A paid sale gets its simplified invoice, where the company issues them.
      const named = written.map((line, k) => ({ ...line, productName: priced.lines[k]!.product.name }));
      let invoiceCode: string | null = null;
      if (body.status === 'paid' && deps.invoices) {
        const simplified = await deps.invoices.simplifiedFor(tx, auth.licenseId, order, named, auth.userId);
        if (simplified) {
          invoiceCode = simplified.code;
          await orders.update(auth.licenseId, order.id, { invoiceCode });
        }
      }
      // 6. A paid sale gives its buyer what it sold: vouchers, pack sessions, credit.
      if (body.status === 'paid')
        await onOrderPaid(tx, deps.grants, {
          licenseId: auth.licenseId,
          orderId: order.id,
          customerId: priced.customerId,
          userId: auth.userId,
          mailIds,
        });
      // Answered from what was written: nothing else touches a new order inside its transaction.
      return toOrder(
        { ...order, invoiceCode },
        written.map((line, k) => ({
          ...line,
          productName: priced.lines[k]!.product.name,
          bookingId: booked.get(line.id) ?? priced.lines[k]!.body.bookingId ?? null,
        })),
      );
    });
    // 7. Committed: the confirmations (and the vouchers' mails) go.
    deps.bookings.dispatchMails(mailIds);
    return placed;
  } catch (error) {
    return rethrowNamed(error, deps, auth, body);
  }
}
