import { and, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countCapped, type ListSpec, listClauses, type ZonedListQuery } from '../../lib/list.js';
import { customers } from '../customers/customers.table.js';
import { orders } from '../orders/orders.table.js';
import { products } from '../products/products.table.js';
import { subscriptionPeriods, subscriptions } from './subscriptions.table.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Omit<
  typeof subscriptions.$inferInsert,
  'id' | 'licenseId' | 'createdAt' | 'updatedAt'
>;
export type SubscriptionPeriodRow = typeof subscriptionPeriods.$inferSelect;

// Names for filters and sorts: primary-key lookups, which also work in the count query.
const customerOf = (column: typeof customers.name | typeof customers.surname | typeof customers.company) =>
  sql<
    string | null
  >`(select ${column} from ${customers} where ${customers.id} = ${subscriptions.customerId})`;
const productName = sql<string>`(select ${products.name} from ${products} where ${products.id} = ${subscriptions.productId})`;

const listSpec: ListSpec = {
  fields: {
    id: { column: subscriptions.id, type: 'number' },
    customerName: { column: customerOf(customers.name), type: 'string' },
    customerSurname: { column: customerOf(customers.surname), type: 'string' },
    customerCompanyName: { column: customerOf(customers.company), type: 'string' },
    status: { column: subscriptions.status, type: 'string' },
    paymentPeriodicity: { column: subscriptions.paymentPeriodicity, type: 'string' },
    paymentMethod: { column: subscriptions.paymentMethod, type: 'string' },
    startsAt: { column: subscriptions.startsAt, type: 'date' },
    productName: { column: productName, type: 'string' },
    customerId: { column: subscriptions.customerId, type: 'number' },
    productId: { column: subscriptions.productId, type: 'number' },
    cancelAt: { column: subscriptions.cancelAt, type: 'date' },
    createdAt: { column: subscriptions.createdAt, type: 'date' },
  },
  search: [
    customerOf(customers.name),
    customerOf(customers.surname),
    customerOf(customers.company),
    productName,
  ],
  // The spec's "subscriptions startsAt desc", served by subscriptions_license_starts_idx.
  defaultOrder: { startsAt: 'desc' },
  tiebreaker: subscriptions.id,
};

const itemColumns = {
  subscription: subscriptions,
  customerName: customers.name,
  customerSurname: customers.surname,
  customerCompanyName: customers.company,
  productName: products.name,
};

