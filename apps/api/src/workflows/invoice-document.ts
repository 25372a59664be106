import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { AppError, notFound } from '../lib/app-error.js';
import type { AuthContext } from '../lib/auth-context.js';
import type { FileStorage } from '../modules/files/file-storage.js';
import { createFilesRepository } from '../modules/files/files.repository.js';
import { renderInvoicePdf } from '../modules/invoices/invoice-pdf.js';
import { createInvoicesRepository } from '../modules/invoices/invoices.repository.js';
import type { InvoicesService } from '../modules/invoices/invoices.service.js';
import type { MailComposer } from '../modules/mails/mail-composer.js';

export interface InvoiceDocumentDeps {
  db: Db;
  invoices: InvoicesService;
  storage: FileStorage;
}

/**
 * An invoice's PDF: rendered once from the invoice (immutable, so the PDF is too) and kept as a file of
 * the license, in the background after issuing or at the first download; an annulled invoice is rendered
 * each time, marked as annulled. Answers the bytes and the kept file (none for an annulled invoice).
 */
export async function invoicePdf(
  deps: InvoiceDocumentDeps,
  licenseId: number,
  invoiceId: number,
): Promise<{ filename: string; data: Buffer; fileId: number | null }> {
  const repo = createInvoicesRepository(deps.db);
  const invoice = await repo.find(licenseId, invoiceId);
  if (!invoice) throw notFound();
  const filename = `factura-${invoice.code}.pdf`;
  const annulled = Boolean(await repo.annulment(invoice.id));
  // 1. Kept already: its bytes.
  if (!annulled) {
    const fileId = await repo.documentOf(invoice.id);
    const file = fileId === null ? undefined : await createFilesRepository(deps.db).find(licenseId, fileId);
    const kept = file && (await deps.storage.get(file.storageKey));
    if (kept) return { filename, data: kept, fileId: file.id };
  }
  // 2. Rendered from what the invoice says.
  const data = await renderInvoicePdf(await deps.invoices.document(licenseId, invoice, annulled));
  if (annulled) return { filename, data, fileId: null };
  // 3. Kept: the bytes first, then the file's row and the link in one transaction; a render that lost
  // a race to another keeps the other's file and removes its own bytes.
  const storageKey = `${licenseId}/invoices/${invoice.year}/${randomBytes(16).toString('hex')}`;
  await deps.storage.put(storageKey, data);
  const kept = await deps.db.transaction(async (tx) => {
    const file = await createFilesRepository(tx).insert({
      licenseId,
      name: filename,
      mimeType: 'application/pdf',
      size: data.length,
      storageKey,
    });
    const kept = await createInvoicesRepository(tx).saveDocument(invoice.id, file.id);
    if (kept === file.id) return kept;
    await createFilesRepository(tx).remove(licenseId, file.id);
    return null;
  });
  if (kept === null) await deps.storage.delete(storageKey);
  return { filename, data, fileId: kept ?? (await repo.documentOf(invoice.id)) };
}

/** The PDF of an invoice a user asked for (404 when it is not the license's). */
export const invoicePdfOf = (deps: InvoiceDocumentDeps, auth: AuthContext, invoiceId: number) =>
  invoicePdf(deps, auth.licenseId, invoiceId);

/**
 * An invoice by mail through the outbox, its PDF attached (rendered and kept first if it was not yet):
 * to its customer or another customer's address. An annulled invoice is not sent (1000152).
 */
export async function mailInvoice(
  deps: InvoiceDocumentDeps & { composer: Pick<MailComposer, 'invoiceMail'> },
  auth: AuthContext,
  invoiceId: number,
  email?: string,
) {
  const repo = createInvoicesRepository(deps.db);
  const invoice = await repo.find(auth.licenseId, invoiceId);
  if (!invoice) throw notFound();
  if (await repo.annulment(invoice.id)) throw new AppError('invoiceAlreadyAnnulled');
  const { fileId } = await invoicePdf(deps, auth.licenseId, invoice.id);
  const rectified =
    invoice.rectifiedInvoiceId === null
      ? undefined
      : await repo.find(auth.licenseId, invoice.rectifiedInvoiceId);
  return deps.composer.invoiceMail(
    auth,
    {
      code: invoice.code,
      type: invoice.type,
      issuedAt: invoice.issuedAt,
      totalCents: invoice.totalCents,
      customerName: invoice.recipient?.name ?? null,
      orderCode: (await repo.orderSummary(invoice.orderId))?.code ?? null,
      rectifiedCode: rectified?.code,
      customerId: invoice.customerId,
      language: invoice.language,
    },
    fileId!,
    email,
  );
}

/**
 * The PDFs of invoices issued without one yet (the minute job, "PDF queued" after issuing): rendered
 * and kept, up to `limit` a run, oldest first. Answers how many.
 */
export async function renderPendingInvoiceDocuments(deps: InvoiceDocumentDeps, limit = 50) {
  const pending = await createInvoicesRepository(deps.db).withoutDocument(limit);
  for (const invoice of pending) await invoicePdf(deps, invoice.licenseId, invoice.id);
  return pending.length;
}
