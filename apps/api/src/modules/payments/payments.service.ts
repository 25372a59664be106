import { createHash, randomBytes } from 'node:crypto';
import {
  centsToEuros,
  errorKeyOf,
  type Language,
  languages,
  type Mail,
  type Order,
  type OrderPayment,
  type PaymentCheckResult,
  type PaymentEndpoints,
  type PaymentGateway,
  type StripeMode,
} from '@mostrador/contract';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  checkConnection as checkRedsys,
  newRedsysOrder,
  RedsysError,
  readNotification,
  redirectForm,
  restOperation,
} from '../../integrations/redsys/client.js';
import { decodeParameters, orderOf } from '../../integrations/redsys/signature.js';
import {
  checkoutSessionView,
  checkStripeKeys,
  createCheckoutSession,
  refundPayment,
  retrieveCheckoutSession,
  StripeGatewayError,
  type StripeTarget,
  stripeClient,
  stripeLocaleOf,
  verifyWebhook,
} from '../../integrations/stripe.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { SecretBox } from '../../lib/secrets.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { PaidOrderGrant } from '../../workflows/order-paid.js';
import { markOrderPaid, settlePayment } from '../../workflows/settle-payment.js';
import { createBookingHoldsRepository } from '../bookings/booking-holds.repository.js';
import { customers } from '../customers/customers.table.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { MailComposer } from '../mails/mail-composer.js';
import { readOrder } from '../orders/order-view.js';
import { createOrdersRepository, type OrderRow } from '../orders/orders.repository.js';
import { orders } from '../orders/orders.table.js';
import type { SettingsService } from '../settings/settings.service.js';
import { assertOnlineReady, type GatewayConfig, gatewayConfig, gatewayMissing } from './gateway-config.js';
import type { PaymentPageData, PaymentPageKind } from './payment-pages.js';
import { createPaymentsRepository, type NewPayment, type PaymentRow } from './payments.repository.js';

/**
 * A gateway refund that did not happen (refused, the gateway unreachable or no longer configured): the
 * error the caller answers, carrying the attempt to record once the refund's transaction has rolled back.
 */
export class RefundNotDone extends AppError {
  constructor(
    failure: AppError,
    readonly licenseId: number,
    readonly attempt: NewPayment,
  ) {
    super(errorKeyOf(failure.code), failure.details, failure.message);
  }
}

export interface PaymentsDeps {
  db: Db;
  settings: SettingsService;
  secretBox: SecretBox;
  invoices?: InvoicesService;
  /** What a paid sale gives its buyer (vouchers, pack sessions, credit), once the gateway paid it. */
  grants?: readonly PaidOrderGrant[];
  mailComposer: MailComposer;
  publicUrl: string;
  /** Where the Stripe SDK sends its requests (tests: a local server speaking Stripe's API). */
  stripe?: StripeTarget;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** What opening a payment link gives the customer's browser. */
export type PayAnswer =
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; action: string; fields: Record<string, string>; page: PaymentPageData }
  | { kind: 'page'; page: PaymentPageKind; status: number; data: PaymentPageData };

const euro = 'eur';

/** A gateway refusal (409 1000162, with why) or an unreachable gateway (502 1000163). */
function gatewayFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof StripeGatewayError) {
    if (error.reason === 'unreachable')
      return new AppError('paymentGatewayUnavailable', { reason: error.message });
    return new AppError('paymentGatewayRefused', {
      gateway: 'stripe',
      reason: error.message,
      code: error.code ?? null,
    });
  }
  if (error instanceof RedsysError) {
    if (error.reason === 'unreachable')
      return new AppError('paymentGatewayUnavailable', { reason: error.message });
    return new AppError('paymentGatewayRefused', { gateway: 'redsys', reason: error.message });
  }
  throw error;
}

