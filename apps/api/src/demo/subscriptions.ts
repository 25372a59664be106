import {
  orderBody,
  type Permission,
  productBody,
  productTranslationsBody,
  type SubscriptionBody,
  subscriptionBody,
} from '@mostrador/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Services } from '../app.js';
import type { Db } from '../db/client.js';
import type { AuthContext } from '../lib/auth-context.js';
import { zonedToInstant } from '../lib/time.js';
import { customers } from '../modules/customers/customers.table.js';
import { users } from '../modules/employees/employees.table.js';
import { orders } from '../modules/orders/orders.table.js';
import { createProductsRepository } from '../modules/products/products.repository.js';
import { subscriptionPeriods, subscriptions } from '../modules/subscriptions/subscriptions.table.js';
import { suppliers } from '../modules/suppliers/suppliers.table.js';

/*
 * The demo's subscriptions, made as the app makes them: each is created and activated through the
 * subscriptions service on its start day, and the renewal job runs once a day at 09:00 over the last
 * seven months with the time given to it (the clock the job reads), so each period has its row and its
 * order, trials, unpaid renewals cancelled after the days to pay and cancellations at period end happen
 * as they would. Staff mark each transfer received the day after its period begins through the orders
 * service (so the paid order's grants give the sessions, credit and supplier listing of each type).
 * The subscriptions and their periods are dated by that clock; their orders are today's (an order's
 * code follows its creation, and it is numbered after the demo's other sales).
 */

/** More subscription products beside the catalogue's (one or two of each type in all). */
const moreProducts = [
  {
    product: {
      reference: 'CLUB-ANUAL',
      name: 'Cuota anual Club Aurora',
      description: 'Un año de acceso libre al circuito termal con dos meses de regalo.',
      price: 590,
      type: 'subscription',
      periodicity: { quantity: 1, unit: 'year' },
      periodicityOfSubscriptionPayment: 'annual',
    },
    en: ['Aurora Club annual membership', 'A year of free access to the thermal circuit, two months free.'],
    ca: ['Quota anual Club Aurora', "Un any d'accés lliure al circuit termal amb dos mesos de regal."],
  },
  {
    product: {
      reference: 'SUS-CIR-8',
      name: 'Suscripción 8 circuitos termales al mes',
      description: 'Ocho sesiones de circuito termal de dos horas cada mes.',
      price: 140,
      type: 'bookings_subscription',
      durationInMinutes: 120,
      periodicity: { quantity: 1, unit: 'month' },
      periodicityOfSubscriptionPayment: 'monthly',
      packSessions: 8,
    },
    packOf: ['CIR-TER-2H'],
    en: ['8 thermal circuits a month subscription', 'Eight two-hour thermal circuit sessions every month.'],
    ca: ['Subscripció 8 circuits termals al mes', 'Vuit sessions de circuit termal de dues hores cada mes.'],
  },
  {
    product: {
      reference: 'PROG-YOGA',
      name: 'Programa yoga ilimitado',
      description: 'Todas las clases de yoga que quieras, cada mes.',
      price: 49,
      type: 'program_subscription',
      periodicity: { quantity: 1, unit: 'month' },
      periodicityOfSubscriptionPayment: 'monthly',
    },
    packOf: ['YOG-CLA'],
    en: ['Unlimited yoga programme', 'Every yoga class you want, every month.'],
    ca: ['Programa ioga il·limitat', 'Totes les classes de ioga que vulguis, cada mes.'],
  },
  {
    product: {
      reference: 'CRED-TRI-150',
      name: 'Saldo trimestral 150 €',
      description: 'Cada trimestre, 150 € de saldo para tratamientos por 135 €.',
      price: 135,
      type: 'credit_subscription',
      creditAmount: 150,
      periodicity: { quantity: 3, unit: 'month' },
      periodicityOfSubscriptionPayment: 'quarterly',
    },
    en: ['€150 quarterly credit', '€150 of treatment credit every quarter for €135.'],
    ca: ['Saldo trimestral 150 €', 'Cada trimestre, 150 € de saldo per a tractaments per 135 €.'],
  },
  {
    product: {
      reference: 'COLAB-COSM',
      name: 'Cuota de expositor de cosmética',
      description: 'Expositor en recepción y venta de los productos del proveedor.',
      price: 60,
      type: 'supplier_subscription',
      periodicity: { quantity: 1, unit: 'month' },
    },
    supplier: 'Cosmética Natural Mediterránea',
    en: ['Cosmetics display fee', "A display at reception and sale of the supplier's products."],
    ca: ["Quota d'expositor de cosmètica", 'Expositor a recepció i venda dels productes del proveïdor.'],
  },
] as const;

