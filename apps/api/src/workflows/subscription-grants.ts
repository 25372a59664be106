import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { createBalancesRepository } from '../modules/balances/balances.repository.js';
import { customerBalances } from '../modules/balances/balances.table.js';
import { orderLines } from '../modules/orders/order-lines.table.js';
import { products } from '../modules/products/products.table.js';
import { subscriptionPeriods, subscriptions } from '../modules/subscriptions/subscriptions.table.js';
import { createSuppliersRepository } from '../modules/suppliers/suppliers.repository.js';
import type { PaidOrder, PaidOrderGrant } from './order-paid.js';

/*
 * What a subscription grants while it is active, per product type. A grant comes with the payment of a
 * period's order (a PaidOrderGrant in the order's transaction), and only while the subscription is active:
 * an order paid after its subscription ended gives nothing (staff refund it). A free trial has no order,
 * so it grants no sessions nor credit (a program_subscription is free to book during it: it is active).
 *
 * - `subscription`: nothing beyond the periodic charge.
 * - `supplier_subscription`: its product's supplier is active while a period is paid (a paid renewal
 *   activates it) and turns inactive when the subscription ends, unless another active
 *   supplier_subscription keeps it.
 * - `bookings_subscription`: each paid period gives `customer_balances` rows of kind 'pack' (the
 *   balances module's packs, so the booking drawer offers them through GET
 *   /admin/customers/{id}/pack-sessions and a booking spends them with `balanceId` as a pack's), one per
 *   service period the payment covers (the order line's units, so a refund of some units revokes as
 *   many untouched ones, as for a pack), each holding the product's `packSessions`, for the products it
 *   names (`product_pack_items` of the subscription product), linked to the period order's line. The sessions
 *   EXPIRE at the end of the paid period: a subscription's sessions are that period's, not saved up
 *   (a pack bought outright is what keeps). When the subscription ends at once (staff cancelling it, or
 *   unpaid), the sessions left of its balances not yet expired are revoked: a 'revoked' movement of
 *   exactly what remains, under the balance's lock, so never more than is there; bookings already paid
 *   with them keep their session. Ending at period end revokes nothing: they expire then anyway.
 * - `credit_subscription`: each paid period gives `customer_balances` rows of kind 'credit', one per
 *   service period covered, with the product's credit amount (`credit_cents`, else its price), without
 *   expiry. A cancellation revokes nothing: it is money the customer paid for (a refund of the order,
 *   while the credit is untouched, is the way to take it back).
 * - `program_subscription`: nothing is written; while it is active, a booking of a product it names sent
 *   with its `subscriptionId` is free (bookings service). Bookings made free stay when it ends.
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

/** The periods the paid order charges of active subscriptions, with what their product grants. */
async function paidPeriods(tx: DbOrTx, paid: PaidOrder) {
  return tx
    .select({
      subscriptionId: subscriptions.id,
      customerId: subscriptions.customerId,
      productId: products.id,
      type: products.type,
      supplierId: products.supplierId,
      packSessions: products.packSessions,
      creditCents: products.creditCents,
      priceCents: products.priceCents,
      servicePeriods: subscriptionPeriods.servicePeriods,
      endsAt: subscriptionPeriods.endsAt,
    })
    .from(subscriptionPeriods)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPeriods.subscriptionId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(
      and(
        eq(subscriptionPeriods.licenseId, paid.licenseId),
        eq(subscriptionPeriods.orderId, paid.orderId),
        eq(subscriptions.status, 'active'),
        inArray(products.type, ['supplier_subscription', 'bookings_subscription', 'credit_subscription']),
      ),
    )
    .orderBy(asc(subscriptionPeriods.id));
}

/** The order's line of the product (the period's charge), for the balance to name what sold it. */
async function lineOf(tx: DbOrTx, licenseId: number, orderId: number, productId: number) {
  const [line] = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.licenseId, licenseId),
        eq(orderLines.orderId, orderId),
        eq(orderLines.productId, productId),
        gt(orderLines.quantity, 0),
      ),
    )
    .orderBy(asc(orderLines.id))
    .limit(1);
  return line?.id ?? null;
}