export function createSubscriptionsRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) =>
    and(eq(subscriptions.licenseId, licenseId), eq(subscriptions.id, id));
  return {
    /** A page of the license's subscriptions with their customer's and product's names. */
    async list(licenseId: number, query: ZonedListQuery) {
      const c = listClauses(query, listSpec, eq(subscriptions.licenseId, licenseId));
      const [rows, count] = await Promise.all([
        db
          .select(itemColumns)
          .from(subscriptions)
          .innerJoin(customers, eq(customers.id, subscriptions.customerId))
          .innerJoin(products, eq(products.id, subscriptions.productId))
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
        countCapped(db, subscriptions, c.where as SQL),
      ]);
      return { rows, count };
    },
    /** One subscription with its customer's and product's names. */
    async find(licenseId: number, id: number) {
      const [row] = await db
        .select(itemColumns)
        .from(subscriptions)
        .innerJoin(customers, eq(customers.id, subscriptions.customerId))
        .innerJoin(products, eq(products.id, subscriptions.productId))
        .where(scope(licenseId, id));
      return row;
    },
    /** The row locked for the rest of the transaction: activations, cancellations and renewals take turns. */
    async lock(licenseId: number, id: number) {
      const [row] = await db.select().from(subscriptions).where(scope(licenseId, id)).for('update');
      return row;
    },
    async insert(licenseId: number, values: SubscriptionValues) {
      const [row] = await db
        .insert(subscriptions)
        .values({ ...values, licenseId })
        .returning();
      return row!;
    },
    async update(licenseId: number, id: number, values: Partial<SubscriptionValues>) {
      const [row] = await db.update(subscriptions).set(values).where(scope(licenseId, id)).returning();
      return row;
    },
    async remove(licenseId: number, id: number) {
      const rows = await db
        .delete(subscriptions)
        .where(scope(licenseId, id))
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },
    /** Its payment periods, latest first, with their order's status. */
    async periods(licenseId: number, subscriptionId: number) {
      return db
        .select({ period: subscriptionPeriods, orderStatus: orders.status })
        .from(subscriptionPeriods)
        .leftJoin(orders, eq(orders.id, subscriptionPeriods.orderId))
        .where(
          and(
            eq(subscriptionPeriods.licenseId, licenseId),
            eq(subscriptionPeriods.subscriptionId, subscriptionId),
          ),
        )
        .orderBy(desc(subscriptionPeriods.startsAt));
    },
    /** How many periods start at or after `from` (the anchor): the index of the next one. */
    async countPeriodsFrom(licenseId: number, subscriptionId: number, from: Date) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(subscriptionPeriods)
        .where(
          and(
            eq(subscriptionPeriods.licenseId, licenseId),
            eq(subscriptionPeriods.subscriptionId, subscriptionId),
            gte(subscriptionPeriods.startsAt, from),
          ),
        );
      return row?.n ?? 0;
    },
    /**
     * A new period, unless one with its start is there already (another process, an earlier run): the
     * row when written, else undefined.
     */
    async insertPeriod(
      licenseId: number,
      values: Omit<typeof subscriptionPeriods.$inferInsert, 'id' | 'licenseId' | 'createdAt' | 'updatedAt'>,
    ) {
      const [row] = await db
        .insert(subscriptionPeriods)
        .values({ ...values, licenseId })
        .onConflictDoNothing({ target: [subscriptionPeriods.subscriptionId, subscriptionPeriods.startsAt] })
        .returning();
      return row;
    },
    async setPeriodOrder(licenseId: number, periodId: number, orderId: number) {
      await db
        .update(subscriptionPeriods)
        .set({ orderId })
        .where(and(eq(subscriptionPeriods.licenseId, licenseId), eq(subscriptionPeriods.id, periodId)));
    },
    /**
     * The periods from `from` (the current activation's anchor) whose order still awaits payment (or is a
     * draft), oldest first: an earlier activation's unpaid orders do not end a reactivated subscription.
     */
    async unpaidPeriods(licenseId: number, subscriptionId: number, from: Date) {
      return db
        .select({ period: subscriptionPeriods })
        .from(subscriptionPeriods)
        .innerJoin(orders, eq(orders.id, subscriptionPeriods.orderId))
        .where(
          and(
            eq(subscriptionPeriods.licenseId, licenseId),
            eq(subscriptionPeriods.subscriptionId, subscriptionId),
            gte(subscriptionPeriods.startsAt, from),
            inArray(orders.status, ['draft', 'awaiting_payment']),
          ),
        )
        .orderBy(subscriptionPeriods.startsAt);
    },
    /**
     * The active subscriptions of every license after `afterId`, by id, with what tells whether anything
     * is due (what the renewal job walks): the periods charged since the anchor, the oldest renewal
     * still unpaid (its period's start, or when it was made if later) and the product's days to pay.
     */
    async activeAfter(afterId: number, limit: number, licenseId?: number) {
      return db
        .select({
          id: subscriptions.id,
          licenseId: subscriptions.licenseId,
          anchorAt: subscriptions.anchorAt,
          paymentPeriodicity: subscriptions.paymentPeriodicity,
          cancelAt: subscriptions.cancelAt,
          daysToPay: products.daysToPaySubscriptionRenewal,
          periodsFromAnchor: sql<number>`(select count(*)::int from ${subscriptionPeriods} sp
            where sp.subscription_id = ${subscriptions.id} and sp.starts_at >= ${subscriptions.anchorAt})`,
          oldestUnpaidAt: sql<Date | null>`(select min(greatest(sp.starts_at, sp.created_at))
            from ${subscriptionPeriods} sp join ${orders} o on o.id = sp.order_id
            where sp.subscription_id = ${subscriptions.id} and sp.starts_at >= ${subscriptions.anchorAt}
              and o.status in ('draft', 'awaiting_payment'))`.mapWith(subscriptionPeriods.startsAt),
        })
        .from(subscriptions)
        .innerJoin(products, eq(products.id, subscriptions.productId))
        .where(
          and(
            eq(subscriptions.status, 'active'),
            sql`${subscriptions.id} > ${afterId}`,
            licenseId === undefined ? undefined : eq(subscriptions.licenseId, licenseId),
          ),
        )
        .orderBy(subscriptions.id)
        .limit(limit);
    },
    /** Whether the order charges a period of a subscription that is active (then it is not deleted). */
    async orderChargesActive(licenseId: number, orderId: number) {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptionPeriods)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPeriods.subscriptionId))
        .where(
          and(
            eq(subscriptionPeriods.licenseId, licenseId),
            eq(subscriptionPeriods.orderId, orderId),
            eq(subscriptions.status, 'active'),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
