import type { InvoiceSeries } from '@mostrador/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countCapped, type ListSpec, listClauses, type ZonedListQuery } from '../../lib/list.js';
import { orders } from '../orders/orders.table.js';
import { invoiceAnnulments, invoiceCounters, invoiceDocuments, invoices } from './invoices.table.js';
import { verifactuChains, verifactuRecords } from './verifactu.table.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type VerifactuRecordRow = typeof verifactuRecords.$inferSelect;
export type NewVerifactuRecord = Omit<
  typeof verifactuRecords.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'state' | 'attempts'
>;
export type ChainRow = typeof verifactuChains.$inferSelect;

/** The alta record's state of each invoice, for the list's column and filter. */
const altaState = sql<string | null>`(
  select r.state from ${verifactuRecords} r
  where r.invoice_id = ${invoices.id} and r.kind = 'alta' order by r.seq desc limit 1)`;
const annulled = sql<boolean>`exists (select 1 from ${invoiceAnnulments} a where a.invoice_id = ${invoices.id})`;

const orderCode = sql<number>`(select o.code from ${orders} o where o.id = ${invoices.orderId})`;

const listSpec: ListSpec = {
  fields: {
    id: { column: invoices.id, type: 'number' },
    code: { column: invoices.code, type: 'string' },
    type: { column: invoices.type, type: 'string' },
    series: { column: invoices.series, type: 'string' },
    issuedAt: { column: invoices.issuedAt, type: 'date' },
    orderId: { column: invoices.orderId, type: 'number' },
    orderCode: { column: orderCode, type: 'number' },
    customerId: { column: invoices.customerId, type: 'number' },
    recipientName: { column: sql`${invoices.recipient}->>'name'`, type: 'string' },
    recipientTaxId: { column: sql`${invoices.recipient}->>'taxId'`, type: 'string' },
    taxBase: { column: invoices.taxBaseCents, type: 'money' },
    total: { column: invoices.totalCents, type: 'money' },
    annulled: { column: annulled, type: 'boolean' },
    verifactuState: { column: altaState, type: 'string' },
  },
  search: [invoices.code, sql`${invoices.recipient}->>'name'`, sql`${invoices.recipient}->>'taxId'`],
  defaultOrder: { issuedAt: 'desc' },
  tiebreaker: invoices.id,
};

