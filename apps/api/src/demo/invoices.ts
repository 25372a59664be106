import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Services } from '../app.js';
import type { Db } from '../db/client.js';
import type { AuthContext } from '../lib/auth-context.js';
import { customers } from '../modules/customers/customers.table.js';
import { invoiceLinesOf, recipientOf, recipientProblem } from '../modules/invoices/invoice-content.js';
import type { InvoiceRow } from '../modules/invoices/invoices.repository.js';
import { createOrdersRepository } from '../modules/orders/orders.repository.js';
import { orders } from '../modules/orders/orders.table.js';

/**
 * The demo company's invoicing: its billing data, simplified invoices on, and the invoices of the last
 * two months issued at their sales' dates: a full invoice for customers with a tax id, a ticket for the
 * other sales up to 400 €, the rectifying invoice of each refund of an invoiced sale. Verifactu stays
 * off (the demo has no certificate), so the invoices print without QR.
 */
export async function seedDemoInvoices(db: Db, services: Services, licenseId: number, now = new Date()) {
  const auth = {
    licenseId,
    userId: null,
    permissions: new Set(['settings_paymentGateway']),
  } as unknown as AuthContext;
  await services.settings.update(auth, {
    billing: {
      legalName: 'Centro Bienestar Aurora S.L.',
      street: 'Calle de Alcalá, 120',
      postalCode: '28009',
      city: 'Madrid',
      state: 'Madrid',
      country: 'España',
      fullSeries: '',
      simplifiedSeries: 'T',
      rectifyingSeries: 'R',
      simplifiedInvoices: true,
      simplifiedInvoiceLimit: 400,
    },
    verifactu: { status: false, environment: 'test', taxId: 'B12345678' },
  });
  const settings = await services.settings.ofLicense(licenseId);
  const since = new Date(now.getTime() - 61 * 86_400_000);
  const sold = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.licenseId, licenseId),
        inArray(orders.status, ['paid', 'refunded']),
        gte(orders.paymentDate, since),
      ),
    )
    .orderBy(asc(orders.paymentDate), asc(orders.id));
  const customerIds = [...new Set(sold.flatMap((o) => (o.customerId === null ? [] : [o.customerId])))];
  const people = customerIds.length
    ? await db.select().from(customers).where(inArray(customers.id, customerIds))
    : [];
  const byId = new Map(people.map((c) => [c.id, c]));
  let issued = 0;
  await db.transaction(async (tx) => {
    const repo = createOrdersRepository(tx);
    const invoiced = new Map<number, InvoiceRow>();
    // Sales first, then their refunds: each series numbered in date order.
    for (const order of [
      ...sold.filter((o) => o.originalOrderId === null),
      ...sold.filter((o) => o.originalOrderId !== null),
    ]) {
      const lines = await repo.lines(licenseId, order.id);
      const base = {
        licenseId,
        settings,
        order,
        lines: invoiceLinesOf(lines),
        createdBy: null,
        issuedAt: order.paymentDate!,
      };
      let invoice: InvoiceRow | undefined;
      if (order.originalOrderId !== null) {
        const original = invoiced.get(order.originalOrderId);
        if (!original) continue;
        invoice = await services.invoices.issue(tx, {
          ...base,
          customerId: original.customerId,
          type: original.type === 'F2' ? 'R5' : 'R1',
          recipient: original.type === 'F2' ? null : original.recipient,
          language: original.language,
          related: original,
        });
      } else {
        const customer = order.customerId === null ? undefined : byId.get(order.customerId);
        if (customer && !recipientProblem(customer)) {
          invoice = await services.invoices.issue(tx, {
            ...base,
            customerId: customer.id,
            type: 'F1',
            recipient: recipientOf(customer),
            language: settings.locale,
          });
        } else if (order.totalCents > 0 && order.totalCents <= 40_000) {
          invoice = await services.invoices.issue(tx, {
            ...base,
            customerId: order.customerId,
            type: 'F2',
            recipient: null,
            language: settings.locale,
          });
        }
        if (invoice) invoiced.set(order.id, invoice);
      }
      if (!invoice) continue;
      await repo.update(licenseId, order.id, { invoiceCode: invoice.code });
      issued++;
    }
  });
  return issued;
}
