import { centsToEuros, type Order, type OrderListItem } from '@mostrador/contract';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { createOrdersRepository, type OrderLineRecord, type OrderRow } from './orders.repository.js';

type ListRow = Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['list']>>['rows'][number];

/** An order as the API answers it: euros, ISO dates, its lines with their product's name and booking. */
export function toOrder(row: OrderRow, lines: OrderLineRecord[]): Order {
  return {
    id: row.id,
    code: row.code,
    customerId: row.customerId,
    status: row.status,
    paymentMethod: row.paymentMethod,
    notes: row.notes,
    taxBase: centsToEuros(row.taxBaseCents),
    taxes: centsToEuros(row.totalCents - row.taxBaseCents),
    total: centsToEuros(row.totalCents),
    invoiceCode: row.invoiceCode,
    paymentDate: row.paymentDate?.toISOString() ?? null,
    paymentTransactionToken: row.paymentTransactionToken,
    originalOrderId: row.originalOrderId,
    cashRegisterId: row.cashRegisterId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      productName: l.productName,
      quantity: l.quantity,
      unitPrice: centsToEuros(l.unitPriceCents),
      discount: centsToEuros(l.discountCents),
      taxPercentage: l.taxPercentage / 100,
      taxBase: centsToEuros(l.taxBaseCents),
      total: centsToEuros(l.totalCents),
      refundedQuantity: l.refundedQuantity,
      bookingId: l.bookingId,
      originalLineId: l.originalLineId,
    })),
  };
}

/** A row of the order list: the spec's columns. */
export function toListItem(r: ListRow): OrderListItem {
  return {
    id: r.id,
    originalOrderId: r.originalOrderId,
    code: r.code,
    image: r.image,
    createdAt: r.createdAt.toISOString(),
    contactEmail: r.contactEmail,
    contactPhone: r.contactPhone,
    companyName: r.companyName,
    name: r.name,
    surname: r.surname,
    amount: centsToEuros(r.totalCents),
    status: r.status,
    invoiceCode: r.invoiceCode,
    paymentDate: r.paymentDate?.toISOString() ?? null,
    paymentMethod: r.paymentMethod,
    paymentTransactionToken: r.paymentTransactionToken,
    customerId: r.customerId,
    cashRegisterId: r.cashRegisterId,
  };
}

/** The license's order `id` with its lines, read in `db` (a transaction sees its own writes); 404. */
export async function readOrder(db: DbOrTx, licenseId: number, id: number): Promise<Order> {
  const r = createOrdersRepository(db);
  const row = await r.find(licenseId, id);
  if (!row) throw notFound();
  return toOrder(row, await r.lines(licenseId, id));
}
