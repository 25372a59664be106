import type { PaymentMethod } from '@mostrador/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  isUnfiltered,
  type JsonItemFields,
  jsonEuros,
  jsonInstant,
  keysFirstPage,
  keysFirstPageJson,
  type ListSpec,
  listClauses,
  type ZonedListQuery,
} from '../../lib/list.js';
import { bookings } from '../bookings/bookings.table.js';
import { customers } from '../customers/customers.table.js';
import { products } from '../products/products.table.js';
import { orderLines } from './order-lines.table.js';
import { orders } from './orders.table.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderValues = Omit<
  typeof orders.$inferInsert,
  'id' | 'licenseId' | 'createdAt' | 'updatedAt' | 'code'
>;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderLineValues = Omit<
  typeof orderLines.$inferInsert,
  'id' | 'licenseId' | 'orderId' | 'createdAt' | 'updatedAt' | 'cashRegisterId'
>;
export type OrderLineRecord = OrderLineRow & { productName: string; bookingId: number | null };

const customerOf = (expression: SQL) =>
  sql`(select ${expression} from ${customers} where ${customers.id} = ${orders.customerId})`;

const listSpec: ListSpec = {
  fields: {
    id: { column: orders.id, type: 'number' },
    originalOrderId: { column: orders.originalOrderId, type: 'number' },
    code: { column: orders.code, type: 'number' },
    image: { column: customerOf(sql`${customers.image}`), type: 'number' },
    createdAt: { column: orders.createdAt, type: 'date' },
    contactEmail: { column: customerOf(sql`${customers.email}`), type: 'string' },
    contactPhone: { column: customerOf(sql`${customers.phone}`), type: 'string' },
    companyName: { column: customerOf(sql`${customers.company}`), type: 'string' },
    name: { column: customerOf(sql`${customers.name}`), type: 'string' },
    surname: { column: customerOf(sql`${customers.surname}`), type: 'string' },
    amount: { column: orders.totalCents, type: 'money' },
    status: { column: orders.status, type: 'string' },
    invoiceCode: { column: orders.invoiceCode, type: 'string' },
    paymentDate: { column: orders.paymentDate, type: 'date' },
    paymentMethod: { column: orders.paymentMethod, type: 'string' },
    paymentTransactionToken: { column: orders.paymentTransactionToken, type: 'string' },
    customerId: { column: orders.customerId, type: 'number' },
    cashRegisterId: { column: orders.cashRegisterId, type: 'number' },
  },
  search: [
    customerOf(sql`${customers.searchText}`),
    sql`${orders.code}::text`,
    orders.invoiceCode,
    orders.notes,
  ],
  // The spec's "orders createdAt desc", served by orders_license_created_idx.
  defaultOrder: { createdAt: 'desc' },
  tiebreaker: orders.id,
};

/**
 * A page's columns: the order's own, its customer's (none for an order without one) as scalar
 * subqueries by primary key, read for the page's rows only (see keysFirstPage). An export reads the
 * same columns through a join (`joinedColumns`).
 */
const listColumns = {
  id: orders.id,
  originalOrderId: orders.originalOrderId,
  code: orders.code,
  image: customerOf(sql`${customers.image}`) as SQL<number | null>,
  createdAt: orders.createdAt,
  contactEmail: customerOf(sql`${customers.email}`) as SQL<string | null>,
  contactPhone: customerOf(sql`${customers.phone}`) as SQL<string | null>,
  companyName: customerOf(sql`${customers.company}`) as SQL<string | null>,
  name: customerOf(sql`${customers.name}`) as SQL<string | null>,
  surname: customerOf(sql`${customers.surname}`) as SQL<string | null>,
  totalCents: orders.totalCents,
  status: orders.status,
  invoiceCode: orders.invoiceCode,
  paymentDate: orders.paymentDate,
  paymentMethod: orders.paymentMethod,
  paymentTransactionToken: orders.paymentTransactionToken,
  customerId: orders.customerId,
  cashRegisterId: orders.cashRegisterId,
};

/**
 * A page's items as PostgreSQL writes them in the answer's JSON (keysFirstPageJson): the fields of
 * `toListItem` (order-view.ts), in its order and encoding.
 */
