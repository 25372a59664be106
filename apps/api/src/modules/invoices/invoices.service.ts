import {
  centsToEuros,
  type Invoice,
  type InvoiceListItem,
  type InvoiceSeries,
  type InvoiceType,
  type Language,
  type ListQuery,
  type RectificationReason,
  type Settings,
} from '@mostrador/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { aeatAmount } from '../../integrations/verifactu/format.js';
import { verifactuQrUrl } from '../../integrations/verifactu/qr.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { pageOf } from '../../lib/list.js';
import { zoneOffsetMinutes } from '../../lib/time.js';
import type { FileStorage } from '../files/file-storage.js';
import { createFilesRepository } from '../files/files.repository.js';
import { type ReportFormat, sheetsFile } from '../reports/bookings-report-sheets.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  type CustomerForInvoice,
  invoiceCode,
  invoiceLinesOf,
  issuerOf,
  type OrderLineForInvoice,
  recipientOf,
  recipientProblem,
  taxesOf,
} from './invoice-content.js';
import type { InvoiceDocument } from './invoice-pdf.js';
import { createInvoicesRepository, type InvoiceRow, type VerifactuRecordRow } from './invoices.repository.js';
import type { StoredInvoiceLine } from './invoices.table.js';
import { invoicingByProduct, invoicingSheets } from './invoicing-report.js';
import { appendAlta, appendAnulacion, type SystemIdentity } from './verifactu-chain.js';

/** The calendar date of `instant` in `timeZone`: year, and `YYYY-MM-DD`. */
export function localDate(instant: Date, timeZone: string) {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  const iso = local.toISOString().slice(0, 10);
  return { year: local.getUTCFullYear(), iso };
}

const seriesPrefix = (settings: Settings, series: InvoiceSeries) =>
  series === 'full'
    ? settings.billing.fullSeries
    : series === 'simplified'
      ? settings.billing.simplifiedSeries
      : settings.billing.rectifyingSeries;

/** Who the invoice is for, and what it says: the input of `issue`. */
export interface InvoiceToIssue {
  licenseId: number;
  settings: Settings;
  order: { id: number; code: number };
  customerId: number | null;
  type: InvoiceType;
  recipient: ReturnType<typeof recipientOf> | null;
  lines: StoredInvoiceLine[];
  language: Language;
  /** The invoice a rectifying one corrects, or the simplified one an F3 replaces. */
  related?: InvoiceRow;
  createdBy: number | null;
  /** When it is issued; now unless told (the demo issues its past invoices at their sales' dates). */
  issuedAt?: Date;
}

const seriesOf = (type: InvoiceType): InvoiceSeries =>
  type.startsWith('R') ? 'rectifying' : type === 'F2' ? 'simplified' : 'full';

/** An order's invoice that counts (not annulled, not rectifying): the full one, else the simplified one. */
export function currentInvoice(rows: { invoice: InvoiceRow; annulledAt: Date | null }[]) {
  const live = rows.filter((r) => r.annulledAt === null).map((r) => r.invoice);
  return (
    live.find((i) => i.type === 'F1' || i.type === 'F3') ?? live.find((i) => i.type === 'F2') ?? undefined
  );
}

