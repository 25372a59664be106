import {
  centsToEuros,
  isSubscriptionType,
  orderBody,
  type PaymentPeriodicity,
  type Periodicity,
  paymentMethodPermission,
  type Settings,
  type SubscriptionPaymentMethod,
  servicePeriodsPerPayment,
} from '@mostrador/contract';
import type { Db, Tx } from '../db/client.js';
import { AppError, notFound } from '../lib/app-error.js';
import type { AuthContext } from '../lib/auth-context.js';
import { createProductsRepository } from '../modules/products/products.repository.js';
import { periodAt, plusPeriod, startedPeriods } from '../modules/subscriptions/subscription-schedule.js';
import {
  createSubscriptionsRepository,
  type SubscriptionRow,
} from '../modules/subscriptions/subscriptions.repository.js';
import type { OrderWorkflowDeps } from './order-steps.js';
import { placeOrder } from './place-order.js';
import { releaseSubscriptionGrants } from './subscription-grants.js';

/*
 * Subscriptions' writes that span modules: activating one (its first period's order) and renewing it
 * (each due period's order, the cancellations that are due). Each runs in one transaction with the
 * subscription's row locked, so an activation, a cancellation and renewals in several processes take
 * turns; each period's row is unique by its start, so its order is placed once.
 */

/** At most this many periods are charged per subscription in one run (a long-stopped job catches up). */
const periodsPerRun = 24;

/** The product's service period, and how many of them a payment covers; 1000195 when none fits. */
function chargeOf(
  product: { periodicityQuantity: number | null; periodicityUnit: string | null },
  payment: PaymentPeriodicity,
) {
  const service: Periodicity = {
    quantity: product.periodicityQuantity ?? 1,
    unit: (product.periodicityUnit ?? 'month') as Periodicity['unit'],
  };
  const fit = servicePeriodsPerPayment(service, payment);
  if ('refusal' in fit)
    throw new AppError('subscriptionPaymentPeriodicityInvalid', [
      { field: 'paymentPeriodicity', message: fit.refusal },
    ]);
  return { service, periods: fit.periods };
}

/**
 * Who places a subscription's orders: the staff member who activates it, or nobody (the job). It may sell
 * with the subscription's payment method, which was checked against whoever created or changed it.
 */
export function ordererOf(
  sub: Pick<SubscriptionRow, 'licenseId' | 'paymentMethod'>,
  timeZone: string,
  userId: number | null,
): AuthContext {
  return {
    sessionId: 0,
    // orders.created_by is null for what the server places by itself.
    userId: userId as number,
    licenseId: sub.licenseId,
    isPlatform: false,
    roles: [],
    permissions: new Set([paymentMethodPermission(sub.paymentMethod)]),
    grantable: new Set(),
    supportUserId: null,
    timeZone,
  };
}

export interface SubscriptionWorkflowDeps {
  db: Db;
  orders: OrderWorkflowDeps;
}

/**
 * Charges the periods of a locked, active subscription that have started by `now` (and, with
 * `first`, its first period even when it starts later): for each, the period's row (skipped when it
 * is there already) and its order awaiting payment, one line of the product with the service periods
 * it covers as quantity at the product's price. Periods from a cancellation at period end on are not
 * charged. Answers the orders placed.
 */
