import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError, invalid } from '../../lib/app-error.js';
import { productPackItems, products } from '../products/products.table.js';
import { subscriptions } from './subscriptions.table.js';

/*
 * What the bookings service calls, inside a booking's transaction (after its calendar's lock), when a
 * booking names a program_subscription (`subscriptionId`): the booking is free while the customer's
 * subscription is active and its product names the booked one among its programme's products
 * (`product_pack_items` of the subscription product). It is an explicit choice, like a pack's balanceId,
 * so staff see what pays the booking and the customer may still buy one. The subscription row is read
 * FOR SHARE: a cancellation at once (which locks it for update) waits for the booking's commit, or the
 * booking waits and then finds it inactive. Nothing is spent: cancelling the booking gives nothing back.
 */

function refusal(key: 'subscriptionNotActive' | 'subscriptionNotForProduct', message: string) {
  return new AppError(key, [{ field: 'subscriptionId', message }]);
}

/**
 * Refuses unless the subscription makes a booking of `productId` starting at `startsAt` free: the
 * booking's customer's, a program_subscription naming the product, active, and the booking within its
 * time (from its start, before a cancellation at period end takes effect).
 */
export async function checkProgramBooking(
  tx: DbOrTx,
  licenseId: number,
  input: { subscriptionId: number; customerId: number; productId: number; startsAt: Date },
): Promise<void> {
  const [sub] = await tx
    .select({
      customerId: subscriptions.customerId,
      productId: subscriptions.productId,
      status: subscriptions.status,
      startsAt: subscriptions.startsAt,
      cancelAt: subscriptions.cancelAt,
      type: products.type,
    })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(and(eq(subscriptions.licenseId, licenseId), eq(subscriptions.id, input.subscriptionId)))
    .for('share', { of: subscriptions });
  // Another license's subscription or another customer's: 400 on the field, as an unknown id in a body.
  if (!sub || sub.customerId !== input.customerId)
    throw invalid('subscriptionId', "not a subscription of the booking's customer");
  if (sub.type !== 'program_subscription')
    throw refusal('subscriptionNotForProduct', 'not a program subscription');
  const [covered] = await tx
    .select({ productId: productPackItems.productId })
    .from(productPackItems)
    .where(
      and(
        eq(productPackItems.licenseId, licenseId),
        eq(productPackItems.packId, sub.productId),
        eq(productPackItems.productId, input.productId),
      ),
    );
  if (!covered) throw refusal('subscriptionNotForProduct', 'the programme does not include this product');
  if (sub.status !== 'active') throw refusal('subscriptionNotActive', 'the subscription is not active');
  if (input.startsAt.getTime() < sub.startsAt.getTime())
    throw refusal('subscriptionNotActive', `the subscription starts ${sub.startsAt.toISOString()}`);
  if (sub.cancelAt && input.startsAt.getTime() >= sub.cancelAt.getTime())
    throw refusal('subscriptionNotActive', `the subscription ends ${sub.cancelAt.toISOString()}`);
}

/** The customer's active program subscriptions that make a booking of `productId` free (the drawer's offer). */
export async function programsFor(db: DbOrTx, licenseId: number, customerId: number, productId: number) {
  return db
    .select({
      id: subscriptions.id,
      productId: subscriptions.productId,
      productName: products.name,
      cancelAt: subscriptions.cancelAt,
    })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(
      productPackItems,
      and(eq(productPackItems.packId, subscriptions.productId), eq(productPackItems.productId, productId)),
    )
    .where(
      and(
        eq(subscriptions.licenseId, licenseId),
        eq(subscriptions.customerId, customerId),
        eq(subscriptions.status, 'active'),
        eq(products.type, 'program_subscription'),
      ),
    )
    .orderBy(asc(subscriptions.id));
}