export function createInvoicesService(deps: {
  db: Db;
  settings: SettingsService;
  identity: SystemIdentity;
  storage: FileStorage;
}) {
  const { db } = deps;

  /**
   * Issues an invoice in the caller's transaction: the next number of its series and year (the
   * counter's row locked until commit, so numbers are gapless), the invoice row as a copy of what it
   * says, and with Verifactu on its alta record chained to the license's last record.
   */
  async function issue(tx: DbOrTx, args: InvoiceToIssue): Promise<InvoiceRow> {
    const issuer = issuerOf(args.settings);
    if (!issuer) throw new AppError('billingNotConfigured');
    const repo = createInvoicesRepository(tx);
    const now = args.issuedAt ?? new Date();
    const timeZone = args.settings.timeZone;
    const { year, iso } = localDate(now, timeZone);
    const series = seriesOf(args.type);
    const number = await repo.nextNumber(args.licenseId, series, year);
    const taxes = taxesOf(args.lines);
    const taxBaseCents = args.lines.reduce((sum, l) => sum + l.taxBaseCents, 0);
    const totalCents = args.lines.reduce((sum, l) => sum + l.totalCents, 0);
    const invoice = await repo.insert({
      licenseId: args.licenseId,
      orderId: args.order.id,
      customerId: args.customerId,
      series,
      year,
      number,
      code: invoiceCode(seriesPrefix(args.settings, series), year, number),
      type: args.type,
      rectifiedInvoiceId: args.type.startsWith('R') ? (args.related?.id ?? null) : null,
      replacedInvoiceId: args.type === 'F3' ? (args.related?.id ?? null) : null,
      issuedAt: now,
      issueDate: iso,
      timeZone,
      language: args.language,
      issuer,
      recipient: args.recipient,
      lines: args.lines,
      taxes,
      taxBaseCents,
      taxCents: totalCents - taxBaseCents,
      totalCents,
      createdBy: args.createdBy,
    });
    if (args.settings.verifactu.status)
      await appendAlta(repo, {
        invoice,
        orderCode: args.order.code,
        environment: args.settings.verifactu.environment,
        identity: deps.identity,
        related: args.related,
      });
    return invoice;
  }

  async function view(licenseId: number, invoice: InvoiceRow, dbOrTx: DbOrTx = db): Promise<Invoice> {
    const repo = createInvoicesRepository(dbOrTx);
    const relatedIds = [invoice.rectifiedInvoiceId, invoice.replacedInvoiceId].filter(
      (id): id is number => id !== null,
    );
    // One after another: inside a transaction they share its single connection.
    const annulment = await repo.annulment(invoice.id);
    const records = await repo.recordsOf([invoice.id]);
    const codes = await repo.codesOf(licenseId, relatedIds);
    const orderCode = (await repo.orderSummary(invoice.orderId))?.code ?? 0;
    const related = (id: number | null) => (id === null ? null : { id, code: codes.get(id) ?? '' });
    return {
      id: invoice.id,
      code: invoice.code,
      type: invoice.type,
      series: invoice.series,
      orderId: invoice.orderId,
      orderCode,
      customerId: invoice.customerId,
      issuedAt: invoice.issuedAt.toISOString(),
      issueDate: invoice.issueDate,
      language: invoice.language,
      issuer: invoice.issuer,
      recipient: invoice.recipient,
      lines: invoice.lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unitPrice: centsToEuros(l.unitPriceCents),
        discount: centsToEuros(l.discountCents),
        taxPercentage: l.taxPercentage / 100,
        taxBase: centsToEuros(l.taxBaseCents),
        total: centsToEuros(l.totalCents),
      })),
      taxes: invoice.taxes.map((t) => ({
        taxPercentage: t.taxPercentage / 100,
        taxBase: centsToEuros(t.taxBaseCents),
        tax: centsToEuros(t.taxCents),
      })),
      taxBase: centsToEuros(invoice.taxBaseCents),
      tax: centsToEuros(invoice.taxCents),
      total: centsToEuros(invoice.totalCents),
      rectifiedInvoice: related(invoice.rectifiedInvoiceId),
      replacedInvoice: related(invoice.replacedInvoiceId),
      annulment: annulment
        ? {
            reason: annulment.reason,
            annulledAt: annulment.annulledAt.toISOString(),
            annulledBy: annulment.annulledBy,
          }
        : null,
      verifactu: records.map(recordView),
      createdBy: invoice.createdBy,
    };
  }

  /** The company's logo bytes, or null (none, or its file gone). */
  async function logoOf(licenseId: number, fileId: number | null) {
    if (fileId === null) return null;
    const file = await createFilesRepository(db).find(licenseId, fileId);
    return (file && (await deps.storage.get(file.storageKey))) ?? null;
  }

  /** What the invoice's PDF prints: the invoice as issued, the QR of its alta record, the company's logo. */
  async function document(
    licenseId: number,
    invoice: InvoiceRow,
    annulled: boolean,
  ): Promise<InvoiceDocument> {
    const repo = createInvoicesRepository(db);
    const relatedId = invoice.rectifiedInvoiceId ?? invoice.replacedInvoiceId;
    const [settings, records, related, order] = await Promise.all([
      deps.settings.ofLicense(licenseId),
      repo.recordsOf([invoice.id]),
      relatedId === null ? undefined : repo.find(licenseId, relatedId),
      repo.orderSummary(invoice.orderId),
    ]);
    const alta = records.find((r) => r.kind === 'alta');
    const reference = related ? { code: related.code, issuedAt: related.issuedAt } : null;
    return {
      code: invoice.code,
      type: invoice.type,
      issuedAt: invoice.issuedAt,
      timeZone: invoice.timeZone,
      language: invoice.language,
      issuer: {
        legalName: invoice.issuer.name,
        taxId: invoice.issuer.taxId ?? '',
        addressLines: invoice.issuer.address,
        email: settings.email,
        phone: settings.phone,
        web: settings.web,
      },
      logo: await logoOf(licenseId, settings.logo),
      recipient: invoice.recipient
        ? {
            name: invoice.recipient.name,
            taxId: invoice.recipient.taxId,
            addressLines: invoice.recipient.address,
          }
        : null,
      lines: invoice.lines,
      taxes: invoice.taxes,
      taxBaseCents: invoice.taxBaseCents,
      taxCents: invoice.taxCents,
      totalCents: invoice.totalCents,
      rectifies: invoice.rectifiedInvoiceId !== null ? reference : null,
      replaces: invoice.replacedInvoiceId !== null && reference ? [reference] : [],
      orderCode: order?.code ?? null,
      paymentMethod: order?.paymentMethod ?? null,
      verifactu: alta
        ? {
            qrUrl: verifactuQrUrl({
              environment: alta.environment,
              nif: alta.issuerTaxId,
              numSerie: alta.numSerie,
              fecha: alta.issueDate,
              importe: alta.totalAmount ?? aeatAmount(invoice.totalCents),
            }),
            sentToAeat: true,
          }
        : null,
      annulled,
    };
  }

  return {
    issue,
    view,
    document,

    /** The simplified invoice of a paid sale, when the company issues them and the sale is within the limit. */
    async simplifiedFor(
      tx: DbOrTx,
      licenseId: number,
      order: { id: number; code: number; totalCents: number; customerId: number | null },
      lines: OrderLineForInvoice[],
      createdBy: number | null,
    ): Promise<InvoiceRow | null> {
      const settings = await deps.settings.ofLicense(licenseId, tx);
      if (!settings.billing.simplifiedInvoices) return null;
      if (order.totalCents <= 0 || order.totalCents > settings.billing.simplifiedInvoiceLimit * 100)
        return null;
      if (!issuerOf(settings)) return null;
      return issue(tx, {
        licenseId,
        settings,
        order,
        customerId: order.customerId,
        type: 'F2',
        recipient: null,
        lines: invoiceLinesOf(lines),
        language: settings.locale,
        createdBy,
      });
    },

    /**
     * The full invoice of a paid sale (F1, or F3 replacing its simplified invoice): the customer must
     * have a tax id. Answers the invoice; the caller records its code on the order.
     */
    async fullFor(
      tx: DbOrTx,
      auth: AuthContext,
      order: { id: number; code: number },
      lines: OrderLineForInvoice[],
      customer: CustomerForInvoice & { id: number; language: string | null },
    ) {
      const problem = recipientProblem(customer);
      if (problem === 'noTaxId') throw new AppError('invoiceCustomerWithoutTaxId');
      if (problem === 'invalidTaxId') throw new AppError('invoiceCustomerTaxIdInvalid');
      const existing = await createInvoicesRepository(tx).ofOrder(auth.licenseId, order.id);
      const current = currentInvoice(existing);
      if (current && current.type !== 'F2') throw new AppError('orderAlreadyInvoiced');
      const settings = await deps.settings.ofLicense(auth.licenseId, tx);
      return issue(tx, {
        licenseId: auth.licenseId,
        settings,
        order,
        customerId: customer.id,
        type: current ? 'F3' : 'F1',
        recipient: recipientOf(customer),
        lines: invoiceLinesOf(lines),
        language: (customer.language as Language | null) ?? settings.locale,
        related: current,
        createdBy: auth.userId,
      });
    },

    /**
     * The rectifying invoice of a refund of an invoiced sale, by difference (its lines are the refund's,
     * negative): R5 for a simplified invoice, else the reason given (R1 by default). Null when the sale
     * has no invoice.
     */
    async rectifyingFor(
      tx: DbOrTx,
      auth: AuthContext,
      original: { id: number },
      refund: { id: number; code: number; customerId: number | null },
      lines: OrderLineForInvoice[],
      reason: RectificationReason | undefined,
    ) {
      const current = currentInvoice(await createInvoicesRepository(tx).ofOrder(auth.licenseId, original.id));
      if (!current) return null;
      const settings = await deps.settings.ofLicense(auth.licenseId, tx);
      return issue(tx, {
        licenseId: auth.licenseId,
        settings,
        order: refund,
        customerId: current.customerId,
        type: current.type === 'F2' ? 'R5' : (reason ?? 'R1'),
        recipient: current.type === 'F2' ? null : current.recipient,
        lines: invoiceLinesOf(lines),
        language: current.language,
        related: current,
        createdBy: auth.userId,
      });
    },

    /**
     * Annuls an invoice issued by mistake, in the caller's transaction: the annulment's row and, when
     * the invoice went to Verifactu, its anulación record. Answers the invoice.
     */
    async annul(tx: DbOrTx, auth: AuthContext, id: number, reason: string) {
      const repo = createInvoicesRepository(tx);
      const invoice = await repo.find(auth.licenseId, id);
      if (!invoice) throw notFound();
      if (await repo.annulment(invoice.id)) throw new AppError('invoiceAlreadyAnnulled');
      if ((await repo.liveRectifications(auth.licenseId, invoice.id)).length)
        throw new AppError('invoiceHasRectifications');
      await repo.insertAnnulment({
        invoiceId: invoice.id,
        licenseId: auth.licenseId,
        reason,
        annulledBy: auth.userId,
      });
      const records = await repo.recordsOf([invoice.id]);
      if (records.some((r) => r.kind === 'alta')) {
        const settings = await deps.settings.ofLicense(auth.licenseId, tx);
        await appendAnulacion(repo, {
          invoice,
          environment: settings.verifactu.environment,
          identity: deps.identity,
        });
      }
      const rows = await repo.ofOrder(auth.licenseId, invoice.orderId);
      return { invoice, orderInvoiceCode: currentInvoice(rows)?.code ?? liveRectifying(rows)?.code ?? null };
    },

    /** The monthly invoicing report by product of a year. */
    report: (auth: AuthContext, year: number) => invoicingByProduct(db, auth.licenseId, year),

    /** The same as a CSV or XLSX file, its labels in the company's main language. */
    async reportFile(auth: AuthContext, year: number, format: ReportFormat) {
      const [report, settings] = await Promise.all([
        invoicingByProduct(db, auth.licenseId, year),
        deps.settings.ofLicense(auth.licenseId),
      ]);
      return sheetsFile(
        invoicingSheets(report, settings.locale),
        format,
        auth.timeZone,
        `facturacion-por-producto-${year}`,
      );
    },

    /** The order an invoice belongs to (404 when it is not the license's). */
    async orderOf(tx: DbOrTx, auth: AuthContext, id: number) {
      const invoice = await createInvoicesRepository(tx).find(auth.licenseId, id);
      if (!invoice) throw notFound();
      return { orderId: invoice.orderId };
    },

    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await createInvoicesRepository(db).list(auth.licenseId, {
        ...query,
        timeZone: auth.timeZone,
      });
      return pageOf(
        rows.map(
          (r): InvoiceListItem => ({
            id: r.invoice.id,
            code: r.invoice.code,
            type: r.invoice.type,
            series: r.invoice.series,
            issuedAt: r.invoice.issuedAt.toISOString(),
            orderId: r.invoice.orderId,
            orderCode: r.orderCode,
            customerId: r.invoice.customerId,
            recipientName: r.invoice.recipient?.name ?? null,
            recipientTaxId: r.invoice.recipient?.taxId ?? null,
            taxBase: centsToEuros(r.invoice.taxBaseCents),
            total: centsToEuros(r.invoice.totalCents),
            annulled: Boolean(r.annulled),
            verifactuState: (r.verifactuState as InvoiceListItem['verifactuState']) ?? null,
          }),
        ),
        count,
        query,
      );
    },

    async get(auth: AuthContext, id: number): Promise<Invoice> {
      const invoice = await createInvoicesRepository(db).find(auth.licenseId, id);
      if (!invoice) throw notFound();
      return view(auth.licenseId, invoice);
    },

    /** The invoices of an order (its own and, for a sale, its refunds' rectifying ones), oldest first. */
    async ofOrder(auth: AuthContext, orderId: number): Promise<Invoice[]> {
      const repo = createInvoicesRepository(db);
      if (!(await repo.orderExists(auth.licenseId, orderId))) throw notFound();
      const rows = await repo.ofOrder(auth.licenseId, orderId);
      return Promise.all(rows.map((r) => view(auth.licenseId, r.invoice)));
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;

/** A refund's rectifying invoice still in force (a refund order's own invoice). */
function liveRectifying(rows: { invoice: InvoiceRow; annulledAt: Date | null }[]) {
  return rows.find((r) => r.annulledAt === null && r.invoice.type.startsWith('R'))?.invoice;
}

function recordView(r: VerifactuRecordRow) {
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    hash: r.hash,
    generatedAt: r.generatedAt,
    environment: r.environment,
    errorCode: r.errorCode,
    errorText: r.errorText,
    csv: r.csv,
    attempts: r.attempts,
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}
