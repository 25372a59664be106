import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines } from '../orders/order-lines.table.js';
import { productPackItems, products } from '../products/products.table.js';
import {
  type BalanceKind,
  type BalanceMovementReason,
  balanceMovements,
  customerBalances,
} from './balances.table.js';

export type BalanceRow = typeof customerBalances.$inferSelect;
export type BalanceMovementRow = typeof balanceMovements.$inferSelect;

export interface MovementValues {
  licenseId: number;
  balanceId: number;
  delta: number;
  reason: BalanceMovementReason;
  bookingId?: number | null;
  orderId?: number | null;
  orderLineId?: number | null;
  createdBy?: number | null;
}

/** Customer balances (packs and credits) and their movements, always scoped to one license. */
export function createBalancesRepository(db: DbOrTx) {
  return {
    /** The license's balance, locked until the transaction ends: its remaining changes one at a time. */
    async lock(licenseId: number, id: number): Promise<BalanceRow | undefined> {
      const [row] = await db
        .select()
        .from(customerBalances)
        .where(and(eq(customerBalances.licenseId, licenseId), eq(customerBalances.id, id)))
        .for('update');
      return row;
    },

    async insert(values: typeof customerBalances.$inferInsert): Promise<BalanceRow> {
      const [row] = await db.insert(customerBalances).values(values).returning();
      if (!row) throw new Error('balance not inserted');
      return row;
    },

    /** Adds `delta` to the remaining (the table's check refuses below 0 and above the initial). */
    async add(licenseId: number, id: number, delta: number): Promise<void> {
      await db
        .update(customerBalances)
        .set({ remaining: sql`${customerBalances.remaining} + ${delta}`, updatedAt: new Date() })
        .where(and(eq(customerBalances.licenseId, licenseId), eq(customerBalances.id, id)));
    },

    async move(values: MovementValues): Promise<void> {
      await db.insert(balanceMovements).values(values);
    },

    /** Whether the pack names `productId` among the products its sessions pay for. */
    async packCovers(licenseId: number, packId: number, productId: number): Promise<boolean> {
      const [row] = await db
        .select({ productId: productPackItems.productId })
        .from(productPackItems)
        .where(
          and(
            eq(productPackItems.licenseId, licenseId),
            eq(productPackItems.packId, packId),
            eq(productPackItems.productId, productId),
          ),
        );
      return row !== undefined;
    },

    /** The booking's movements on the balance, last first. */
    async bookingMovements(licenseId: number, balanceId: number, bookingId: number) {
      return db
        .select()
        .from(balanceMovements)
        .where(
          and(
            eq(balanceMovements.licenseId, licenseId),
            eq(balanceMovements.balanceId, balanceId),
            eq(balanceMovements.bookingId, bookingId),
          ),
        )
        .orderBy(desc(balanceMovements.id));
    },

    /** The customer's usable pack balances for a product: sessions left, not expired, the pack naming it. */
    async usablePacks(licenseId: number, customerId: number, productId: number, now: Date) {
      return db
        .select({
          id: customerBalances.id,
          productId: customerBalances.productId,
          productName: products.name,
          initial: customerBalances.initial,
          remaining: customerBalances.remaining,
          expiresAt: customerBalances.expiresAt,
        })
        .from(customerBalances)
        .innerJoin(products, eq(products.id, customerBalances.productId))
        .innerJoin(
          productPackItems,
          and(
            eq(productPackItems.packId, customerBalances.productId),
            eq(productPackItems.productId, productId),
          ),
        )
        .where(
          and(
            eq(customerBalances.licenseId, licenseId),
            eq(customerBalances.customerId, customerId),
            eq(customerBalances.kind, 'pack' satisfies BalanceKind),
            gt(customerBalances.remaining, 0),
            or(isNull(customerBalances.expiresAt), gt(customerBalances.expiresAt, now)),
          ),
        )
        .orderBy(asc(customerBalances.expiresAt), asc(customerBalances.id));
    },

    /** A customer's balances with their product's name, newest first. */
    async listForCustomer(licenseId: number, customerId: number) {
      return db
        .select({
          id: customerBalances.id,
          productId: customerBalances.productId,
          productName: products.name,
          kind: customerBalances.kind,
          initial: customerBalances.initial,
          remaining: customerBalances.remaining,
          expiresAt: customerBalances.expiresAt,
          orderId: orderLines.orderId,
          createdAt: customerBalances.createdAt,
        })
        .from(customerBalances)
        .innerJoin(products, eq(products.id, customerBalances.productId))
        .leftJoin(orderLines, eq(orderLines.id, customerBalances.orderLineId))
        .where(and(eq(customerBalances.licenseId, licenseId), eq(customerBalances.customerId, customerId)))
        .orderBy(desc(customerBalances.id));
    },

    /** The paid order's pack and credit lines sold (quantity > 0) with what one unit gives. */
    async grantLinesOfOrder(licenseId: number, orderId: number) {
      return db
        .select({
          lineId: orderLines.id,
          productId: orderLines.productId,
          quantity: orderLines.quantity,
          unitPriceCents: orderLines.unitPriceCents,
          type: products.type,
          packSessions: products.packSessions,
          creditCents: products.creditCents,
          priceCents: products.priceCents,
        })
        .from(orderLines)
        .innerJoin(products, eq(products.id, orderLines.productId))
        .where(
          and(
            eq(orderLines.licenseId, licenseId),
            eq(orderLines.orderId, orderId),
            inArray(products.type, ['pack', 'credit']),
            gt(orderLines.quantity, 0),
          ),
        )
        .orderBy(orderLines.id);
    },

    async movementsOf(licenseId: number, balanceIds: number[]): Promise<BalanceMovementRow[]> {
      if (balanceIds.length === 0) return [];
      return db
        .select()
        .from(balanceMovements)
        .where(
          and(eq(balanceMovements.licenseId, licenseId), inArray(balanceMovements.balanceId, balanceIds)),
        )
        .orderBy(asc(balanceMovements.id));
    },
  };
}
