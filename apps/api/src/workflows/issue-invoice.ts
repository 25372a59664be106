import type { createInvoiceBody, Invoice } from '@mostrador/contract';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { AppError, invalid, notFound } from '../lib/app-error.js';
import type { AuthContext } from '../lib/auth-context.js';
import { createCustomersRepository } from '../modules/customers/customers.repository.js';
import type { InvoicesService } from '../modules/invoices/invoices.service.js';
import { createOrdersRepository } from '../modules/orders/orders.repository.js';

/**
 * Issues the full invoice of a paid sale in one transaction: the order locked (parallel requests take
 * turns, the second finds it invoiced: 1000146), its customer set or kept (it needs a tax id: 1000147,
 * 1000148 without a customer), the invoice numbered and written with its Verifactu record (an F3 when
 * a simplified invoice of it exists), its code recorded on the order; refunds made before it, not yet
 * rectified, get their rectifying invoices.
 */
export async function issueInvoice(
  deps: { db: Db; invoices: InvoicesService },
  auth: AuthContext,
  orderId: number,
  body: z.output<typeof createInvoiceBody>,
): Promise<Invoice> {
  return deps.db.transaction(async (tx) => {
    // 1. Lock the order: only a paid sale (or one since refunded) is invoiced.
    const orders = createOrdersRepository(tx);
    const order = await orders.lock(auth.licenseId, orderId);
    if (!order) throw notFound();
    if (order.originalOrderId !== null) throw new AppError('refundNotInvoiceable');
    if (order.status !== 'paid' && order.status !== 'refunded') throw new AppError('invoiceOrderNotPaid');
    // 2. The customer: the one chosen now, else the order's.
    const customerId = body.customerId ?? order.customerId;
    if (customerId === null) throw new AppError('invoiceWithoutCustomer');
    const customer = await createCustomersRepository(tx).find(auth.licenseId, customerId);
    if (!customer) throw invalid('customerId', 'unknown customer');
    // 3. The invoice, and its code on the order.
    const lines = await orders.lines(auth.licenseId, order.id);
    const invoice = await deps.invoices.fullFor(tx, auth, order, lines, customer);
    await orders.update(auth.licenseId, order.id, { invoiceCode: invoice.code, customerId });
    // 4. Refunds made before the invoice and not rectified yet: their rectifying invoices now.
    for (const refund of await orders.refundsOf(auth.licenseId, order.id)) {
      if (refund.invoiceCode !== null) continue;
      const refundLines = await orders.lines(auth.licenseId, refund.id);
      const rectifying = await deps.invoices.rectifyingFor(tx, auth, order, refund, refundLines, undefined);
      if (rectifying) await orders.update(auth.licenseId, refund.id, { invoiceCode: rectifying.code });
    }
    return deps.invoices.view(auth.licenseId, invoice, tx);
  });
}

/**
 * Annuls an invoice issued by mistake in one transaction: its order locked first (as issuing does), the
 * annulment and its Verifactu record written; the order's invoice code becomes the invoice still in
 * force (a simplified one an annulled F3 had replaced) or none, so it may be invoiced again.
 */
export async function annulInvoice(
  deps: { db: Db; invoices: InvoicesService },
  auth: AuthContext,
  invoiceId: number,
  reason: string,
): Promise<Invoice> {
  return deps.db.transaction(async (tx) => {
    const found = await deps.invoices.orderOf(tx, auth, invoiceId);
    const orders = createOrdersRepository(tx);
    await orders.lock(auth.licenseId, found.orderId);
    const { invoice, orderInvoiceCode } = await deps.invoices.annul(tx, auth, invoiceId, reason);
    await orders.update(auth.licenseId, invoice.orderId, { invoiceCode: orderInvoiceCode });
    return deps.invoices.view(auth.licenseId, invoice, tx);
  });
}
