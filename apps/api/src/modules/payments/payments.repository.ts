import type { PaymentGateway, PaymentKind, PaymentStatus } from '@mostrador/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { paymentEvents, paymentLinks, payments } from './payments.table.js';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

export interface NewPayment {
  orderId: number;
  kind: PaymentKind;
  gateway: PaymentGateway;
  mode: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  reference: string;
  parentId?: number | null;
  refundOrderId?: number | null;
  transactionToken?: string | null;
  failureReason?: string | null;
  answer?: Record<string, unknown> | null;
}

/** Payment links, gateway exchanges and delivered notifications; every query scoped by license. */
export function createPaymentsRepository(db: DbOrTx) {
  return {
    async linkOf(licenseId: number, orderId: number) {
      const [row] = await db
        .select()
        .from(paymentLinks)
        .where(and(eq(paymentLinks.licenseId, licenseId), eq(paymentLinks.orderId, orderId)));
      return row;
    },
    /** The order's link, made once: a second caller finds the first one's. */
    async insertLink(licenseId: number, orderId: number, tokenHash: string, tokenSealed: string) {
      await db
        .insert(paymentLinks)
        .values({ licenseId, orderId, tokenHash, tokenSealed })
        .onConflictDoNothing({ target: paymentLinks.orderId });
    },
    /** An abandoned checkout's link opens no new exchange from now on (jobs/checkouts.ts). */
    async disableLink(licenseId: number, orderId: number, at: Date) {
      await db
        .update(paymentLinks)
        .set({ disabledAt: at })
        .where(and(eq(paymentLinks.licenseId, licenseId), eq(paymentLinks.orderId, orderId)));
    },
    /** A link by its token's hash, from a customer's browser: any license. */
    async linkByToken(tokenHash: string) {
      const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.tokenHash, tokenHash));
      return row;
    },

    async insert(licenseId: number, values: NewPayment) {
      const [row] = await db
        .insert(payments)
        .values({ ...values, licenseId })
        .returning();
      return row!;
    },
    async update(licenseId: number, id: number, values: Partial<NewPayment>) {
      const [row] = await db
        .update(payments)
        .set(values)
        .where(and(eq(payments.licenseId, licenseId), eq(payments.id, id)))
        .returning();
      return row;
    },
    /** A payment by the gateway's handle, from a notification (any license: the signature is checked next). */
    async byReference(gateway: PaymentGateway, reference: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.gateway, gateway), eq(payments.reference, reference)));
      return row;
    },
    async find(licenseId: number, id: number) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.licenseId, licenseId), eq(payments.id, id)));
      return row;
    },
    /** The payment locked, so a notification and a capture of it take turns. */
    async lock(licenseId: number, id: number) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.licenseId, licenseId), eq(payments.id, id)))
        .for('update');
      return row;
    },
    /** An order's exchanges, oldest first. */
    async ofOrder(licenseId: number, orderId: number) {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.licenseId, licenseId), eq(payments.orderId, orderId)))
        .orderBy(asc(payments.id));
    },
    /** The order's payments that took money (paid or held), latest first. */
    async taken(licenseId: number, orderId: number, statuses: PaymentStatus[] = ['succeeded']) {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.licenseId, licenseId),
            eq(payments.orderId, orderId),
            eq(payments.kind, 'payment'),
            inArray(payments.status, statuses),
          ),
        )
        .orderBy(desc(payments.id));
    },
    /** What the gateway already gave back of a payment, in cents. */
    async refundedCents(licenseId: number, parentId: number) {
      const [row] = await db
        .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
        .from(payments)
        .where(
          and(
            eq(payments.licenseId, licenseId),
            eq(payments.parentId, parentId),
            eq(payments.kind, 'refund'),
            eq(payments.status, 'succeeded'),
          ),
        );
      return row?.cents ?? 0;
    },

    /**
     * Records a delivered notification: `fresh` the first time; `repeat` when the event was delivered
     * before (a parallel delivery of it waits for the first one's transaction and then finds it);
     * `replay` when that earlier delivery was this very one (the same signature sent again).
     */
    async recordEvent(
      licenseId: number,
      values: {
        gateway: PaymentGateway;
        eventId: string;
        type: string;
        paymentId: number | null;
        outcome: string;
        deliveredAs?: string | null;
      },
    ): Promise<'fresh' | 'repeat' | 'replay'> {
      const rows = await db
        .insert(paymentEvents)
        .values({ ...values, licenseId })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (rows.length) return 'fresh';
      if (!values.deliveredAs) return 'repeat';
      const [earlier] = await db
        .select({ deliveredAs: paymentEvents.deliveredAs })
        .from(paymentEvents)
        .where(
          and(
            eq(paymentEvents.licenseId, licenseId),
            eq(paymentEvents.gateway, values.gateway),
            eq(paymentEvents.eventId, values.eventId),
          ),
        );
      return earlier?.deliveredAs === values.deliveredAs ? 'replay' : 'repeat';
    },
    async setEventOutcome(licenseId: number, gateway: PaymentGateway, eventId: string, outcome: string) {
      await db
        .update(paymentEvents)
        .set({ outcome })
        .where(
          and(
            eq(paymentEvents.licenseId, licenseId),
            eq(paymentEvents.gateway, gateway),
            eq(paymentEvents.eventId, eventId),
          ),
        );
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
