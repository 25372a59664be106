import { z } from 'zod';
import { emailSchema, text } from './common.js';
import { invoiceSeries, invoiceTypes, verifactuStates } from './invoice-values.js';
import { languages } from './languages.js';
import { listQuery } from './list.js';

export * from './invoice-values.js';

/** A Verifactu record (alta for an issued invoice, anulación for an annulment) as staff see it. */
export const verifactuRecordSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['alta', 'anulacion']),
  state: z.enum(verifactuStates),
  hash: z.string().describe('The record’s huella (SHA-256, uppercase hex)'),
  generatedAt: z.string().describe('FechaHoraHusoGenRegistro as sent'),
  environment: z.enum(['test', 'production']),
  errorCode: z.number().int().nullable().describe('AEAT’s error code, when it answered one'),
  errorText: z.string().nullable(),
  csv: z.string().nullable().describe('AEAT’s receipt (CSV) of the submission that carried it'),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
});
export type VerifactuRecord = z.infer<typeof verifactuRecordSchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  discount: z.number(),
  taxPercentage: z.number().describe('VAT rate in percent, e.g. 21'),
  taxBase: z.number(),
  total: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceTaxSchema = z.object({
  taxPercentage: z.number(),
  taxBase: z.number(),
  tax: z.number(),
});

export const invoicePartySchema = z.object({
  name: z.string(),
  taxId: z.string().nullable(),
  address: z.array(z.string()).describe('Address lines as printed'),
});
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

/** An invoice: immutable once issued; an annulment is a record of its own beside it. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  code: z
    .string()
    .describe('`2026-000042`, `T2026-000042`, `R2026-000042` (with the company’s series prefix)'),
  type: z.enum(invoiceTypes),
  series: z.enum(invoiceSeries),
  orderId: z.number().int(),
  orderCode: z.number().int(),
  customerId: z.number().int().nullable(),
  issuedAt: z.string(),
  issueDate: z.string().describe('The issue date in the company’s time zone, YYYY-MM-DD'),
  language: z.enum(languages),
  issuer: invoicePartySchema,
  recipient: invoicePartySchema.nullable().describe('Null on simplified invoices (F2, R5)'),
  lines: z.array(invoiceLineSchema),
  taxes: z.array(invoiceTaxSchema).describe('One entry per VAT rate'),
  taxBase: z.number(),
  tax: z.number(),
  total: z.number().describe('Negative on a rectifying invoice (by difference)'),
  rectifiedInvoice: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  replacedInvoice: z
    .object({ id: z.number().int(), code: z.string() })
    .nullable()
    .describe('On an F3: the simplified invoice it replaces'),
  annulment: z
    .object({ reason: z.string(), annulledAt: z.string(), annulledBy: z.number().int().nullable() })
    .nullable(),
  verifactu: z
    .array(verifactuRecordSchema)
    .describe('Its Verifactu records (alta, then anulación if annulled); empty with Verifactu off'),
  createdBy: z.number().int().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListFields = [
  'id',
  'code',
  'type',
  'series',
  'issuedAt',
  'orderId',
  'orderCode',
  'customerId',
  'recipientName',
  'recipientTaxId',
  'taxBase',
  'total',
  'annulled',
  'verifactuState',
] as const;
export const invoiceListQuery = listQuery(invoiceListFields);

export const invoiceListItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(invoiceTypes),
  series: z.enum(invoiceSeries),
  issuedAt: z.string(),
  orderId: z.number().int(),
  orderCode: z.number().int(),
  customerId: z.number().int().nullable(),
  recipientName: z.string().nullable(),
  recipientTaxId: z.string().nullable(),
  taxBase: z.number(),
  total: z.number(),
  annulled: z.boolean(),
  verifactuState: z
    .enum(verifactuStates)
    .nullable()
    .describe('The alta record’s state; null without Verifactu'),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

/**
 * `POST /admin/orders/{id}/invoice`: a full invoice of a paid order (F1, or F3 when a simplified
 * invoice of it exists). The customer needs a tax id (409 1000147); `customerId` sets the order's
 * customer at that moment (it must be the license's, with a tax id).
 */
export const createInvoiceBody = z.object({
  customerId: z.number().int().positive().max(2_147_483_647).optional(),
  sendTo: emailSchema.optional().describe('Also mail the invoice (PDF attached) to this address'),
});
export type CreateInvoiceBody = z.input<typeof createInvoiceBody>;

/** `POST /admin/invoices/{id}/annul`: an invoice issued by mistake; its number stays used. */
export const annulInvoiceBody = z.object({ reason: text(3, 500) });
export type AnnulInvoiceBody = z.input<typeof annulInvoiceBody>;

/** `POST /admin/invoices/{id}/mail`: the invoice's PDF by mail, to the customer or to `email`. */
export const mailInvoiceBody = z.object({ email: emailSchema.optional() });
export type MailInvoiceBody = z.input<typeof mailInvoiceBody>;

/** `GET /admin/reports/invoicing-by-product?year=` */
export const invoicingReportQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  format: z.enum(['json', 'csv', 'xlsx']).optional(),
});

const monthFigures = z.object({
  month: z.number().int().min(1).max(12),
  taxBase: z.number(),
  tax: z.number(),
  total: z.number(),
});

/**
 * Invoiced amounts per product and month of issue (company time zone): issued, not annulled invoices,
 * rectifying ones subtracting; a simplified invoice replaced by an F3 counts once.
 */
export const invoicingReportSchema = z.object({
  year: z.number().int(),
  items: z.array(
    z.object({
      productId: z.number().int().nullable(),
      productName: z.string(),
      months: z.array(monthFigures).length(12),
      taxBase: z.number(),
      tax: z.number(),
      total: z.number(),
    }),
  ),
  totals: z.object({
    months: z.array(monthFigures).length(12),
    taxBase: z.number(),
    tax: z.number(),
    total: z.number(),
  }),
});
export type InvoicingReport = z.infer<typeof invoicingReportSchema>;

/** What the billing screen shows of the uploaded certificate (the file and password never come back). */
export const certificateInfoSchema = z.object({
  holder: z.string(),
  taxId: z.string().nullable(),
  issuer: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
});
export type CertificateInfo = z.infer<typeof certificateInfoSchema>;

/** Days before a certificate expires when the billing screen (and the dashboard) start warning. */
export const CERTIFICATE_WARNING_DAYS = 30;

/**
 * A Spanish tax id (NIF/NIE/CIF) as AEAT takes it: nine characters, letters and digits. The check
 * letter is not verified here (AEAT's census does that); the shape is.
 */
export const spanishTaxIdPattern = /^[0-9A-Z][0-9]{7}[0-9A-Z]$/;

/**
 * Series prefixes AEAT accepts in NumSerieFactura: printable ASCII without `" ' < > =`.
 */
export const invoiceSeriesPrefix = z
  .string()
  .trim()
  .max(10)
  .regex(/^[ !#-&(-;?-~]*$/, { message: 'letters, digits and signs other than " \' < > =' });

/** `POST /admin/verifactu/check`: the chain recomputed; the first record that breaks it, if any. */
export const chainCheckSchema = z.object({
  checked: z.number().int().describe('Records found intact before the first break (all, when intact)'),
  ok: z.boolean(),
  firstBreak: z.object({ seq: z.number().int(), invoiceCode: z.string(), reason: z.string() }).nullable(),
});
export type ChainCheck = z.infer<typeof chainCheckSchema>;