export function createInvoicesRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) =>
    and(eq(invoices.licenseId, licenseId), eq(invoices.id, id));
  return {
    /**
     * The next number of a series and year: the counter's row is created or incremented and stays
     * locked until the transaction ends, so parallel issuers take turns and a rollback gives the
     * number back.
     */
    async nextNumber(licenseId: number, series: InvoiceSeries, year: number): Promise<number> {
      const [row] = await db
        .insert(invoiceCounters)
        .values({ licenseId, series, year, lastNumber: 1 })
        .onConflictDoUpdate({
          target: [invoiceCounters.licenseId, invoiceCounters.series, invoiceCounters.year],
          set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
        })
        .returning({ lastNumber: invoiceCounters.lastNumber });
      return row!.lastNumber;
    },

    async insert(values: NewInvoice) {
      const [row] = await db.insert(invoices).values(values).returning();
      return row!;
    },

    async find(licenseId: number, id: number) {
      const [row] = await db.select().from(invoices).where(scope(licenseId, id));
      return row;
    },

    /** The invoices of an order (and of its refunds' rectifying invoices: those point at the refund). */
    async ofOrder(licenseId: number, orderId: number) {
      return db
        .select({ invoice: invoices, annulledAt: invoiceAnnulments.annulledAt })
        .from(invoices)
        .leftJoin(invoiceAnnulments, eq(invoiceAnnulments.invoiceId, invoices.id))
        .where(and(eq(invoices.licenseId, licenseId), eq(invoices.orderId, orderId)))
        .orderBy(asc(invoices.id));
    },

    /** Rectifying invoices of `id` not annulled. */
    async liveRectifications(licenseId: number, id: number) {
      return db
        .select({ id: invoices.id })
        .from(invoices)
        .leftJoin(invoiceAnnulments, eq(invoiceAnnulments.invoiceId, invoices.id))
        .where(
          and(
            eq(invoices.licenseId, licenseId),
            eq(invoices.rectifiedInvoiceId, id),
            isNull(invoiceAnnulments.invoiceId),
          ),
        );
    },

    async annulment(invoiceId: number) {
      const [row] = await db
        .select()
        .from(invoiceAnnulments)
        .where(eq(invoiceAnnulments.invoiceId, invoiceId));
      return row;
    },

    async insertAnnulment(values: typeof invoiceAnnulments.$inferInsert) {
      await db.insert(invoiceAnnulments).values(values);
    },

    async orderExists(licenseId: number, orderId: number) {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.licenseId, licenseId), eq(orders.id, orderId)));
      return Boolean(row);
    },
    async orderSummary(orderId: number) {
      const [row] = await db
        .select({ code: orders.code, paymentMethod: orders.paymentMethod })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row;
    },

    async codesOf(licenseId: number, ids: number[]) {
      if (!ids.length) return new Map<number, string>();
      const rows = await db
        .select({ id: invoices.id, code: invoices.code })
        .from(invoices)
        .where(and(eq(invoices.licenseId, licenseId), inArray(invoices.id, ids)));
      return new Map(rows.map((r) => [r.id, r.code]));
    },

    async list(licenseId: number, query: ZonedListQuery) {
      const c = listClauses(query, listSpec, eq(invoices.licenseId, licenseId));
      const [rows, count] = await Promise.all([
        db
          .select({ invoice: invoices, orderCode: orders.code, annulled, verifactuState: altaState })
          .from(invoices)
          .innerJoin(orders, eq(orders.id, invoices.orderId))
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
        countCapped(db, invoices, c.where),
      ]);
      return { rows, count };
    },

    // The PDF.
    async documentOf(invoiceId: number) {
      const [row] = await db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, invoiceId));
      return row?.fileId ?? null;
    },
    /** Records the rendered PDF; answers the file that is kept (an earlier one wins a race). */
    async saveDocument(invoiceId: number, fileId: number) {
      await db.insert(invoiceDocuments).values({ invoiceId, fileId }).onConflictDoNothing();
      const [row] = await db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, invoiceId));
      return row!.fileId;
    },
    /** Invoices issued without their PDF yet, oldest first (the background rendering's backlog). */
    async withoutDocument(limit: number) {
      return db
        .select({ id: invoices.id, licenseId: invoices.licenseId })
        .from(invoices)
        .leftJoin(invoiceDocuments, eq(invoiceDocuments.invoiceId, invoices.id))
        .leftJoin(invoiceAnnulments, eq(invoiceAnnulments.invoiceId, invoices.id))
        .where(and(isNull(invoiceDocuments.invoiceId), isNull(invoiceAnnulments.invoiceId)))
        .orderBy(asc(invoices.id))
        .limit(limit);
    },

    // The Verifactu chain.
    /** The license's chain head, created empty if missing, locked until the transaction ends. */
    async lockChain(licenseId: number): Promise<ChainRow> {
      await db.insert(verifactuChains).values({ licenseId }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(verifactuChains)
        .where(eq(verifactuChains.licenseId, licenseId))
        .for('update');
      return row!;
    },
    async updateChain(licenseId: number, values: Partial<ChainRow>) {
      await db.update(verifactuChains).set(values).where(eq(verifactuChains.licenseId, licenseId));
    },
    async insertRecord(values: NewVerifactuRecord) {
      const [row] = await db.insert(verifactuRecords).values(values).returning();
      return row!;
    },
    async recordsOf(invoiceIds: number[]) {
      if (!invoiceIds.length) return [];
      return db
        .select()
        .from(verifactuRecords)
        .where(inArray(verifactuRecords.invoiceId, invoiceIds))
        .orderBy(asc(verifactuRecords.seq));
    },
    /** The last record of the license's chain, as stored. */
    async lastRecord(licenseId: number) {
      const [row] = await db
        .select()
        .from(verifactuRecords)
        .where(eq(verifactuRecords.licenseId, licenseId))
        .orderBy(desc(verifactuRecords.seq))
        .limit(1);
      return row;
    },
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