/** One demo subscription: its product, when it starts (days before today), and what happens to it. */
interface DemoSubscription {
  reference: string;
  startsDaysAgo: number;
  paymentPeriodicity?: SubscriptionBody['paymentPeriodicity'];
  paymentMethod?: 'transfer' | 'external_billing';
  /** How many of its orders the customer pays (all by default): the next one goes unpaid. */
  paidOrders?: number;
  /** Staff cancel it this many days before today, at once or at the end of the period charged. */
  cancel?: { daysAgo: number; atPeriodEnd: boolean };
  /** Created but never activated. */
  draft?: boolean;
}

const demoSubscriptions: DemoSubscription[] = [
  // Active and paid up: one or two of each type.
  { reference: 'CLUB-MES', startsDaysAgo: 150 },
  { reference: 'CLUB-ANUAL', startsDaysAgo: 100, paymentMethod: 'external_billing' },
  { reference: 'SUS-MAS-4', startsDaysAgo: 120 },
  { reference: 'SUS-CIR-8', startsDaysAgo: 75, paymentPeriodicity: 'quarterly' },
  { reference: 'PROG-ANTIESTRES', startsDaysAgo: 40 },
  { reference: 'CRED-MES-50', startsDaysAgo: 180 },
  { reference: 'CRED-TRI-150', startsDaysAgo: 200 },
  { reference: 'COLAB-TER', startsDaysAgo: 130 },
  { reference: 'COLAB-COSM', startsDaysAgo: 60 },
  // In its free trial (the club's seven days): no order yet.
  { reference: 'CLUB-MES', startsDaysAgo: 3 },
  // Its latest renewal awaits payment, within the days to pay.
  { reference: 'SUS-MAS-4', startsDaysAgo: 32, paidOrders: 1 },
  // Cancelled at period end: active until then.
  { reference: 'PROG-YOGA', startsDaysAgo: 45, cancel: { daysAgo: 5, atPeriodEnd: true } },
  // Ended: unpaid renewals, staff cancelling at once, a cancellation at period end reached.
  { reference: 'SUS-MAS-4', startsDaysAgo: 90, paidOrders: 2 },
  { reference: 'CRED-MES-50', startsDaysAgo: 70, paidOrders: 1 },
  { reference: 'CLUB-MES', startsDaysAgo: 90, cancel: { daysAgo: 25, atPeriodEnd: false } },
  { reference: 'CRED-MES-50', startsDaysAgo: 100, cancel: { daysAgo: 50, atPeriodEnd: true } },
  // Created, to start next week.
  { reference: 'CLUB-MES', startsDaysAgo: -7, draft: true },
];

const DAY = 86_400_000;
const timeZone = 'Europe/Madrid';

/** 09:00 in Madrid `daysAgo` days before today. */
function morningOf(daysAgo: number): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const [year, month, day] = today.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day! - daysAgo));
  return zonedToInstant(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: 9,
      minute: 0,
    },
    timeZone,
  );
}

/** The extra products, with their translations, the products they name and their supplier. */
async function seedMoreProducts(db: Db, services: Services, auth: AuthContext) {
  const repo = createProductsRepository(db);
  const taxes = await services.taxes.list(auth, { page: 1, limit: 50 });
  const vat21 = taxes.items.find((tax) => tax.percentage === 21)!;
  for (const item of moreProducts) {
    const named = 'packOf' in item ? item.packOf : [];
    const packProductIds: number[] = [];
    for (const reference of named) {
      const found = await repo.findByReference(auth.licenseId, reference);
      if (found) packProductIds.push(found.id);
    }
    const [supplier] =
      'supplier' in item
        ? await db
            .select({ id: suppliers.id })
            .from(suppliers)
            .where(and(eq(suppliers.licenseId, auth.licenseId), eq(suppliers.name, item.supplier)))
        : [];
    const created = await services.products.create(
      auth,
      productBody.parse({
        ...item.product,
        taxType: vat21.id,
        ...(packProductIds.length ? { packProductIds } : {}),
        supplierId: supplier?.id ?? null,
      }),
    );
    await services.products.putTranslations(
      auth,
      created.id,
      productTranslationsBody.parse([
        { language: 'en', name: item.en[0], description: item.en[1] },
        { language: 'ca', name: item.ca[0], description: item.ca[1] },
      ]),
    );
  }
}

