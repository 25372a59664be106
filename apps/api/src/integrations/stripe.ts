import { createHash } from 'node:crypto';
import type { Language } from '@mostrador/contract';
import Stripe from 'stripe';

/**
 * Stripe, through its official SDK (`stripe`), pure of the database: Checkout Sessions for online
 * payments, refunds, webhook signatures and a check of a company's keys. Every Stripe refusal or
 * failure reaches the caller as a `StripeGatewayError` saying why: Stripe refused (its message and
 * code), Stripe could not be reached (try again later), or a webhook's signature does not hold.
 */

/** Where the SDK sends its requests: Stripe's API, or (tests) a local stand-in such as `http://127.0.0.1:PORT`. */
export interface StripeTarget {
  apiBase?: string;
}

/** Why a Stripe call did not give its answer. */
export type StripeGatewayReason = 'signature' | 'refused' | 'unreachable';

/**
 * A Stripe call that failed: `refused` (Stripe answered with an error: a bad key, an invalid request,
 * a declined card; `message` and `code` are Stripe's), `unreachable` (no connection, a timeout, a 5xx
 * or a rate limit: worth trying again later with the same idempotency key) or `signature` (a webhook
 * whose signature header is missing, wrong or too old). `httpStatus` is Stripe's status when it answered.
 */
export class StripeGatewayError extends Error {
  override readonly name = 'StripeGatewayError';

  constructor(
    readonly reason: StripeGatewayReason,
    message: string,
    readonly code?: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/**
 * Reads what the SDK threw: no connection, a timeout, Stripe's 5xx or 429 (and an answer that is not
 * Stripe's JSON) are `unreachable`; every other answer of Stripe (401 bad key, 400 invalid request,
 * 402 card error, 403, idempotency errors) is `refused` with Stripe's message and code. A
 * `StripeGatewayError` is returned as it is; anything else thrown while calling is `unreachable`.
 */
export function toGatewayError(error: unknown): StripeGatewayError {
  if (error instanceof StripeGatewayError) return error;
  if (error instanceof Stripe.errors.StripeConnectionError)
    return new StripeGatewayError('unreachable', error.message);
  if (error instanceof Stripe.errors.StripeError) {
    const status = typeof error.statusCode === 'number' ? error.statusCode : undefined;
    const temporary =
      status === undefined ||
      status >= 500 ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      error instanceof Stripe.errors.StripeAPIError;
    return new StripeGatewayError(
      temporary ? 'unreachable' : 'refused',
      error.message || `Stripe answered ${status ?? 'without a status'}`,
      error.code ?? undefined,
      status,
    );
  }
  return new StripeGatewayError('unreachable', error instanceof Error ? error.message : String(error));
}

/** Runs one SDK call, its failure read by `toGatewayError`. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toGatewayError(error);
  }
}

// ---------------------------------------------------------------------------------------------------
// The client

const clients = new Map<string, Stripe>();

function connectionOf(apiBase: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiBase);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`Stripe apiBase must be an http(s) URL, not ${apiBase}`);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/**
 * The SDK for one secret key (and target), made once and kept: at most one retry of a request that
 * failed to connect or got a 409/5xx (the SDK keys every POST for idempotency), 20 s per request.
 */
export function stripeClient(secretKey: string, target?: StripeTarget): Stripe {
  const apiBase = target?.apiBase ?? '';
  const cacheKey = createHash('sha256').update(`${apiBase}\n${secretKey}`).digest('hex');
  let client = clients.get(cacheKey);
  if (!client) {
    client = new Stripe(secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      appInfo: { name: 'Mostrador' },
      ...(apiBase ? connectionOf(apiBase) : {}),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

/** Stripe's limit on an `Idempotency-Key`. */
const IDEMPOTENCY_KEY_MAX = 255;

function requestOptions(idempotencyKey: string): Stripe.RequestOptions {
  if (!idempotencyKey || idempotencyKey.length > IDEMPOTENCY_KEY_MAX)
    throw new Error(`a Stripe idempotency key has 1 to ${IDEMPOTENCY_KEY_MAX} characters`);
  return { idempotencyKey };
}

// ---------------------------------------------------------------------------------------------------
// Checkout Sessions

/** The Checkout locale for each of the product's languages; `auto` (the browser's) where Stripe has none. */
const checkoutLocales = {
  ca: 'auto',
  eu: 'auto',
  es: 'es',
  en: 'en',
  de: 'de',
  fr: 'fr',
  it: 'it',
  pt: 'pt',
  ru: 'ru',
  zh: 'zh',
} as const satisfies Record<Language, Stripe.Checkout.SessionCreateParams.Locale>;

/** The locale Stripe Checkout is shown in for a customer speaking `language` (Stripe has no Catalan or Basque). */
export function stripeLocaleOf(language: Language): Stripe.Checkout.SessionCreateParams.Locale {
  return checkoutLocales[language];
}

export interface CheckoutSessionInput {
  amountCents: number;
  currency: 'eur';
  /** The one line's name on Stripe's page. */
  description: string;
  orderId: number;
  paymentId: number;
  customerEmail: string | null;
  /** May hold `{CHECKOUT_SESSION_ID}`, which Stripe replaces with the session's id. */
  successUrl: string;
  cancelUrl: string;
  locale?: Stripe.Checkout.SessionCreateParams.Locale | 'auto';
  /** Unix seconds, 30 minutes to 24 hours ahead; Stripe's default is 24 hours. */
  expiresAt?: number;
  idempotencyKey: string;
  /** More metadata for the session and its PaymentIntent (`orderId` and `paymentId` are always ours). */
  metadata?: Record<string, string>;
}

export interface CreatedCheckoutSession {
  id: string;
  /** Stripe's hosted payment page. */
  url: string;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * Creates a hosted Checkout Session in `payment` mode with one line of `amountCents`, the order's id as
 * `client_reference_id`, and `orderId`/`paymentId` in the metadata of the session and of the
 * PaymentIntent Stripe makes when it is paid.
 */
export async function createCheckoutSession(
  client: Stripe,
  input: CheckoutSessionInput,
): Promise<CreatedCheckoutSession> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new Error(`a checkout amount is a positive number of cents, not ${input.amountCents}`);
  const metadata: Record<string, string> = {
    ...input.metadata,
    orderId: String(input.orderId),
    paymentId: String(input.paymentId),
  };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: input.currency,
          unit_amount: input.amountCents,
          product_data: { name: input.description },
        },
      },
    ],
    client_reference_id: String(input.orderId),
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    metadata,
    payment_intent_data: { metadata },
  };
  if (input.customerEmail) params.customer_email = input.customerEmail;
  if (input.locale) params.locale = input.locale;
  if (input.expiresAt !== undefined) params.expires_at = input.expiresAt;

  const options = requestOptions(input.idempotencyKey);
  const session = await call(() => client.checkout.sessions.create(params, options));
  if (!session.url) throw new StripeGatewayError('refused', `Stripe gave session ${session.id} no URL`);
  return { id: session.id, url: session.url, expiresAt: session.expires_at };
}

/** What a Checkout Session says of its payment. */
export interface CheckoutSessionView {
  id: string;
  /** `paid`, `unpaid` or `no_payment_required`. */
  paymentStatus: string;
  /** `open`, `complete` or `expired`. */
  status: string | null;
  amountTotal: number | null;
  currency: string | null;
  /** Stripe makes the PaymentIntent when the customer pays: null before. */
  paymentIntentId: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  /** Unix seconds. */
  expiresAt: number;
}

/** Reads a Checkout Session, as retrieved or as a webhook event's `data.object`. */
export function checkoutSessionView(session: Stripe.Checkout.Session): CheckoutSessionView {
  const intent = session.payment_intent;
  return {
    id: session.id,
    paymentStatus: session.payment_status,
    status: session.status,
    amountTotal: session.amount_total,
    currency: session.currency,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    clientReferenceId: session.client_reference_id,
    metadata: { ...session.metadata },
    expiresAt: session.expires_at,
  };
}

export async function retrieveCheckoutSession(client: Stripe, id: string): Promise<CheckoutSessionView> {
  const session = await call(() => client.checkout.sessions.retrieve(id));
  return checkoutSessionView(session);
}

// ---------------------------------------------------------------------------------------------------
// Refunds

export interface RefundInput {
  /** The PaymentIntent of the paid session. */
  paymentIntent: string;
  amountCents: number;
  idempotencyKey: string;
  reason?: 'requested_by_customer' | 'duplicate' | 'fraudulent';
  metadata?: Record<string, string>;
}

export interface RefundResult {
  id: string;
  /** `succeeded`, `pending`, `requires_action`, `failed` or `canceled`. */
  status: string;
  failureReason: string | null;
}

/**
 * Refunds `amountCents` of a payment (at most what is still unrefunded, else Stripe refuses). The
 * idempotency key makes a retry answer the same refund instead of refunding twice.
 */
export async function refundPayment(client: Stripe, input: RefundInput): Promise<RefundResult> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new Error(`a refund is a positive number of cents, not ${input.amountCents}`);
  const params: Stripe.RefundCreateParams = {
    payment_intent: input.paymentIntent,
    amount: input.amountCents,
  };
  if (input.reason) params.reason = input.reason;
  if (input.metadata) params.metadata = input.metadata;
  const options = requestOptions(input.idempotencyKey);
  const refund = await call(() => client.refunds.create(params, options));
  return { id: refund.id, status: refund.status ?? 'pending', failureReason: refund.failure_reason ?? null };
}