const listJson: JsonItemFields = {
  id: orders.id,
  originalOrderId: orders.originalOrderId,
  code: orders.code,
  image: listColumns.image,
  createdAt: jsonInstant(orders.createdAt),
  contactEmail: listColumns.contactEmail,
  contactPhone: listColumns.contactPhone,
  companyName: listColumns.companyName,
  name: listColumns.name,
  surname: listColumns.surname,
  amount: jsonEuros(orders.totalCents),
  status: orders.status,
  invoiceCode: orders.invoiceCode,
  paymentDate: jsonInstant(orders.paymentDate),
  paymentMethod: orders.paymentMethod,
  paymentTransactionToken: orders.paymentTransactionToken,
  customerId: orders.customerId,
  cashRegisterId: orders.cashRegisterId,
};

const joinedColumns = {
  ...listColumns,
  image: customers.image,
  contactEmail: customers.email,
  contactPhone: customers.phone,
  companyName: customers.company,
  name: customers.name,
  surname: customers.surname,
};

/** What a register's summary adds up, per payment method and sales or refunds. */
export interface RegisterTotals {
  paymentMethod: PaymentMethod;
  refund: boolean;
  count: number;
  cents: number;
}
export interface RegisterProductLine {
  paymentMethod: PaymentMethod;
  refund: boolean;
  name: string;
  priceCents: number;
  quantity: number;
  cents: number;
}

/** The orders a register's figures count: its paid ones (a refunded sale was still a sale). */
const countedStatuses = ['paid', 'refunded'];