/** Staff mark the order paid (the transfer received), through the orders service. */
async function pay(services: Services, auth: AuthContext, orderId: number) {
  const o = await services.orders.get(auth, orderId);
  await services.orders.update(
    auth,
    orderId,
    orderBody.parse({
      customerId: o.customerId,
      status: 'paid',
      paymentMethod: o.paymentMethod,
      notes: o.notes,
      lines: o.lines.map((l) => ({
        id: l.id,
        productId: l.productId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discount,
      })),
    }),
  );
}

export async function seedDemoSubscriptions(db: Db, services: Services, licenseId: number) {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.licenseId, licenseId), eq(users.username, 'demo')));
  const auth: AuthContext = {
    sessionId: 0,
    userId: owner!.id,
    licenseId,
    isPlatform: false,
    roles: [],
    permissions: new Set<Permission>(['sales_online', 'products_create', 'products_edit']),
    grantable: new Set(),
    supportUserId: null,
    timeZone,
  };
  await seedMoreProducts(db, services, auth);
  const productIds = new Map<string, number>();
  const repo = createProductsRepository(db);
  for (const { reference } of demoSubscriptions) {
    const found = await repo.findByReference(licenseId, reference);
    if (found) productIds.set(reference, found.id);
  }
  // A customer each, the longest-standing ones.
  const holders = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.licenseId, licenseId))
    .orderBy(asc(customers.id))
    .limit(demoSubscriptions.length);
  const made = demoSubscriptions.map((spec, i) => ({ spec, customerId: holders[i]!.id, id: 0, paid: 0 }));

  const firstDay = Math.max(...demoSubscriptions.map((s) => s.startsDaysAgo));
  for (let daysAgo = firstDay; daysAgo >= 0; daysAgo--) {
    const clock = morningOf(daysAgo);
    // Created and activated on their start day (the draft the day it was entered).
    for (const m of made) {
      const startsThen = m.spec.startsDaysAgo === daysAgo;
      if (!(startsThen || (m.spec.draft && daysAgo === 0))) continue;
      const created = await services.subscriptions.create(
        auth,
        subscriptionBody.parse({
          customerId: m.customerId,
          productId: productIds.get(m.spec.reference),
          startsAt: morningOf(m.spec.startsDaysAgo).toISOString(),
          paymentPeriodicity: m.spec.paymentPeriodicity,
          paymentMethod: m.spec.paymentMethod ?? 'transfer',
        }),
      );
      m.id = created.id;
      await db
        .update(subscriptions)
        .set({ createdAt: clock, updatedAt: clock })
        .where(eq(subscriptions.id, created.id));
      if (!m.spec.draft) await services.subscriptions.activate(auth, created.id, clock);
    }
    // The day's renewal run.
    await services.subscriptionRenewals.run(clock, { licenseId });
    // What was made now was made at the clock's time (the days to pay count from it).
    await db
      .update(subscriptionPeriods)
      .set({ createdAt: clock, updatedAt: clock })
      .where(and(eq(subscriptionPeriods.licenseId, licenseId), gt(subscriptionPeriods.createdAt, clock)));
    // Transfers received the day after each period began, as long as the customer pays.
    for (const m of made) {
      if (!m.id || m.spec.draft) continue;
      const awaiting = await db
        .select({ orderId: subscriptionPeriods.orderId })
        .from(subscriptionPeriods)
        .innerJoin(orders, eq(orders.id, subscriptionPeriods.orderId))
        .where(
          and(
            eq(subscriptionPeriods.subscriptionId, m.id),
            eq(orders.status, 'awaiting_payment'),
            sql`${subscriptionPeriods.startsAt} <= ${new Date(clock.getTime() - DAY)}`,
          ),
        )
        .orderBy(asc(subscriptionPeriods.startsAt));
      for (const { orderId } of awaiting) {
        if (m.spec.paidOrders !== undefined && m.paid >= m.spec.paidOrders) break;
        const [sub] = await db
          .select({ status: subscriptions.status })
          .from(subscriptions)
          .where(eq(subscriptions.id, m.id));
        if (sub?.status !== 'active') break;
        await pay(services, auth, orderId!);
        m.paid++;
      }
      if (m.spec.cancel?.daysAgo === daysAgo)
        await services.subscriptions.cancel(auth, m.id, m.spec.cancel.atPeriodEnd, clock);
    }
  }
}
