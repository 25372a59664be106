import {
  centsToEuros,
  isSubscriptionType,
  type ListQuery,
  type PaymentPeriodicity,
  type Periodicity,
  paymentPeriodicities,
  paymentPeriodicityRefusal,
  type Subscription,
  type SubscriptionListItem,
  servicePeriodsPerPayment,
  type subscriptionBody,
  type UsablePrograms,
} from '@mostrador/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { pageOf } from '../../lib/list.js';
import { assertOwned } from '../../lib/references.js';
import { parseClientInstant } from '../../lib/time.js';
import {
  activateSubscription,
  cancelSubscription,
  renewSubscription,
  type SubscriptionWorkflowDeps,
} from '../../workflows/subscription-renewal.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import { customers } from '../customers/customers.table.js';
import { checkPaymentPermission } from '../orders/order-rules.js';
import { createProductsRepository } from '../products/products.repository.js';
import { products } from '../products/products.table.js';
import type { SettingsService } from '../settings/settings.service.js';
import { programsFor } from './program-bookings.js';
import { periodAt } from './subscription-schedule.js';
import {
  createSubscriptionsRepository,
  type SubscriptionPeriodRow,
  type SubscriptionRow,
} from './subscriptions.repository.js';

type Body = z.output<typeof subscriptionBody>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toListItem(row: {
  subscription: SubscriptionRow;
  customerName: string;
  customerSurname: string | null;
  customerCompanyName: string | null;
  productName: string;
}): SubscriptionListItem {
  const s = row.subscription;
  return {
    id: s.id,
    customerName: row.customerName,
    customerSurname: row.customerSurname,
    customerCompanyName: row.customerCompanyName,
    status: s.status,
    paymentPeriodicity: s.paymentPeriodicity,
    paymentMethod: s.paymentMethod,
    startsAt: s.startsAt.toISOString(),
    productName: row.productName,
    customerId: s.customerId,
    productId: s.productId,
    cancelAt: iso(s.cancelAt),
    createdAt: s.createdAt.toISOString(),
  };
}