/**
 * Online card payments: the payment link of an online order awaiting payment, the gateway sessions it
 * opens, the gateways' verified notifications that mark the order paid exactly once, the capture of a
 * held Redsys payment, refunds through the gateway, the link by mail and the settings' connection check.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db } = deps;
  const repo = createPaymentsRepository(db);
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  const linkUrl = (token: string) => `${publicUrl}/pay/${token}`;

  /** The order a link names, with what its pages show (the customer's language, the company's name). */
  async function linkContext(token: string) {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const link = await repo.linkByToken(hashToken(token));
    if (!link) return null;
    const [row] = await db
      .select({ order: orders, email: customers.email, language: customers.language })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(and(eq(orders.licenseId, link.licenseId), eq(orders.id, link.orderId)));
    if (!row) return null;
    const settings = await deps.settings.ofLicense(link.licenseId);
    const language: Language =
      row.language && (languages as readonly string[]).includes(row.language)
        ? (row.language as Language)
        : settings.locale;
    const page: PaymentPageData = {
      language,
      companyName: settings.companyName ?? '',
      orderCode: row.order.code,
      totalCents: row.order.totalCents,
      retryPath: `/pay/${token}`,
    };
    return { link, order: row.order, email: row.email, settings, language, page };
  }

  const page = (kind: PaymentPageKind, data: PaymentPageData, status = 200): PayAnswer => ({
    kind: 'page',
    page: kind,
    status,
    data,
  });

  /** Where the gateway sends the browser back: the company's own pages, else ours. */
  function returnUrls(config: GatewayConfig, token: string, paymentId: number) {
    return {
      ok: config.successUrl ?? `${publicUrl}/pay/${token}/done?payment=${paymentId}`,
      ko: config.errorUrl ?? `${publicUrl}/pay/${token}/failed?payment=${paymentId}`,
    };
  }

  async function recordFailure(
    payment: PaymentRow,
    status: 'failed' | 'cancelled',
    reason: string,
    answer?: Record<string, unknown>,
  ) {
    await repo.update(payment.licenseId, payment.id, {
      status,
      failureReason: reason,
      answer: answer ?? null,
    });
  }

  const service = {
    /**
     * In an order's transaction: an online order is about to await payment, so the chosen gateway must
     * be ready (409 1000159, 1000037, 1000158).
     */
    async prepareOnline(tx: DbOrTx, licenseId: number) {
      assertOnlineReady(await deps.settings.ofLicense(licenseId, tx));
    },

    /** In an order's transaction: the order's payment link, made once. */
    async ensureLink(tx: DbOrTx, licenseId: number, orderId: number) {
      const r = createPaymentsRepository(tx);
      if (await r.linkOf(licenseId, orderId)) return;
      const token = newToken();
      await r.insertLink(licenseId, orderId, hashToken(token), deps.secretBox.seal(token));
    },

    /** In an order's transaction: the address of the order's payment link (`ensureLink` made it), or null. */
    async linkUrlOf(tx: DbOrTx, licenseId: number, orderId: number): Promise<string | null> {
      const link = await createPaymentsRepository(tx).linkOf(licenseId, orderId);
      return link ? linkUrl(deps.secretBox.open(link.tokenSealed)) : null;
    },

    /** The order screen's card: its link while it awaits payment online, and its exchanges. */
    async view(auth: AuthContext, orderId: number): Promise<OrderPayment> {
      const order = await createOrdersRepository(db).find(auth.licenseId, orderId);
      if (!order) throw notFound();
      const [link, rows, settings] = await Promise.all([
        repo.linkOf(auth.licenseId, orderId),
        repo.ofOrder(auth.licenseId, orderId),
        deps.settings.ofLicense(auth.licenseId),
      ]);
      const awaiting = order.paymentMethod === 'online' && order.status === 'awaiting_payment';
      return {
        link: awaiting && link && !link.disabledAt ? linkUrl(deps.secretBox.open(link.tokenSealed)) : null,
        linkDisabledAt: link?.disabledAt?.toISOString() ?? null,
        gateway: settings.payment.gateway,
        capturable: awaiting && rows.some((p) => p.kind === 'payment' && p.status === 'authorized'),
        attempts: rows.map((p) => ({
          id: p.id,
          kind: p.kind,
          gateway: p.gateway,
          status: p.status,
          amount: centsToEuros(p.amountCents),
          currency: p.currency,
          reference: p.reference,
          transactionToken: p.transactionToken,
          failureReason: p.failureReason,
          refundOrderId: p.refundOrderId,
          createdAt: p.createdAt.toISOString(),
          updatedAt: p.updatedAt.toISOString(),
        })),
      };
    },

    /**
     * A customer opens the link: a fresh gateway session each time while the order awaits payment
     * (a Stripe Checkout Session to redirect to, or the signed Redsys form to post); otherwise a page
     * that says the order is paid, no longer payable, or the link unknown.
     */
    async open(token: string): Promise<PayAnswer> {
      const ctx = await linkContext(token);
      if (!ctx) return page('not_found', { language: 'es', companyName: '' }, 404);
      const { order, settings } = ctx;
      if (order.status === 'paid' || order.status === 'refunded') return page('paid', ctx.page);
      if (order.status !== 'awaiting_payment' || order.paymentMethod !== 'online' || ctx.link.disabledAt)
        return page('unavailable', ctx.page, 410);
      const held = await repo.taken(order.licenseId, order.id, ['authorized']);
      if (held.length) return page('paid', ctx.page);
      let config: GatewayConfig;
      try {
        config = await gatewayConfig(deps.settings, order.licenseId);
      } catch (error) {
        if (error instanceof AppError) return page('unavailable', ctx.page, 503);
        throw error;
      }
      const description = [settings.companyName, `#${order.code}`].filter(Boolean).join(' ');
      if (config.gateway === 'stripe') {
        const payment = await repo.insert(order.licenseId, {
          orderId: order.id,
          kind: 'payment',
          gateway: 'stripe',
          mode: config.mode,
          status: 'pending',
          amountCents: order.totalCents,
          currency: euro,
          reference: `pending:${randomBytes(12).toString('hex')}`,
        });
        const back = returnUrls(config, token, payment.id);
        try {
          const session = await createCheckoutSession(stripeClient(config.secretKey, deps.stripe), {
            amountCents: order.totalCents,
            currency: euro,
            description,
            orderId: order.id,
            paymentId: payment.id,
            customerEmail: ctx.email,
            successUrl: config.successUrl ?? `${back.ok}&session={CHECKOUT_SESSION_ID}`,
            cancelUrl: back.ko,
            locale: stripeLocaleOf(ctx.language),
            idempotencyKey: `mostrador-payment-${order.licenseId}-${payment.id}`,
            metadata: { licenseId: String(order.licenseId), orderCode: String(order.code) },
          });
          await repo.update(order.licenseId, payment.id, { reference: session.id });
          return { kind: 'redirect', url: session.url };
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          await recordFailure(payment, 'failed', reason);
          deps.log?.warn({ orderId: order.id, reason }, 'stripe checkout session refused');
          return page('unavailable', ctx.page, 503);
        }
      }
      const reference = newRedsysOrder();
      const payment = await repo.insert(order.licenseId, {
        orderId: order.id,
        kind: 'payment',
        gateway: 'redsys',
        mode: config.transactionType,
        status: 'pending',
        amountCents: order.totalCents,
        currency: config.redsys.currency,
        reference,
      });
      const back = returnUrls(config, token, payment.id);
      const form = redirectForm(config.redsys, {
        order: reference,
        amountCents: order.totalCents,
        transactionType: config.transactionType,
        merchantUrl: `${publicUrl}/v1/payments/redsys/notification`,
        urlOk: back.ok,
        urlKo: back.ko,
        description,
        language: ctx.language,
      });
      return { kind: 'form', action: form.action, fields: { ...form.fields }, page: ctx.page };
    },

    /**
     * The customer's browser back from the gateway. On success a Stripe session is read back from
     * Stripe (server to server, so it can be believed) in case its notification is late; the page
     * says paid, or that the payment is being confirmed. On failure, a page to try again.
     */
    async returned(
      token: string,
      outcome: 'done' | 'failed',
      paymentId?: number,
      sessionId?: string,
    ): Promise<PayAnswer> {
      const ctx = await linkContext(token);
      if (!ctx) return page('not_found', { language: 'es', companyName: '' }, 404);
      const { order } = ctx;
      if (order.status === 'paid' || order.status === 'refunded') return page('paid', ctx.page);
      if (outcome === 'failed') return page('failed', ctx.page);
      const payment = paymentId ? await repo.find(order.licenseId, paymentId) : undefined;
      if (payment?.orderId === order.id && payment.gateway === 'stripe' && sessionId === payment.reference) {
        try {
          const config = await gatewayConfig(
            deps.settings,
            order.licenseId,
            'stripe',
            payment.mode as StripeMode,
          );
          if (config.gateway === 'stripe') {
            const session = await retrieveCheckoutSession(
              stripeClient(config.secretKey, deps.stripe),
              sessionId,
            );
            if (session.paymentStatus === 'paid' && session.paymentIntentId) {
              await settlePayment(deps, payment, {
                amountCents: session.amountTotal ?? -1,
                currency: session.currency ?? '',
                transactionToken: session.paymentIntentId,
                answer: { source: 'return', session: session.id, payment_status: session.paymentStatus },
              });
              return page('paid', ctx.page);
            }
          }
        } catch (error) {
          deps.log?.warn({ orderId: order.id, error: String(error) }, 'stripe session read back failed');
        }
      }
      if (payment?.orderId === order.id && payment.status === 'authorized') return page('paid', ctx.page);
      return page('processing', ctx.page);
    },

    /**
     * A Stripe webhook delivery for a license: the signature checked against the raw body with the
     * 5-minute tolerance (400 1000164), the event recorded by its id (a repeated one changes nothing),
     * then: a paid Checkout Session settles its payment; a failed or expired one records why.
     */
    async stripeWebhook(licenseId: number, rawBody: Buffer, signature: string | undefined) {
      const secret = await deps.settings.secret(licenseId, 'stripe.webhookSecret').catch(() => null);
      if (!secret)
        throw new AppError('paymentSignatureInvalid', { reason: 'no webhook secret is configured' });
      let event: ReturnType<typeof verifyWebhook>;
      try {
        event = verifyWebhook(rawBody, signature, secret);
      } catch (error) {
        throw new AppError('paymentSignatureInvalid', {
          reason: error instanceof Error ? error.message : 'invalid',
        });
      }
      // Stripe signs every delivery anew: the same event signed at the same second again is a replay.
      const deliveredAs = /(?:^|,)\s*t=(\d+)/.exec(signature ?? '')?.[1] ?? null;
      const once = (seen: 'fresh' | 'repeat' | 'replay') => {
        if (seen === 'replay')
          throw new AppError('paymentSignatureInvalid', { reason: 'this delivery was received before' });
        return seen === 'fresh';
      };
      const handled = [
        'checkout.session.completed',
        'checkout.session.async_payment_succeeded',
        'checkout.session.async_payment_failed',
        'checkout.session.expired',
      ];
      if (!handled.includes(event.type)) {
        const seen = await repo.recordEvent(licenseId, {
          gateway: 'stripe',
          eventId: event.id,
          type: event.type,
          paymentId: null,
          outcome: 'ignored',
          deliveredAs,
        });
        return { received: true, duplicate: !once(seen) };
      }
      const session = checkoutSessionView(event.data.object as Stripe.Checkout.Session);
      const payment = await repo.byReference('stripe', session.id);
      if (!payment || payment.licenseId !== licenseId) throw notFound();
      return db.transaction(async (tx) => {
        const r = createPaymentsRepository(tx);
        const seen = await r.recordEvent(licenseId, {
          gateway: 'stripe',
          eventId: event.id,
          type: event.type,
          paymentId: payment.id,
          outcome: 'applied',
          deliveredAs,
        });
        if (!once(seen)) return { received: true, duplicate: true };
        const answer = { event: event.id, type: event.type, payment_status: session.paymentStatus };
        if (
          event.type === 'checkout.session.async_payment_failed' ||
          event.type === 'checkout.session.expired'
        ) {
          const current = await r.lock(licenseId, payment.id);
          if (current && current.status === 'pending') {
            await r.update(licenseId, payment.id, {
              status: event.type === 'checkout.session.expired' ? 'cancelled' : 'failed',
              failureReason: event.type === 'checkout.session.expired' ? 'expired' : 'async_payment_failed',
              answer,
            });
            // A public checkout's held place goes back at once (paid later after all, it is booked if free).
            await createBookingHoldsRepository(tx).releaseOfOrder(licenseId, payment.orderId);
          } else await r.setEventOutcome(licenseId, 'stripe', event.id, 'ignored');
          return { received: true, duplicate: false };
        }
        if (session.paymentStatus !== 'paid') {
          await r.setEventOutcome(licenseId, 'stripe', event.id, 'ignored');
          return { received: true, duplicate: false };
        }
        const outcome = await settlePayment(
          deps,
          payment,
          {
            amountCents: session.amountTotal ?? -1,
            currency: session.currency ?? '',
            transactionToken: session.paymentIntentId ?? session.id,
            answer,
          },
          tx,
        );
        if (outcome !== 'paid') await r.setEventOutcome(licenseId, 'stripe', event.id, outcome);
        return { received: true, duplicate: false };
      });
    },

    /**
     * A Redsys notification: its payment found by the Redsys order number (404 when unknown), the
     * signature checked with the license's key (400 1000164), the delivery recorded by a digest of
     * its signed parameters (a repeat changes nothing); an authorised payment settles (held when
     * pre-authorized or authenticated), a declined one records its Ds_Response.
     */
    async redsysNotification(body: Record<string, unknown>) {
      const params = typeof body.Ds_MerchantParameters === 'string' ? body.Ds_MerchantParameters : undefined;
      const signature = typeof body.Ds_Signature === 'string' ? body.Ds_Signature : undefined;
      const version = typeof body.Ds_SignatureVersion === 'string' ? body.Ds_SignatureVersion : undefined;
      if (!params || !signature)
        throw new AppError('paymentSignatureInvalid', { reason: 'missing signed parameters' });
      // The order names the payment (and so the key its signature is checked with next).
      let reference: string | null;
      try {
        reference = orderOf(decodeParameters(params));
      } catch {
        reference = null;
      }
      if (!reference)
        throw new AppError('validation', [{ field: 'Ds_MerchantParameters', message: 'no Ds_Order' }]);
      const payment = await repo.byReference('redsys', reference);
      if (!payment) throw notFound();
      const key = await deps.settings.secret(payment.licenseId, 'redsys.encryptionKey');
      if (!key) throw new AppError('paymentSignatureInvalid', { reason: 'no Redsys key is configured' });
      let note: ReturnType<typeof readNotification>;
      try {
        note = readNotification(key, {
          Ds_SignatureVersion: version,
          Ds_MerchantParameters: params,
          Ds_Signature: signature,
        });
      } catch (error) {
        throw new AppError('paymentSignatureInvalid', {
          reason: error instanceof Error ? error.message : 'invalid',
        });
      }
      const eventId = createHash('sha256').update(params).digest('hex');
      return db.transaction(async (tx) => {
        const r = createPaymentsRepository(tx);
        const seen = await r.recordEvent(payment.licenseId, {
          gateway: 'redsys',
          eventId,
          type: `notification:${note.transactionType}:${note.response}`,
          paymentId: payment.id,
          outcome: 'applied',
        });
        if (seen !== 'fresh') return { received: true, duplicate: true };
        const answer = { ...note.params };
        if (!note.success) {
          const current = await r.lock(payment.licenseId, payment.id);
          if (current && current.status === 'pending') {
            await r.update(payment.licenseId, payment.id, {
              status: 'failed',
              failureReason: `Ds_Response ${String(note.response).padStart(4, '0')}`,
              answer,
            });
            await createBookingHoldsRepository(tx).releaseOfOrder(payment.licenseId, payment.orderId);
          } else await r.setEventOutcome(payment.licenseId, 'redsys', eventId, 'ignored');
          return { received: true, duplicate: false };
        }
        const held = payment.mode === 'pre-authorization' || payment.mode === 'authentication';
        const outcome = await settlePayment(
          deps,
          payment,
          {
            amountCents: note.amountCents,
            currency: note.currency,
            transactionToken: payment.reference,
            answer,
            held,
          },
          tx,
        );
        if (outcome !== 'paid' && outcome !== 'held')
          await r.setEventOutcome(payment.licenseId, 'redsys', eventId, outcome);
        return { received: true, duplicate: false };
      });
    },

    /**
     * Staff confirm a held Redsys payment (pre-authorization → confirmation `2`, authentication →
     * `8`): the gateway's answer recorded; authorised, the order is paid.
     */
    async capture(auth: AuthContext, orderId: number): Promise<Order> {
      const order = await createOrdersRepository(db).find(auth.licenseId, orderId);
      if (!order) throw notFound();
      if (order.status !== 'awaiting_payment' || order.paymentMethod !== 'online')
        throw new AppError('orderNotAwaitingPayment');
      const [held] = await repo.taken(auth.licenseId, orderId, ['authorized']);
      if (!held) throw new AppError('noPaymentToCapture');
      const config = await gatewayConfig(deps.settings, auth.licenseId, 'redsys');
      if (config.gateway !== 'redsys') throw new AppError('redsysNotConfigured');
      const type = held.mode === 'authentication' ? '8' : '2';
      let result: Awaited<ReturnType<typeof restOperation>>;
      try {
        result = await restOperation(config.redsys, {
          transactionType: type,
          order: held.reference,
          amountCents: held.amountCents,
        });
      } catch (error) {
        throw gatewayFailure(error);
      }
      const reason = result.ok
        ? null
        : (result.errorCode ?? `Ds_Response ${String(result.response ?? '').padStart(4, '0')}`);
      await db.transaction(async (tx) => {
        const r = createPaymentsRepository(tx);
        await r.insert(auth.licenseId, {
          orderId,
          kind: 'capture',
          gateway: 'redsys',
          mode: held.mode,
          status: result.ok ? 'succeeded' : 'failed',
          amountCents: held.amountCents,
          currency: held.currency,
          reference: `${held.reference}:capture:${Date.now()}`,
          parentId: held.id,
          transactionToken: result.authorisationCode,
          failureReason: reason,
          answer: { ...result.params, errorCode: result.errorCode },
        });
        if (!result.ok) return;
        const locked = await createOrdersRepository(tx).lock(auth.licenseId, orderId);
        const current = await r.lock(auth.licenseId, held.id);
        if (
          locked?.status !== 'awaiting_payment' ||
          current?.status !== 'authorized' ||
          locked.totalCents !== held.amountCents
        )
          return;
        await r.update(auth.licenseId, held.id, { status: 'succeeded' });
        await markOrderPaid(tx, deps, locked, held.reference);
      });
      if (!result.ok) throw new AppError('paymentGatewayRefused', { gateway: 'redsys', reason });
      return readOrder(db, auth.licenseId, orderId);
    },

    /**
     * In the refund workflow's transaction (the original locked): gives `amountCents` back through the
     * gateway that took the original's payment, and records the gateway's answer against the refund
     * order. Without a gateway payment (paid online before payments were recorded) nothing is sent.
     * A refusal throws 409 1000162 (the caller's transaction then leaves no refund behind) after
     * recording the refused attempt on its own.
     */
    async refundThroughGateway(tx: DbOrTx, original: OrderRow, refundOrderId: number, amountCents: number) {
      const r = createPaymentsRepository(tx);
      const [paid] = await r.taken(original.licenseId, original.id, ['succeeded']);
      if (!paid) return null;
      const already = await r.refundedCents(original.licenseId, paid.id);
      const attempt = {
        orderId: original.id,
        kind: 'refund' as const,
        gateway: paid.gateway,
        mode: paid.mode,
        amountCents,
        currency: paid.currency,
        parentId: paid.id,
      };
      let outcome:
        | { ok: true; reference: string; token: string | null; answer: Record<string, unknown> }
        | { ok: false; reason: string; answer: Record<string, unknown> };
      try {
        const config = await gatewayConfig(
          deps.settings,
          original.licenseId,
          paid.gateway,
          paid.mode as StripeMode,
          tx,
        );
        if (config.gateway === 'stripe') {
          const refund = await refundPayment(stripeClient(config.secretKey, deps.stripe), {
            paymentIntent: paid.transactionToken ?? '',
            amountCents,
            idempotencyKey: `mostrador-refund-${paid.id}-${already}-${amountCents}`,
            reason: 'requested_by_customer',
            metadata: { orderId: String(original.id), refundOrderId: String(refundOrderId) },
          });
          outcome =
            refund.status === 'failed' || refund.status === 'canceled'
              ? { ok: false, reason: refund.failureReason ?? refund.status, answer: { ...refund } }
              : { ok: true, reference: refund.id, token: refund.id, answer: { ...refund } };
        } else {
          const result = await restOperation(config.redsys, {
            transactionType: '3',
            order: paid.reference,
            amountCents,
          });
          outcome = result.ok
            ? {
                ok: true,
                reference: `${paid.reference}:refund:${refundOrderId}`,
                token: result.authorisationCode,
                answer: { ...result.params },
              }
            : {
                ok: false,
                reason: result.errorCode ?? `Ds_Response ${String(result.response ?? '').padStart(4, '0')}`,
                answer: { ...result.params, errorCode: result.errorCode },
              };
        }
      } catch (error) {
        const failure = gatewayFailure(error);
        const reason =
          failure.details && 'reason' in failure.details ? String(failure.details.reason) : failure.message;
        throw new RefundNotDone(failure, original.licenseId, {
          ...attempt,
          status: 'failed',
          reference: `refused:${randomBytes(12).toString('hex')}`,
          failureReason: reason,
        });
      }
      if (!outcome.ok)
        throw new RefundNotDone(
          new AppError('paymentGatewayRefused', { gateway: paid.gateway, reason: outcome.reason }),
          original.licenseId,
          {
            ...attempt,
            status: 'failed',
            reference: `refused:${randomBytes(12).toString('hex')}`,
            failureReason: outcome.reason,
            answer: outcome.answer,
          },
        );
      return r.insert(original.licenseId, {
        ...attempt,
        status: 'succeeded',
        reference: outcome.reference,
        transactionToken: outcome.token,
        refundOrderId,
        answer: outcome.answer,
      });
    },

    /** After a refund's transaction rolled back: its refused gateway attempt, kept in the history. */
    async recordRefusal(error: RefundNotDone) {
      await repo.insert(error.licenseId, error.attempt);
    },

    /** "Send by email": the payment link to the order's customer, or another address, through the outbox. */
    async mailLink(auth: AuthContext, orderId: number, email?: string): Promise<Mail> {
      const order = await createOrdersRepository(db).find(auth.licenseId, orderId);
      if (!order) throw notFound();
      if (order.status !== 'awaiting_payment' || order.paymentMethod !== 'online')
        throw new AppError('orderNotAwaitingPayment');
      const link = await repo.linkOf(auth.licenseId, orderId);
      if (!link || link.disabledAt) throw new AppError('orderNotAwaitingPayment');
      const token = deps.secretBox.open(link.tokenSealed);
      return deps.mailComposer.paymentLink(auth, orderId, `/pay/${token}`, email);
    },

    /** The settings' "check connection": the saved keys tried against their gateway. */
    async check(auth: AuthContext, gateway: PaymentGateway): Promise<PaymentCheckResult> {
      const settings = await deps.settings.ofLicense(auth.licenseId);
      if (gatewayMissing(settings, gateway))
        return { gateway, ok: false, reason: 'not_configured', detail: null };
      const config = await gatewayConfig(deps.settings, auth.licenseId, gateway);
      const result =
        config.gateway === 'stripe'
          ? await checkStripeKeys(config.secretKey, deps.stripe)
          : await checkRedsys(config.redsys);
      return { gateway, ok: result.ok, reason: result.reason, detail: result.detail };
    },

    /** Where the company points its gateways. */
    endpoints(auth: AuthContext): PaymentEndpoints {
      return {
        stripeWebhookUrl: `${publicUrl}/v1/payments/stripe/webhook/${auth.licenseId}`,
        redsysNotificationUrl: `${publicUrl}/v1/payments/redsys/notification`,
      };
    },
  };
  return service;
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