async function chargeDuePeriods(
  tx: Tx,
  deps: SubscriptionWorkflowDeps,
  sub: SubscriptionRow,
  settings: Settings,
  now: Date,
  options: { first?: boolean; userId?: number | null } = {},
) {
  if (!sub.anchorAt) return [];
  const repo = createSubscriptionsRepository(tx);
  const tz = settings.timeZone;
  const [product] = await createProductsRepository(tx).findManyForShare(sub.licenseId, [sub.productId]);
  if (!product) throw notFound();
  if (!isSubscriptionType(product.type))
    throw new AppError('validation', [{ field: 'productId', message: 'not a subscription product' }]);
  const charge = chargeOf(product, sub.paymentPeriodicity);
  const next = await repo.countPeriodsFrom(sub.licenseId, sub.id, sub.anchorAt);
  const due = startedPeriods(sub.anchorAt, tz, sub.paymentPeriodicity, now, next, periodsPerRun);
  if (options.first && next === 0 && !due.length)
    due.push(periodAt(sub.anchorAt, tz, sub.paymentPeriodicity, 0));
  const placed: number[] = [];
  // The orders are placed by the order workflow inside this transaction (a savepoint of it).
  const orderDeps: OrderWorkflowDeps = { ...deps.orders, db: tx as unknown as Db };
  for (const period of due) {
    if (sub.cancelAt && period.start.getTime() >= sub.cancelAt.getTime()) break;
    const amountCents = product.priceCents * charge.periods;
    const row = await repo.insertPeriod(sub.licenseId, {
      subscriptionId: sub.id,
      startsAt: period.start,
      endsAt: period.end,
      servicePeriods: charge.periods,
      amountCents,
    });
    if (!row) continue;
    const order = await placeOrder(
      orderDeps,
      ordererOf(sub, tz, options.userId ?? null),
      orderBody.parse({
        customerId: sub.customerId,
        status: 'awaiting_payment',
        paymentMethod: sub.paymentMethod,
        lines: [
          {
            productId: product.id,
            quantity: charge.periods,
            unitPrice: centsToEuros(product.priceCents),
            discount: 0,
          },
        ],
      }),
    );
    await repo.setPeriodOrder(sub.licenseId, row.id, order.id);
    placed.push(order.id);
  }
  return placed;
}

/**
 * Activates an inactive subscription at `now`. The first activation gives the product's free trial
 * (`freeSubscriptionTrialDays`, else the company's): its payment periods then start when the trial ends
 * and no order is made now; without one they start at `startsAt` and the first period's order is placed
 * now (with those of any period already begun). A reactivation starts its periods at `startsAt` or now,
 * whichever is later, without a trial.
 */
export async function activateSubscription(
  deps: SubscriptionWorkflowDeps,
  auth: AuthContext,
  settings: Settings,
  id: number,
  now: Date,
) {
  return deps.db.transaction(async (tx) => {
    const repo = createSubscriptionsRepository(tx);
    const sub = await repo.lock(auth.licenseId, id);
    if (!sub) throw notFound();
    if (sub.status === 'active') throw new AppError('subscriptionAlreadyActive');
    const product = await createProductsRepository(tx).find(auth.licenseId, sub.productId);
    if (!product) throw notFound();
    chargeOf(product, sub.paymentPeriodicity);
    const tz = settings.timeZone;
    let anchorAt: Date;
    let trialEndsAt = sub.trialEndsAt;
    if (sub.activatedAt === null) {
      const trialDays = product.freeSubscriptionTrialDays ?? settings.subscriptions.freeSubscriptionTrialDays;
      trialEndsAt = trialDays > 0 ? plusPeriod(sub.startsAt, tz, { quantity: trialDays, unit: 'day' }) : null;
      anchorAt = trialEndsAt ?? sub.startsAt;
    } else {
      anchorAt = new Date(Math.max(sub.startsAt.getTime(), now.getTime()));
    }
    const active = await repo.update(auth.licenseId, id, {
      status: 'active',
      anchorAt,
      trialEndsAt,
      activatedAt: now,
      cancelAt: null,
      cancelledAt: null,
      cancelReason: null,
    });
    const orderIds = await chargeDuePeriods(tx, deps, active!, settings, now, {
      first: trialEndsAt === null || sub.activatedAt !== null,
      userId: auth.userId,
    });
    return { orderIds, paymentMethod: sub.paymentMethod };
  });
}

/** Whether a renewal made at `unpaidAt` is still unpaid beyond the days to pay (the product's, else the company's). */
function unpaidTooLong(unpaidAt: Date | null, productDays: number | null, settings: Settings, now: Date) {
  if (!unpaidAt) return false;
  const days = productDays ?? settings.subscriptions.daysToPaySubscriptionRenewal;
  return plusPeriod(unpaidAt, settings.timeZone, { quantity: days, unit: 'day' }).getTime() <= now.getTime();
}

/**
 * Whether anything of an active subscription is due at `now`, from what the renewal job reads in bulk: a
 * cancellation at period end reached, a renewal unpaid too long, or its next period begun. The job opens
 * a subscription's transaction only then, so a minute's run over many subscriptions stays cheap.
 */