export function createSubscriptionsService(deps: {
  db: Db;
  settings: SettingsService;
  orders: SubscriptionWorkflowDeps['orders'];
  /** The time activations and cancellations happen at; tests set it. */
  clock?: () => Date;
  /** Mails an online order's payment link to its customer (after the activation's commit). */
  mailLink?: (auth: AuthContext, orderId: number) => Promise<unknown>;
}) {
  const { db } = deps;
  const repo = createSubscriptionsRepository(db);
  const now = () => deps.clock?.() ?? new Date();
  const workflowDeps: SubscriptionWorkflowDeps = { db, orders: deps.orders };

  /**
   * The body checked against the company: its customer and product (400 naming the field), a
   * subscription product, a payment periodicity that fits its service period (1000195), and a payment
   * method the caller may sell with.
   */
  async function checked(auth: AuthContext, body: Body) {
    await assertOwned(db, auth.licenseId, [
      { field: 'customerId', table: customers, id: body.customerId, what: 'customer' },
      { field: 'productId', table: products, id: body.productId, what: 'product' },
    ]);
    const product = await createProductsRepository(db).find(auth.licenseId, body.productId);
    if (!product) throw new AppError('validation', [{ field: 'productId', message: 'unknown product' }]);
    if (!isSubscriptionType(product.type))
      throw new AppError('validation', [{ field: 'productId', message: 'not a subscription product' }]);
    const service: Periodicity = {
      quantity: product.periodicityQuantity ?? 1,
      unit: product.periodicityUnit ?? 'month',
    };
    // Absent: the product's own choice, else the one that charges once per service period.
    const paymentPeriodicity: PaymentPeriodicity | undefined =
      body.paymentPeriodicity ??
      product.periodicityOfSubscriptionPayment ??
      paymentPeriodicities.find((p) => {
        const fit = servicePeriodsPerPayment(service, p);
        return 'periods' in fit && fit.periods === 1;
      });
    if (!paymentPeriodicity)
      throw new AppError('validation', [
        { field: 'paymentPeriodicity', message: 'required for this product' },
      ]);
    const refusal = paymentPeriodicityRefusal(service, paymentPeriodicity);
    if (refusal)
      throw new AppError('subscriptionPaymentPeriodicityInvalid', [
        { field: 'paymentPeriodicity', message: refusal },
      ]);
    checkPaymentPermission(auth.permissions, body.paymentMethod);
    const startsAt = parseClientInstant(body.startsAt, auth.timeZone);
    if (!startsAt) throw new AppError('validation', [{ field: 'startsAt', message: 'not a date' }]);
    return {
      customerId: body.customerId,
      productId: body.productId,
      startsAt,
      paymentPeriodicity,
      paymentMethod: body.paymentMethod,
    };
  }

  /** Writes, naming the customer or product when it went meanwhile (its foreign key refuses). */
  async function write<T>(auth: AuthContext, body: Body, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isForeignKeyViolation(error)) await checked(auth, body);
      throw error;
    }
  }

  function nextRenewalAt(s: SubscriptionRow, periods: SubscriptionPeriodRow[], timeZone: string) {
    if (s.status !== 'active' || !s.anchorAt) return null;
    const fromAnchor = periods.filter((p) => p.startsAt.getTime() >= s.anchorAt!.getTime()).length;
    const next = periodAt(s.anchorAt, timeZone, s.paymentPeriodicity, fromAnchor).start;
    if (s.cancelAt && next.getTime() >= s.cancelAt.getTime()) return null;
    return next.toISOString();
  }

  const service = {
    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await repo.list(auth.licenseId, { ...query, timeZone: auth.timeZone });
      return pageOf(rows.map(toListItem), count, query);
    },
    async get(auth: AuthContext, id: number): Promise<Subscription> {
      const row = await repo.find(auth.licenseId, id);
      if (!row) throw notFound();
      const periods = await repo.periods(auth.licenseId, id);
      const s = row.subscription;
      return {
        ...toListItem(row),
        trialEndsAt: iso(s.trialEndsAt),
        activatedAt: iso(s.activatedAt),
        cancelledAt: iso(s.cancelledAt),
        cancelReason: s.cancelReason,
        nextRenewalAt: nextRenewalAt(
          s,
          periods.map((p) => p.period),
          auth.timeZone,
        ),
        periods: periods.map(({ period: p, orderStatus }) => ({
          id: p.id,
          startsAt: p.startsAt.toISOString(),
          endsAt: p.endsAt.toISOString(),
          servicePeriods: p.servicePeriods,
          amount: centsToEuros(p.amountCents),
          orderId: p.orderId,
          orderStatus,
        })),
        updatedAt: s.updatedAt.toISOString(),
      };
    },
    /** A new subscription is inactive until activated. */
    async create(auth: AuthContext, body: Body) {
      const values = await checked(auth, body);
      const row = await write(auth, body, () =>
        repo.insert(auth.licenseId, { ...values, status: 'inactive' }),
      );
      return service.get(auth, row.id);
    },
    /** An active subscription changes only its payment method (1000198 otherwise). */
    async update(auth: AuthContext, id: number, body: Body) {
      const current = await repo.find(auth.licenseId, id);
      if (!current) throw notFound();
      const values = await checked(auth, body);
      const s = current.subscription;
      if (
        s.status === 'active' &&
        (values.customerId !== s.customerId ||
          values.productId !== s.productId ||
          values.startsAt.getTime() !== s.startsAt.getTime() ||
          values.paymentPeriodicity !== s.paymentPeriodicity)
      )
        throw new AppError('subscriptionActiveLocked');
      const row = await write(auth, body, () => repo.update(auth.licenseId, id, values));
      if (!row) throw notFound();
      return service.get(auth, id);
    },
    /** An active subscription is cancelled first (1000198); its periods go with it, their orders stay. */
    async remove(auth: AuthContext, id: number) {
      await db.transaction(async (tx) => {
        const txRepo = createSubscriptionsRepository(tx);
        const s = await txRepo.lock(auth.licenseId, id);
        if (!s) throw notFound();
        if (s.status === 'active') throw new AppError('subscriptionActiveLocked');
        await txRepo.remove(auth.licenseId, id);
      });
    },
    /**
     * See `activateSubscription`: the first period's order, or none during the free trial; an online
     * one's payment link is mailed to the customer. `at` is the clock's time unless given (the demo).
     */
    async activate(auth: AuthContext, id: number, at: Date = now()) {
      const settings = await deps.settings.ofLicense(auth.licenseId);
      const placed = await activateSubscription(workflowDeps, auth, settings, id, at);
      // Committed: an online first order's payment link goes to the customer (else staff send it).
      if (placed.paymentMethod === 'online' && deps.mailLink)
        for (const orderId of placed.orderIds) await deps.mailLink(auth, orderId).catch(() => undefined);
      return service.get(auth, id);
    },
    /**
     * Cancels an active subscription (1000197 otherwise): at once, or at the end of the period charged
     * (the trial's end when none was), when the renewal job turns it inactive.
     */
    async cancel(auth: AuthContext, id: number, atPeriodEnd: boolean, at: Date = now()) {
      await cancelSubscription(db, auth, id, atPeriodEnd, at);
      return service.get(auth, id);
    },
    /**
     * The customer's active program subscriptions that make a booking of the product free (the booking
     * drawer offers them); another license's customer is 404, its product 400 on productId.
     */
    async usablePrograms(auth: AuthContext, customerId: number, productId: number): Promise<UsablePrograms> {
      if (!(await createCustomersRepository(db).find(auth.licenseId, customerId))) throw notFound();
      if (!(await createProductsRepository(db).find(auth.licenseId, productId)))
        throw new AppError('validation', [{ field: 'productId', message: 'unknown product' }]);
      const rows = await programsFor(db, auth.licenseId, customerId, productId);
      return { items: rows.map((r) => ({ ...r, cancelAt: r.cancelAt?.toISOString() ?? null })) };
    },
    /** The renewal of one subscription at `now` (the job's step). */
    renew: async (licenseId: number, id: number, at: Date) =>
      renewSubscription(workflowDeps, licenseId, id, await deps.settings.ofLicense(licenseId), at),
  };
  return service;
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
