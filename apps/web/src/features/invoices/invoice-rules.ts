import type { Invoice, InvoiceType, Order, VerifactuRecord } from '@mostrador/contract';

/** Full invoices name their recipient: an F1, or an F3 that replaced a simplified invoice. */
export function isFullInvoiceType(type: InvoiceType): boolean {
  return type === 'F1' || type === 'F3';
}

/** Rectifying invoices correct another one (R1–R4 by legal reason, R5 a simplified one). */
export function isRectifyingType(type: InvoiceType): boolean {
  return type.startsWith('R');
}

/** The sale's full invoice in force (not annulled), if it has one. */
export function currentFullInvoice<T extends Pick<Invoice, 'type' | 'annulment'>>(
  invoices: readonly T[],
): T | undefined {
  return invoices.find((invoice) => isFullInvoiceType(invoice.type) && invoice.annulment === null);
}

/** The sale's simplified invoice in force, which a full invoice would replace (as an F3). */
export function currentSimplifiedInvoice<T extends Pick<Invoice, 'type' | 'annulment'>>(
  invoices: readonly T[],
): T | undefined {
  return invoices.find((invoice) => invoice.type === 'F2' && invoice.annulment === null);
}

/**
 * Whether staff may issue the order's full invoice (as the server allows it): a sale, not a refund, paid
 * or since refunded, without a full invoice in force.
 */
export function canIssueFullInvoice(
  order: Pick<Order, 'status' | 'originalOrderId'>,
  invoices: readonly Pick<Invoice, 'type' | 'annulment'>[],
): boolean {
  if (order.originalOrderId !== null) return false;
  if (order.status !== 'paid' && order.status !== 'refunded') return false;
  return currentFullInvoice(invoices) === undefined;
}

/** The latest record of a kind (an alta may be sent again after a rejection: the last one says where it stands). */
export function latestRecord(
  records: readonly VerifactuRecord[],
  kind: VerifactuRecord['kind'],
): VerifactuRecord | undefined {
  return records.filter((record) => record.kind === kind).at(-1);
}