export function renewalDue(
  s: {
    anchorAt: Date | null;
    paymentPeriodicity: PaymentPeriodicity;
    cancelAt: Date | null;
    daysToPay: number | null;
    periodsFromAnchor: number;
    oldestUnpaidAt: Date | null;
  },
  settings: Settings,
  now: Date,
): boolean {
  if (s.cancelAt && s.cancelAt.getTime() <= now.getTime()) return true;
  if (unpaidTooLong(s.oldestUnpaidAt, s.daysToPay, settings, now)) return true;
  if (!s.anchorAt) return false;
  const next = periodAt(s.anchorAt, settings.timeZone, s.paymentPeriodicity, s.periodsFromAnchor);
  return next.start.getTime() <= now.getTime();
}

/** What one renewal of a subscription did. */
export type RenewalOutcome =
  | { kind: 'skipped' }
  | { kind: 'renewed'; orderIds: number[]; paymentMethod: SubscriptionPaymentMethod }
  | { kind: 'cancelled'; reason: 'period_end' | 'unpaid' };

/**
 * The renewal of one subscription at `now`, in one transaction with its row locked: a cancellation at
 * period end whose time has come turns it inactive; a period whose order is still unpaid
 * `daysToPaySubscriptionRenewal` days (the product's, else the company's) after the period began
 * cancels it; otherwise each period begun by now gets its order, once.
 */
export async function renewSubscription(
  deps: SubscriptionWorkflowDeps,
  licenseId: number,
  id: number,
  settings: Settings,
  now: Date,
): Promise<RenewalOutcome> {
  return deps.db.transaction(async (tx) => {
    const repo = createSubscriptionsRepository(tx);
    const sub = await repo.lock(licenseId, id);
    if (sub?.status !== 'active') return { kind: 'skipped' };
    if (sub.cancelAt && sub.cancelAt.getTime() <= now.getTime()) {
      await repo.update(licenseId, id, {
        status: 'inactive',
        cancelledAt: sub.cancelAt,
        cancelReason: 'period_end',
      });
      await releaseSubscriptionGrants(tx, licenseId, id, now, { revokeSessions: false });
      return { kind: 'cancelled', reason: 'period_end' };
    }
    const product = await createProductsRepository(tx).find(licenseId, sub.productId);
    const [oldestUnpaid] = sub.anchorAt ? await repo.unpaidPeriods(licenseId, id, sub.anchorAt) : [];
    // The days to pay count from the renewal: the period's start, or when its order was made if later.
    const unpaidAt = oldestUnpaid
      ? new Date(Math.max(oldestUnpaid.period.startsAt.getTime(), oldestUnpaid.period.createdAt.getTime()))
      : null;
    if (unpaidTooLong(unpaidAt, product?.daysToPaySubscriptionRenewal ?? null, settings, now)) {
      await repo.update(licenseId, id, {
        status: 'inactive',
        cancelAt: null,
        cancelledAt: now,
        cancelReason: 'unpaid',
      });
      await releaseSubscriptionGrants(tx, licenseId, id, now, { revokeSessions: true });
      return { kind: 'cancelled', reason: 'unpaid' };
    }
    const orderIds = await chargeDuePeriods(tx, deps, sub, settings, now);
    return orderIds.length
      ? { kind: 'renewed', orderIds, paymentMethod: sub.paymentMethod }
      : { kind: 'skipped' };
  });
}

/**
 * Cancels an active subscription (1000197 otherwise) at `now`: at once, ending what it grants, or at the
 * end of the period charged (the trial's end when none was), when the renewal job ends it.
 */
export async function cancelSubscription(
  db: Db,
  auth: AuthContext,
  id: number,
  atPeriodEnd: boolean,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const repo = createSubscriptionsRepository(tx);
    const s = await repo.lock(auth.licenseId, id);
    if (!s) throw notFound();
    if (s.status !== 'active') throw new AppError('subscriptionNotActive');
    let cancelAt: Date | null = null;
    if (atPeriodEnd && s.anchorAt) {
      const [latest] = await repo.periods(auth.licenseId, id);
      const end =
        latest && latest.period.startsAt.getTime() >= s.anchorAt.getTime()
          ? latest.period.endsAt
          : s.anchorAt;
      if (end.getTime() > now.getTime()) cancelAt = end;
    }
    if (cancelAt) {
      await repo.update(auth.licenseId, id, { cancelAt });
      return;
    }
    await repo.update(auth.licenseId, id, {
      status: 'inactive',
      cancelAt: null,
      cancelledAt: now,
      cancelReason: 'cancelled',
    });
    await releaseSubscriptionGrants(tx, auth.licenseId, id, now, {
      revokeSessions: true,
      userId: auth.userId,
    });
  });
}
