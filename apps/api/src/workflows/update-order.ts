import type { FieldError, Order } from '@mostrador/contract';
import type { DbOrTx } from '../db/client.js';
import { AppError, notFound } from '../lib/app-error.js';
import type { AuthContext } from '../lib/auth-context.js';
import { spendCreditForOrder } from '../modules/balances/credit-payments.js';
import { unlinkCharged } from '../modules/bookings/booking-charges.js';
import {
  awaitsOnlinePayment,
  checkCustomerChange,
  checkCustomerRules,
  checkLockedEdit,
  checkPaymentPermission,
  checkRemovedLines,
  checkStatusChange,
  lockReason,
  type OrderBody,
  paymentDateAfterEdit,
  registerAfterEdit,
  withOnlineStatus,
} from '../modules/orders/order-rules.js';
import { readOrder } from '../modules/orders/order-view.js';
import {
  createOrdersRepository,
  type OrderLineRecord,
  type OrderRow,
} from '../modules/orders/orders.repository.js';
import { createPaymentsRepository } from '../modules/payments/payments.repository.js';
import { onOrderPaid } from './order-paid.js';
import {
  bookLines,
  checkCharges,
  checkCustomer,
  linesToBook,
  linkCharges,
  lockOpenRegister,
  type OrderWorkflowDeps,
  priceOrder,
  rethrowNamed,
} from './order-steps.js';

/**
 * Changes an order in one transaction, the order locked first. A paid, refunded or refund order, or one
 * on a closed register, is read-only in its money: only its notes change, and its customer until it is invoiced (a refund keeps
 * its customer). A draft or awaiting order changes whole: a line with `id` is changed in place and keeps
 * its booking, lines left out go with their bookings (never one that was refunded), new lines with a
 * booking book it; its status only goes forward.
 */
export async function updateOrder(
  deps: OrderWorkflowDeps,
  auth: AuthContext,
  id: number,
  input: OrderBody,
): Promise<Order> {
  const body = withOnlineStatus(input);
  checkPaymentPermission(auth.permissions, body.paymentMethod);
  checkCustomerRules(body);
  const mailIds: number[] = [];
  try {
    const updated = await deps.db.transaction(async (tx) => {
      // 1. Lock the order and read its lines.
      const orders = createOrdersRepository(tx);
      const order = await orders.lock(auth.licenseId, id);
      if (!order) throw notFound();
      const lines = await orders.lines(auth.licenseId, id);
      // 2. A refund takes only its notes.
      if (order.originalOrderId !== null) {
        checkLockedEdit(order, lines, body, 'refund');
        return saveNotesAndCustomer(tx, auth, order, body);
      }
      // 3. The rules of any order's edit.
      checkLineIds(lines, body);
      checkRemovedLines(lines, new Set(body.lines.flatMap((l) => (l.id === undefined ? [] : [l.id]))));
      checkStatusChange(order.status, body.status);
      // A card payment the gateway holds for it (to be captured) fixes its money as a paid order's.
      const held =
        order.paymentMethod === 'online' &&
        (await createPaymentsRepository(tx).taken(auth.licenseId, id, ['authorized'])).length > 0;
      const locked = lockReason(order, lines) ?? (held ? 'paid' : null);
      if (locked) checkLockedEdit(order, lines, body, locked);
      checkCustomerChange(order, body.customerId ?? null);
      // 4. Write what may change.
      if (locked) return saveNotesAndCustomer(tx, auth, order, body);
      return editOpenOrder(tx, deps, auth, order, lines, body, mailIds);
    });
    // 5. Committed: the new bookings' confirmations and the removed ones' cancellations are sent.
    deps.bookings.dispatchMails(mailIds);
    return updated;
  } catch (error) {
    return rethrowNamed(error, deps, auth, body);
  }
}

/** 400 for a line id that is not the order's, or a booked line changing product. */
function checkLineIds(lines: OrderLineRecord[], body: OrderBody) {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const errors: FieldError[] = [];
  body.lines.forEach((l, i) => {
    if (l.id === undefined) return;
    const line = byId.get(l.id);
    if (!line) errors.push({ field: `lines.${i}.id`, message: 'not a line of this order' });
    else if (line.bookingId !== null && line.productId !== l.productId)
      errors.push({ field: `lines.${i}.productId`, message: 'a line with a booking keeps its product' });
    else if (l.bookingId !== undefined && l.bookingId !== line.bookingId)
      errors.push({ field: `lines.${i}.bookingId`, message: 'a line keeps the booking it charges' });
  });
  if (errors.length) throw new AppError('validation', errors);
}

