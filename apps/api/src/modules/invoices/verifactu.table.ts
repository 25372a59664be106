import type { VerifactuState } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { licenses } from '../licenses/licenses.table.js';
import { invoices } from './invoices.table.js';

/**
 * The Verifactu records of a license, in the order they were generated (`seq`): an alta for each
 * invoice issued with Verifactu on, an anulación for each annulment. Each carries the huella of the
 * previous one (`previous_hash`) and its own (`hash`), computed over the values it was generated with
 * (`payload`, the record as sent). Everything but the submission state (`state` and after) is
 * immutable: a trigger refuses any other change, and deletes except with the license.
 */
export const verifactuRecords = pgTable(
  'verifactu_records',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'alta' | 'anulacion'>().notNull(),
    /** Position in the license's chain: 1, 2, 3… */
    seq: integer('seq').notNull(),
    environment: text('environment').$type<'test' | 'production'>().notNull(),
    issuerTaxId: text('issuer_tax_id').notNull(),
    numSerie: text('num_serie').notNull(),
    /** FechaExpedicionFactura, dd-mm-yyyy. */
    issueDate: text('issue_date').notNull(),
    /** Alta only: TipoFactura, CuotaTotal and ImporteTotal as written in the XML and hashed. */
    invoiceType: text('invoice_type'),
    totalTax: text('total_tax'),
    totalAmount: text('total_amount'),
    /** The previous record's huella; null on the first record (PrimerRegistro). */
    previousHash: text('previous_hash'),
    /** FechaHoraHusoGenRegistro as written and hashed. */
    generatedAt: text('generated_at').notNull(),
    hash: text('hash').notNull(),
    /** The record as sent (RegistroAlta or RegistroAnulacion fields), to build the XML from. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    // The submission: what AEAT answered.
    state: text('state').$type<VerifactuState>().notNull().default('pending'),
    errorCode: integer('error_code'),
    errorText: text('error_text'),
    csv: text('csv'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('verifactu_records_license_seq_idx').on(t.licenseId, t.seq),
    index('verifactu_records_invoice_idx').on(t.invoiceId),
    // The submission worker's walk: a license's pending records in chain order.
    index('verifactu_records_pending_idx').on(t.licenseId, t.seq).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * The head of a license's chain (its last record), locked by whoever adds a record so records are
 * generated one at a time; and the submission's pacing: AEAT's TiempoEsperaEnvio (`wait_seconds`)
 * and when the next submission may go (`next_send_at`).
 */
export const verifactuChains = pgTable('verifactu_chains', {
  licenseId: integer('license_id')
    .primaryKey()
    .references(() => licenses.id, { onDelete: 'cascade' }),
  lastSeq: integer('last_seq').notNull().default(0),
  lastHash: text('last_hash'),
  lastGeneratedAt: timestamp('last_generated_at', { withTimezone: true }),
  /** The last record's IDFactura, for the next record's RegistroAnterior. */
  lastIssuerTaxId: text('last_issuer_tax_id'),
  lastNumSerie: text('last_num_serie'),
  lastIssueDate: text('last_issue_date'),
  waitSeconds: integer('wait_seconds').notNull().default(60),
  nextSendAt: timestamp('next_send_at', { withTimezone: true }),
  lastError: text('last_error'),
});