// ---------------------------------------------------------------------------------------------------
// Webhooks and keys

/**
 * Verifies a webhook delivery with the SDK (`Stripe-Signature`: HMAC-SHA256 of `t.rawBody` with the
 * endpoint's `whsec_…` secret, any `v1` matching, no older than `toleranceSeconds`) and answers its
 * event. `rawBody` must be the bytes as received: re-serialised JSON does not verify.
 */
export function verifyWebhook(
  rawBody: string | Buffer,
  signatureHeader: string | undefined,
  secret: string,
  toleranceSeconds = 300,
): Stripe.Event {
  if (!signatureHeader) throw new StripeGatewayError('signature', 'No Stripe-Signature header');
  if (!(toleranceSeconds > 0)) throw new Error('a webhook tolerance is a positive number of seconds');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, toleranceSeconds);
  } catch (error) {
    throw new StripeGatewayError('signature', error instanceof Error ? error.message : String(error));
  }
}

export interface StripeKeysCheck {
  ok: boolean;
  reason: 'unreachable' | 'rejected' | null;
  detail: string | null;
}

/** Whether Stripe accepts a secret key: reads the account's balance, the cheapest authenticated call. */
export async function checkStripeKeys(secretKey: string, target?: StripeTarget): Promise<StripeKeysCheck> {
  try {
    await call(() => stripeClient(secretKey, target).balance.retrieve());
    return { ok: true, reason: null, detail: null };
  } catch (error) {
    const failure = toGatewayError(error);
    return {
      ok: false,
      reason: failure.reason === 'unreachable' ? 'unreachable' : 'rejected',
      detail: failure.message,
    };
  }
}