/** A read-only order's notes and customer (checked as a new one: known, with an email when online). */
async function saveNotesAndCustomer(tx: DbOrTx, auth: AuthContext, order: OrderRow, body: OrderBody) {
  const customerId = body.customerId ?? null;
  await checkCustomer(tx, auth, customerId, order.paymentMethod);
  await createOrdersRepository(tx).update(auth.licenseId, order.id, {
    notes: body.notes ?? null,
    customerId,
  });
  return readOrder(tx, auth.licenseId, order.id);
}

/** A draft or awaiting order changed whole: figures, register, lines and their bookings. */
async function editOpenOrder(
  tx: DbOrTx,
  deps: OrderWorkflowDeps,
  auth: AuthContext,
  order: OrderRow,
  lines: OrderLineRecord[],
  body: OrderBody,
  mailIds: number[],
) {
  const orders = createOrdersRepository(tx);
  // Awaiting payment online from now: the gateway must be ready.
  const online = awaitsOnlinePayment(body) && deps.payments;
  if (online && !awaitsOnlinePayment(order)) await online.prepareOnline(tx, auth.licenseId);
  // Price the lines; a cash or card order stays on its register while nothing it counts changes.
  const priced = await priceOrder(tx, auth, body);
  let cashRegisterId = registerAfterEdit(order, { ...body, totalCents: priced.totalCents });
  if (cashRegisterId === undefined) cashRegisterId = (await lockOpenRegister(tx, auth)).id;
  // Write the order.
  await orders.update(auth.licenseId, order.id, {
    customerId: priced.customerId,
    status: body.status,
    paymentMethod: body.paymentMethod,
    notes: body.notes ?? null,
    taxBaseCents: priced.taxBaseCents,
    totalCents: priced.totalCents,
    paymentDate: paymentDateAfterEdit(order, body.status, new Date()),
    cashRegisterId,
  });
  // New lines that charge a booking made in the calendar: locked and checked first.
  const fresh = priced.lines.filter((l) => l.body.id === undefined);
  await checkCharges(
    tx,
    auth,
    priced.customerId,
    fresh.flatMap((line) =>
      line.body.bookingId === undefined ? [] : [{ index: priced.lines.indexOf(line), line }],
    ),
  );
  // Lines left out go with the bookings they made (those they charged stay, unsold); kept lines change
  // in place; new lines are written.
  const kept = new Set(body.lines.flatMap((l) => (l.id === undefined ? [] : [l.id])));
  const leaving = lines.filter((l) => !kept.has(l.id));
  const gone = leaving.map((l) => l.id);
  await unlinkCharged(
    tx,
    auth.licenseId,
    leaving.filter((l) => l.chargesBooking).map((l) => l.id),
  );
  await deps.bookings.removeForOrderLines(tx, auth.licenseId, gone, mailIds);
  await orders.removeLines(auth.licenseId, gone);
  for (const l of priced.lines)
    if (l.body.id !== undefined) await orders.updateLine(auth.licenseId, l.body.id, l.values);
  const written = await orders.insertLines(
    auth.licenseId,
    { id: order.id, cashRegisterId },
    fresh.map((l) => l.values),
  );
  if (online) await online.ensureLink(tx, auth.licenseId, order.id);
  await linkCharges(tx, auth, fresh, written);
  // New lines with a booking book it.
  const toBook = linesToBook(fresh, written, (k) => priced.lines.indexOf(fresh[k]!));
  await bookLines(tx, deps, auth, priced.customerId!, toBook, mailIds);
  // Paid now with the customer's credit: taken from the balances, line by line.
  if (order.status !== 'paid' && body.status === 'paid' && body.paymentMethod === 'credit')
    await spendCreditForOrder(tx, auth.licenseId, {
      customerId: priced.customerId,
      orderId: order.id,
      lines: await orders.lines(auth.licenseId, order.id),
      userId: auth.userId,
    });
  // Paid now: the simplified invoice, where the company issues them.
  if (order.status !== 'paid' && body.status === 'paid' && deps.invoices) {
    const simplified = await deps.invoices.simplifiedFor(
      tx,
      auth.licenseId,
      { ...order, totalCents: priced.totalCents, customerId: priced.customerId },
      await orders.lines(auth.licenseId, order.id),
      auth.userId,
    );
    if (simplified) await orders.update(auth.licenseId, order.id, { invoiceCode: simplified.code });
  }
  // Paid now: the buyer gets what it sold (vouchers, pack sessions, credit).
  if (order.status !== 'paid' && body.status === 'paid')
    await onOrderPaid(tx, deps.grants, {
      licenseId: auth.licenseId,
      orderId: order.id,
      customerId: priced.customerId,
      userId: auth.userId,
      mailIds,
    });
  return readOrder(tx, auth.licenseId, order.id);
}