export function createOrdersRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) => and(eq(orders.licenseId, licenseId), eq(orders.id, id));
  return {
    /** `list`'s page and count, its items as JSON text written by PostgreSQL: the list route's answer. */
    async listJson(licenseId: number, query: ZonedListQuery) {
      const c = listClauses(query, listSpec, eq(orders.licenseId, licenseId));
      const unfiltered = isUnfiltered(query)
        ? { licenseId, list: 'orders' as const, sort: JSON.stringify(query.orders ?? {}) }
        : undefined;
      return keysFirstPageJson(db, orders, orders.id, listJson, c, unfiltered);
    },
    async list(licenseId: number, query: ZonedListQuery) {
      const c = listClauses(query, listSpec, eq(orders.licenseId, licenseId));
      const unfiltered = isUnfiltered(query) ? { licenseId, list: 'orders' as const } : undefined;
      return keysFirstPage(
        db,
        orders,
        orders.id,
        listColumns,
        c,
        (p) =>
          db
            .select(joinedColumns)
            .from(orders)
            .leftJoin(customers, eq(customers.id, orders.customerId))
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset),
        unfiltered,
      );
    },
    async find(licenseId: number, id: number) {
      const [row] = await db.select().from(orders).where(scope(licenseId, id));
      return row;
    },
    /** The refunds of a sale, oldest first. */
    async refundsOf(licenseId: number, id: number) {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.licenseId, licenseId), eq(orders.originalOrderId, id)))
        .orderBy(asc(orders.id));
    },
    async lock(licenseId: number, id: number) {
      const [row] = await db.select().from(orders).where(scope(licenseId, id)).for('update');
      return row;
    },
    /** The order's lines in their order, with the product's name and the booking each sold. */
    async lines(licenseId: number, orderId: number): Promise<OrderLineRecord[]> {
      const rows = await db
        .select({ line: orderLines, productName: products.name, bookingId: bookings.id })
        .from(orderLines)
        .innerJoin(products, eq(products.id, orderLines.productId))
        .leftJoin(bookings, eq(bookings.orderLineId, orderLines.id))
        .where(and(eq(orderLines.licenseId, licenseId), eq(orderLines.orderId, orderId)))
        .orderBy(asc(orderLines.id));
      return rows.map((r) => ({ ...r.line, productName: r.productName, bookingId: r.bookingId }));
    },
    /**
     * Inserts an order numbered after the license's last; a transaction-scoped advisory lock per license
     * makes parallel orders take their numbers one at a time.
     */
    async insert(licenseId: number, values: OrderValues) {
      await db.execute(sql`select pg_advisory_xact_lock(6001, ${licenseId})`);
      const [next] = await db
        .select({ code: sql<number>`coalesce(max(${orders.code}), 0) + 1` })
        .from(orders)
        .where(eq(orders.licenseId, licenseId));
      const [row] = await db
        .insert(orders)
        .values({ ...values, licenseId, code: next!.code })
        .returning();
      return row!;
    },
    /** Changes an order; a change of register is copied to its lines. */
    async update(licenseId: number, id: number, values: Partial<OrderValues>) {
      const [row] = await db.update(orders).set(values).where(scope(licenseId, id)).returning();
      if (row && values.cashRegisterId !== undefined)
        await db
          .update(orderLines)
          .set({ cashRegisterId: values.cashRegisterId })
          .where(and(eq(orderLines.licenseId, licenseId), eq(orderLines.orderId, id)));
      return row;
    },
    async remove(licenseId: number, id: number) {
      const rows = await db.delete(orders).where(scope(licenseId, id)).returning({ id: orders.id });
      return rows.length > 0;
    },
    /** Inserts lines of `order`, which carry its register. */
    async insertLines(
      licenseId: number,
      order: Pick<OrderRow, 'id' | 'cashRegisterId'>,
      values: OrderLineValues[],
    ) {
      if (values.length === 0) return [];
      return db
        .insert(orderLines)
        .values(
          values.map((v) => ({ ...v, licenseId, orderId: order.id, cashRegisterId: order.cashRegisterId })),
        )
        .returning();
    },
    async updateLine(licenseId: number, lineId: number, values: Partial<OrderLineValues>) {
      await db
        .update(orderLines)
        .set(values)
        .where(and(eq(orderLines.licenseId, licenseId), eq(orderLines.id, lineId)));
    },
    /** Adds `quantity` (negative to give back) to the units refunds took from a line. */
    async addRefunded(licenseId: number, lineId: number, quantity: number) {
      await db
        .update(orderLines)
        .set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${quantity}` })
        .where(and(eq(orderLines.licenseId, licenseId), eq(orderLines.id, lineId)));
    },
    async removeLines(licenseId: number, lineIds: number[]) {
      if (lineIds.length === 0) return;
      await db
        .delete(orderLines)
        .where(and(eq(orderLines.licenseId, licenseId), inArray(orderLines.id, lineIds)));
    },
    /** A register's counted orders, summed per payment method and sales or refunds, in cents. */
    async registerTotals(licenseId: number, registerId: number): Promise<RegisterTotals[]> {
      const refund = sql<boolean>`(${orders.originalOrderId} is not null)`;
      const rows = await db
        .select({
          paymentMethod: orders.paymentMethod,
          refund,
          count: sql<number>`count(*)::int`,
          cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)::bigint`,
        })
        .from(orders)
        .where(
          and(
            eq(orders.licenseId, licenseId),
            eq(orders.cashRegisterId, registerId),
            inArray(orders.status, countedStatuses as never[]),
          ),
        )
        .groupBy(orders.paymentMethod, refund);
      return rows.map((r) => ({ ...r, refund: Boolean(r.refund), cents: Number(r.cents) }));
    },
    /** A register's counted lines, per payment method, sales or refunds, product and unit price. */
    async registerProductLines(licenseId: number, registerId: number): Promise<RegisterProductLine[]> {
      const refund = sql<boolean>`(${orders.originalOrderId} is not null)`;
      const rows = await db
        .select({
          paymentMethod: orders.paymentMethod,
          refund,
          name: products.name,
          priceCents: orderLines.unitPriceCents,
          quantity: sql<string>`sum(${orderLines.quantity})::bigint`,
          cents: sql<string>`sum(${orderLines.totalCents})::bigint`,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .innerJoin(products, eq(products.id, orderLines.productId))
        .where(
          and(
            // The register's lines from order_lines_cash_register_idx; the order scopes them to the license.
            eq(orderLines.cashRegisterId, registerId),
            eq(orders.licenseId, licenseId),
            eq(orders.cashRegisterId, registerId),
            inArray(orders.status, countedStatuses as never[]),
          ),
        )
        .groupBy(orders.paymentMethod, refund, products.id, products.name, orderLines.unitPriceCents)
        .orderBy(asc(products.name), asc(orderLines.unitPriceCents));
      return rows.map((r) => ({
        ...r,
        refund: Boolean(r.refund),
        quantity: Number(r.quantity),
        cents: Number(r.cents),
      }));
    },
  };
}
