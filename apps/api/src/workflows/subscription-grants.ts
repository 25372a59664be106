import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { products } from '../modules/products/products.table.js';
import { subscriptionPeriods, subscriptions } from '../modules/subscriptions/subscriptions.table.js';
import { createSuppliersRepository } from '../modules/suppliers/suppliers.repository.js';
import type { PaidOrder, PaidOrderGrant } from './order-paid.js';

/*
 * What a subscription grants while it is paid, per product type:
 * - `subscription`: nothing beyond the periodic charge.
 * - `supplier_subscription`: its product's supplier is active while a period is paid (a paid renewal
 *   activates it) and turns inactive when the subscription ends, unless another active
 *   supplier_subscription keeps it.
 * Not yet (they need the balances and bookings modules): `bookings_subscription` (sessions of the
 * products it names each paid period), `credit_subscription` (its amount to the credit balance each paid
 * period), `program_subscription` (free bookings of its class products while active).
 */

/** The supplier of a supplier_subscription's product, or null. */
async function supplierOf(tx: DbOrTx, licenseId: number, subscriptionId: number) {
  const [row] = await tx
    .select({ supplierId: products.supplierId })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(
      and(
        eq(subscriptions.licenseId, licenseId),
        eq(subscriptions.id, subscriptionId),
        eq(products.type, 'supplier_subscription'),
        isNotNull(products.supplierId),
      ),
    );
  return row?.supplierId ?? null;
}

/** A paid order that charges a period of an active supplier_subscription activates the supplier. */
export const subscriptionGrants: PaidOrderGrant = {
  async grantForPaidOrder(tx: DbOrTx, paid: PaidOrder) {
    const rows = await tx
      .selectDistinct({ supplierId: products.supplierId })
      .from(subscriptionPeriods)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPeriods.subscriptionId))
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .where(
        and(
          eq(subscriptionPeriods.licenseId, paid.licenseId),
          eq(subscriptionPeriods.orderId, paid.orderId),
          eq(subscriptions.status, 'active'),
          eq(products.type, 'supplier_subscription'),
          isNotNull(products.supplierId),
        ),
      );
    const suppliers = createSuppliersRepository(tx);
    for (const { supplierId } of rows)
      await suppliers.update(paid.licenseId, supplierId!, { status: 'active' });
  },
};

/**
 * A subscription has just ended (in the caller's transaction): what it granted goes. A
 * supplier_subscription's supplier turns inactive unless another active one of that supplier remains.
 */
export async function releaseSubscriptionGrants(tx: DbOrTx, licenseId: number, subscriptionId: number) {
  const supplierId = await supplierOf(tx, licenseId, subscriptionId);
  if (supplierId === null) return;
  const [other] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(
      and(
        eq(subscriptions.licenseId, licenseId),
        ne(subscriptions.id, subscriptionId),
        eq(subscriptions.status, 'active'),
        eq(products.type, 'supplier_subscription'),
        sql`${products.supplierId} = ${supplierId}`,
      ),
    )
    .limit(1);
  if (!other) await createSuppliersRepository(tx).update(licenseId, supplierId, { status: 'inactive' });
}