/**
 * A paid order that charges a period of an active subscription gives what its type grants: the
 * supplier's listing, the period's sessions, or its credit.
 */
export const subscriptionGrants: PaidOrderGrant = {
  async grantForPaidOrder(tx: DbOrTx, paid: PaidOrder) {
    const suppliers = createSuppliersRepository(tx);
    const balances = createBalancesRepository(tx);
    for (const p of await paidPeriods(tx, paid)) {
      if (p.type === 'supplier_subscription') {
        if (p.supplierId !== null) await suppliers.update(paid.licenseId, p.supplierId, { status: 'active' });
        continue;
      }
      const sessions = p.type === 'bookings_subscription';
      const amount = sessions ? (p.packSessions ?? 0) : (p.creditCents ?? p.priceCents);
      if (amount <= 0) continue;
      const orderLineId = await lineOf(tx, paid.licenseId, paid.orderId, p.productId);
      // One balance per service period charged (the line's units), as a pack sold gives one per unit:
      // refunding some of the line's units revokes as many untouched balances (refund-balances.ts).
      for (let unit = 0; unit < p.servicePeriods; unit++) {
        const balance = await balances.insert({
          licenseId: paid.licenseId,
          customerId: p.customerId,
          productId: p.productId,
          orderLineId,
          kind: sessions ? 'pack' : 'credit',
          initial: amount,
          remaining: amount,
          expiresAt: sessions ? p.endsAt : null,
        });
        await balances.move({
          licenseId: paid.licenseId,
          balanceId: balance.id,
          delta: amount,
          reason: 'granted',
          orderId: paid.orderId,
          orderLineId,
          createdBy: paid.userId,
        });
      }
    }
  },
};

/** The subscription's session balances still usable at `now` (sessions left, not expired), by id. */
async function liveSessionBalances(tx: DbOrTx, licenseId: number, subscriptionId: number, now: Date) {
  return tx
    .select({ id: customerBalances.id })
    .from(customerBalances)
    .innerJoin(orderLines, eq(orderLines.id, customerBalances.orderLineId))
    .innerJoin(subscriptionPeriods, eq(subscriptionPeriods.orderId, orderLines.orderId))
    .where(
      and(
        eq(customerBalances.licenseId, licenseId),
        eq(customerBalances.kind, 'pack'),
        gt(customerBalances.remaining, 0),
        or(isNull(customerBalances.expiresAt), gt(customerBalances.expiresAt, now)),
        eq(subscriptionPeriods.subscriptionId, subscriptionId),
      ),
    )
    .orderBy(asc(customerBalances.id));
}

/**
 * A subscription has just ended (in the caller's transaction) at `now`: what it granted goes. A
 * supplier_subscription's supplier turns inactive unless another active one of that supplier remains.
 * `revokeSessions` (an end at once: staff cancelling it, or unpaid) takes back a bookings_subscription's
 * sessions left that have not expired, each balance locked and emptied by a 'revoked' movement of what
 * remains (never below 0). Credit stays (see above).
 */
export async function releaseSubscriptionGrants(
  tx: DbOrTx,
  licenseId: number,
  subscriptionId: number,
  now: Date,
  options: { revokeSessions: boolean; userId?: number | null },
) {
  if (options.revokeSessions) {
    const balances = createBalancesRepository(tx);
    for (const { id } of await liveSessionBalances(tx, licenseId, subscriptionId, now)) {
      const balance = await balances.lock(licenseId, id);
      if (!balance || balance.remaining <= 0) continue;
      await balances.add(licenseId, id, -balance.remaining);
      await balances.move({
        licenseId,
        balanceId: id,
        delta: -balance.remaining,
        reason: 'revoked',
        createdBy: options.userId ?? null,
      });
    }
  }
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
