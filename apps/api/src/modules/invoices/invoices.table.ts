import type { InvoiceParty, InvoiceSeries, InvoiceType, Language } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { customers } from '../customers/customers.table.js';
import { files } from '../files/files.table.js';
import { licenses } from '../licenses/licenses.table.js';
import { orders } from '../orders/orders.table.js';

/**
 * The last number given in each series and year of a license. Issuing an invoice increments its row
 * inside the issuing transaction: the row lock makes parallel issuers (in any process) take turns, and a
 * rolled-back invoice rolls its number back, so numbers have no gaps.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    series: text('series').$type<InvoiceSeries>().notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.licenseId, t.series, t.year] })],
);

/** An invoice line as issued: the order line's figures in cents, its product's name at that moment. */
export interface StoredInvoiceLine {
  description: string;
  productId: number | null;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  /** Hundredths of a percent: 2100 is 21 %. */
  taxPercentage: number;
  taxBaseCents: number;
  totalCents: number;
}

export interface StoredInvoiceTax {
  taxPercentage: number;
  taxBaseCents: number;
  taxCents: number;
}

/**
 * An issued invoice: everything it says, copied when issued (issuer, recipient, lines, taxes), so that
 * it never changes when the company, the customer or the products do. Rows are immutable (a trigger
 * refuses updates, and deletes except with the license); an annulment is a row of `invoice_annulments`.
 */
export const invoices = pgTable(
  'invoices',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: integer('customer_id').references(() => customers.id),
    series: text('series').$type<InvoiceSeries>().notNull(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    code: text('code').notNull(),
    type: text('type').$type<InvoiceType>().notNull(),
    /** A rectifying invoice's original. */
    rectifiedInvoiceId: integer('rectified_invoice_id').references((): AnyPgColumn => invoices.id),
    /** An F3's simplified invoice. */
    replacedInvoiceId: integer('replaced_invoice_id').references((): AnyPgColumn => invoices.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The issue date in the company's time zone. */
    issueDate: date('issue_date').notNull(),
    timeZone: text('time_zone').notNull(),
    language: text('language').$type<Language>().notNull(),
    issuer: jsonb('issuer').$type<InvoiceParty>().notNull(),
    recipient: jsonb('recipient').$type<InvoiceParty>(),
    lines: jsonb('lines').$type<StoredInvoiceLine[]>().notNull(),
    taxes: jsonb('taxes').$type<StoredInvoiceTax[]>().notNull(),
    taxBaseCents: integer('tax_base_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Who issued it (an employee id; none when issued by the system, e.g. a simplified invoice). */
    createdBy: integer('created_by'),
  },
  (t) => [
    uniqueIndex('invoices_license_code_idx').on(t.licenseId, t.code),
    uniqueIndex('invoices_license_number_idx').on(t.licenseId, t.series, t.year, t.number),
    index('invoices_license_issued_idx').on(
      t.licenseId,
      t.issuedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_rectified_idx').on(t.rectifiedInvoiceId).where(sql`${t.rectifiedInvoiceId} is not null`),
  ],
);

/** An invoice annulled (issued by mistake): its number stays used; immutable as the invoice. */
export const invoiceAnnulments = pgTable('invoice_annulments', {
  invoiceId: integer('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  licenseId: integer('license_id')
    .notNull()
    .references(() => licenses.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  annulledAt: timestamp('annulled_at', { withTimezone: true }).notNull().defaultNow(),
  annulledBy: integer('annulled_by'),
});

/** An invoice's PDF, rendered once (in the background after issuing, or at the first download). */
export const invoiceDocuments = pgTable('invoice_documents', {
  invoiceId: integer('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  fileId: integer('file_id')
    .notNull()
    .references(() => files.id, { onDelete: 'cascade' }),
});
