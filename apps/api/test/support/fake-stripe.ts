import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe's REST API (v1) as the official SDK speaks it, for tests: a real HTTP
 * server on 127.0.0.1 that reads form-encoded bodies with nested keys
 * (`line_items[0][price_data][unit_amount]=…`), authenticates the `Authorization: Bearer sk_…` key,
 * tolerates any `Stripe-Version`, and answers Stripe's objects (shaped as in the SDK's types and
 * Stripe's OpenAPI fixtures) or Stripe's errors (`{"error":{"type","code","message","param"}}` with
 * 401 for a bad key, 400/404 `invalid_request_error`, 402 `card_error`).
 *
 * It keeps what it made, per key (test and live objects apart): Checkout Sessions (`payment` mode
 * only), the PaymentIntents Stripe makes when a session is paid, refunds counted against what each
 * payment still has unrefunded. `Idempotency-Key` works as Stripe's: the first answer for a key is
 * replayed for the same method, path and parameters (`Idempotent-Replayed: true`), other parameters
 * with the same key are an `idempotency_error`; answers refused before executing (400, 401, 404) are
 * not kept, as at Stripe.
 *
 * What a customer does on Stripe's page is played by the test: `completeSession`, `expireSession`,
 * `asyncSucceeded`, `asyncFailed` change the session and answer the event Stripe would send (its JSON
 * as Stripe sends it, pretty-printed); `signedDelivery` signs that payload with the SDK's
 * `generateTestHeaderString` so the test POSTs it to the webhook endpoint under test.
 */

/** A request as the fake received it. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  query: FormObject;
  /** The form body, nested keys made objects and arrays. */
  body: FormObject;
  rawBody: string;
  headers: IncomingHttpHeaders;
}

/** A PaymentIntent as far as the fake follows it: made when a session is paid, refunded in parts. */
export interface FakePaymentIntent {
  id: string;
  /** The charge refunds are counted against (`ch_…`). */
  charge: string;
  amount: number;
  currency: string;
  amountRefunded: number;
  status: 'succeeded' | 'processing' | 'requires_payment_method';
  metadata: Record<string, string>;
  livemode: boolean;
}

type CheckoutSessionEvent =
  | Stripe.CheckoutSessionCompletedEvent
  | Stripe.CheckoutSessionExpiredEvent
  | Stripe.CheckoutSessionAsyncPaymentSucceededEvent
  | Stripe.CheckoutSessionAsyncPaymentFailedEvent;

/** An event as Stripe delivers it: the object, and the exact JSON to POST (sign it with `signedDelivery`). */
export interface FakeStripeDelivery<E extends Stripe.Event> {
  event: E;
  payload: string;
}

export interface FakeStripe {
  /** `http://127.0.0.1:PORT`, for `StripeTarget.apiBase`. */
  apiBase: string;
  requests: FakeStripeRequest[];
  sessions: Map<string, Stripe.Checkout.Session>;
  refunds: Map<string, Stripe.Refund>;
  paymentIntents: Map<string, FakePaymentIntent>;
  /** The customer pays: `succeed` (default) is a card, paid at once; `false` a delayed method, complete but unpaid until `asyncSucceeded`/`asyncFailed`. */
  completeSession(
    id: string,
    options?: { succeed?: boolean },
  ): FakeStripeDelivery<Stripe.CheckoutSessionCompletedEvent>;
  /** The session expires unpaid (its `expires_at` passed, or the merchant expired it). */
  expireSession(id: string): FakeStripeDelivery<Stripe.CheckoutSessionExpiredEvent>;
  /** The delayed payment of a completed, unpaid session arrives. */
  asyncSucceeded(id: string): FakeStripeDelivery<Stripe.CheckoutSessionAsyncPaymentSucceededEvent>;
  /** The delayed payment of a session fails (an open session is completed unpaid first). */
  asyncFailed(id: string): FakeStripeDelivery<Stripe.CheckoutSessionAsyncPaymentFailedEvent>;
  /** The next `POST /v1/refunds` is refused with 400 `invalid_request_error` and this code and message. */
  failNextRefund(code: string, message: string): void;
  signedDelivery: typeof signedDelivery;
  close(): Promise<void>;
}

/**
 * The headers Stripe sends a webhook with: `Stripe-Signature` (`t=…,v1=…`, by the SDK's
 * `generateTestHeaderString`) for `payload` under the endpoint's `secret`, at `timestamp` (Unix seconds,
 * default now).
 */
export function signedDelivery(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  return {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Form bodies

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

function decodeFormComponent(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

/** Reads `a[b][0][c]=v&e[]=x` (brackets plain or percent-encoded) into nested objects and arrays. */
export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodeFormComponent(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decodeFormComponent(pair.slice(eq + 1));
    const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    if (
      path.some((segment) => segment === '__proto__' || segment === 'constructor' || segment === 'prototype')
    )
      continue;
    // Walks the path, making an array where the next segment is an index (`[0]`, `[]`), else an object.
    let container: Record<string | number, FormValue> = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!;
      const slot: string | number = Array.isArray(container)
        ? segment === ''
          ? container.length
          : Number(segment)
        : segment;
      const next = path[i + 1];
      if (next === undefined) {
        container[slot] = value;
        break;
      }
      let child = container[slot];
      if (typeof child !== 'object') {
        child = next === '' || /^\d+$/.test(next) ? [] : {};
        container[slot] = child;
      }
      container = child as Record<string | number, FormValue>;
    }
  }
  return root;
}

/** The same parameters written in any key order compare equal. */
function canonical(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(value[k]!)}`)
    .join(',')}}`;
}

// ---------------------------------------------------------------------------------------------------
// Stripe's errors

interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
}

class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

function invalid(message: string, param?: string, code?: string, status = 400): FakeStripeError {
  return new FakeStripeError(status, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
    ...(param ? { param } : {}),
  });
}

const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

/** A string parameter, or undefined when absent; refuses an object where a string belongs. */
function stringParam(body: FormObject, name: string, param = name): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${param}`, param, 'parameter_invalid_string');
  return value;
}

function integerParam(body: FormObject, name: string, param: string, min: number): number | undefined {
  const text = stringParam(body, name, param);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw invalid(`Invalid integer: ${text}`, param, 'parameter_invalid_integer');
  const n = Number(text);
  if (n < min)
    throw invalid(
      min > 0 ? 'Invalid positive integer' : 'This value must be greater than or equal to 0.',
      param,
      'parameter_invalid_integer',
    );
  return n;
}

function objectParam(body: FormObject, name: string, param = name): FormObject | undefined {
  const value = body[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`Invalid hash`, param);
  return value;
}

function enumParam<T extends string>(body: FormObject, name: string, values: readonly T[]): T | undefined {
  const value = stringParam(body, name);
  if (value === undefined || value === '') return undefined;
  if (!values.includes(value as T))
    throw invalid(`Invalid ${name}: must be one of ${values.join(', ')}`, name, 'parameter_invalid_string');
  return value as T;
}

function urlParam(body: FormObject, name: string): string | undefined {
  const value = stringParam(body, name);
  if (value === undefined) return undefined;
  let ok = false;
  try {
    const url = new URL(value.replace('{CHECKOUT_SESSION_ID}', 'x'));
    ok = url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    ok = false;
  }
  if (!ok) throw invalid('Not a valid URL', name, 'url_invalid');
  return value;
}

function metadataParam(body: FormObject, param: string): Record<string, string> {
  const value = body.metadata;
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('Invalid hash', param);
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalid('Metadata can have up to 50 keys.', param);
  const metadata: Record<string, string> = {};
  for (const [key, v] of entries) {
    if (typeof v !== 'string') throw invalid(`Invalid string: ${param}[${key}]`, `${param}[${key}]`);
    if (key.length > 40)
      throw invalid(`Metadata keys can have up to 40 characters; ${key} has ${key.length}.`, param);
    if (v.length > 500)
      throw invalid(`Metadata values can have up to 500 characters; ${key} has ${v.length}.`, param);
    if (v !== '') metadata[key] = v;
  }
  return metadata;
}

/** Stripe's amounts in its messages: `€12.50`. */
function euros(cents: number, currency: string): string {
  const symbol = currency === 'eur' ? '€' : `${currency.toUpperCase()} `;
  return `${symbol}${(cents / 100).toFixed(2)}`;
}

// ---------------------------------------------------------------------------------------------------
// Objects

/** The locales Checkout takes (the SDK's `Checkout.SessionCreateParams.Locale`). */
const checkoutLocales = [
  'auto',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'en-GB',
  'es',
  'es-419',
  'et',
  'fi',
  'fil',
  'fr',
  'fr-CA',
  'hi-IN',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'mt',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'vi',
  'zh',
  'zh-HK',
  'zh-TW',
] as const;

/** Stripe's minimum charge in euros is €0.50. */
const MINIMUM_CENTS = 50;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomId(length: number): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return id;
}

const now = () => Math.floor(Date.now() / 1000);

interface Account {
  key: string;
  livemode: boolean;
}

interface StoredAnswer {
  method: string;
  path: string;
  params: string;
  status: number;
  body: string;
  requestId: string;
}

interface Answer {
  status: number;
  body: unknown;
}

// ---------------------------------------------------------------------------------------------------
// The server

export async function startFakeStripe(options: { secretKeys: string[] }): Promise<FakeStripe> {
  const accepted = new Set(options.secretKeys);
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const refunds = new Map<string, Stripe.Refund>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  /** Who made each object: another key (or the other mode) does not see it. */
  const owners = new Map<string, string>();
  /** What each session sells, for its page. */
  const sessionLines = new Map<string, { name: string; amount: number; quantity: number }[]>();
  /** The metadata each session gives the PaymentIntent made when it is paid (`payment_intent_data`). */
  const intentMetadata = new Map<string, Record<string, string>>();
  const idempotent = new Map<string, StoredAnswer>();
  let refundFailure: { code: string; message: string } | null = null;
  let apiBase = '';

  function authenticate(headers: IncomingHttpHeaders): Account {
    const authorization = headers.authorization ?? '';
    let key = '';
    if (authorization.startsWith('Bearer ')) key = authorization.slice('Bearer '.length).trim();
    else if (authorization.startsWith('Basic '))
      key = Buffer.from(authorization.slice('Basic '.length), 'base64').toString().split(':')[0] ?? '';
    if (!key)
      throw invalid(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        undefined,
        undefined,
        401,
      );
    if (!accepted.has(key)) {
      const prefix = /^[a-z]+_(test|live)_/.exec(key)?.[0] ?? key.slice(0, 3);
      const masked = `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`;
      throw invalid(`Invalid API Key provided: ${masked}`, undefined, undefined, 401);
    }
    return { key, livemode: key.includes('_live_') };
  }

  /** An object of this key's: a missing one is 404 in the URL's path, 400 in a parameter, as at Stripe. */
  function owned<T>(
    map: Map<string, T>,
    id: string,
    account: Account,
    noun: string,
    param: string,
    status: 400 | 404,
  ): T {
    const object = map.get(id);
    if (!object || owners.get(id) !== account.key)
      throw invalid(`No such ${noun}: '${id}'`, param, 'resource_missing', status);
    return object;
  }

  // ---- Checkout Sessions

  function createSession(account: Account, body: FormObject): Stripe.Checkout.Session {
    const mode = stringParam(body, 'mode');
    if (mode === undefined || mode === '') throw missing('mode');
    if (mode !== 'payment')
      throw invalid(
        `The fake Stripe server only makes Checkout Sessions in payment mode, not ${mode}.`,
        'mode',
      );
    const items = body.line_items;
    if (items === undefined || items === '') throw missing('line_items');
    if (!Array.isArray(items) || items.length === 0) throw invalid('Invalid array', 'line_items');
    if (items.length > 100) throw invalid('You may only specify up to 100 line items.', 'line_items');

    const lines: { name: string; amount: number; quantity: number; currency: string }[] = [];
    items.forEach((item, i) => {
      const at = `line_items[${i}]`;
      if (typeof item !== 'object' || Array.isArray(item)) throw invalid('Invalid hash', at);
      if (item.price !== undefined) {
        const price = stringParam(item, 'price', `${at}[price]`);
        throw invalid(`No such price: '${price}'`, `${at}[price]`, 'resource_missing');
      }
      const priceData = objectParam(item, 'price_data', `${at}[price_data]`);
      if (!priceData) throw missing(`${at}[price_data]`);
      const currency = stringParam(priceData, 'currency', `${at}[price_data][currency]`);
      if (!currency) throw missing(`${at}[price_data][currency]`);
      if (!/^[a-z]{3}$/.test(currency))
        throw invalid(
          `Invalid currency: ${currency}`,
          `${at}[price_data][currency]`,
          'parameter_invalid_string',
        );
      const amount = integerParam(priceData, 'unit_amount', `${at}[price_data][unit_amount]`, 0);
      if (amount === undefined) throw missing(`${at}[price_data][unit_amount]`);
      const productData = objectParam(priceData, 'product_data', `${at}[price_data][product_data]`);
      if (!productData) throw missing(`${at}[price_data][product_data]`);
      const name = stringParam(productData, 'name', `${at}[price_data][product_data][name]`);
      if (!name) throw missing(`${at}[price_data][product_data][name]`);
      const quantity = integerParam(item, 'quantity', `${at}[quantity]`, 1);
      if (quantity === undefined) throw missing(`${at}[quantity]`);
      lines.push({ name, amount, quantity, currency });
    });
    const currency = lines[0]!.currency;
    if (lines.some((l) => l.currency !== currency))
      throw invalid('All line items must use the same currency.', 'line_items');
    const total = lines.reduce((sum, l) => sum + l.amount * l.quantity, 0);
    if (currency === 'eur' && total < MINIMUM_CENTS)
      throw invalid(
        `The Checkout Session's total amount due must add up to at least ${euros(MINIMUM_CENTS, currency)} eur`,
        undefined,
        'amount_too_small',
      );

    const successUrl = urlParam(body, 'success_url');
    if (!successUrl) throw missing('success_url');
    const cancelUrl = urlParam(body, 'cancel_url') ?? null;
    const created = now();
    const expiresAt = integerParam(body, 'expires_at', 'expires_at', 0) ?? created + 24 * 3600;
    if (expiresAt < created + 30 * 60)
      throw invalid(
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        'expires_at',
      );
    if (expiresAt > created + 24 * 3600)
      throw invalid(
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        'expires_at',
      );
    const customerEmail = stringParam(body, 'customer_email') || null;
    if (customerEmail !== null && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(customerEmail))
      throw invalid(`Invalid email address: ${customerEmail}`, 'customer_email', 'email_invalid');
    const clientReferenceId = stringParam(body, 'client_reference_id') || null;
    if (clientReferenceId !== null && clientReferenceId.length > 200)
      throw invalid('client_reference_id must be at most 200 characters', 'client_reference_id');
    const locale = enumParam(body, 'locale', checkoutLocales) ?? null;
    const metadata = metadataParam(body, 'metadata');
    const intentData = objectParam(body, 'payment_intent_data');
    const paymentIntentMetadata = intentData
      ? metadataParam(intentData, 'payment_intent_data[metadata]')
      : {};

    const id = `cs_${account.livemode ? 'live' : 'test'}_${randomId(58)}`;
    const session: Stripe.Checkout.Session = {
      id,
      object: 'checkout.session',
      adaptive_pricing: { enabled: false },
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: null,
      amount_subtotal: total,
      amount_total: total,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: cancelUrl,
      client_reference_id: clientReferenceId,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created,
      currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: null,
        terms_of_service_acceptance: null,
      },
      customer: null,
      customer_account: null,
      customer_creation: 'if_required',
      customer_details: null,
      customer_email: customerEmail,
      discounts: [],
      expires_at: expiresAt,
      integration_identifier: null,
      invoice: null,
      invoice_creation: null,
      livemode: account.livemode,
      locale,
      managed_payments: null,
      metadata,
      mode: 'payment',
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'if_required',
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      permissions: null,
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: `${apiBase}/c/pay/${id}`,
      wallet_options: null,
    };
    sessions.set(id, session);
    owners.set(id, account.key);
    sessionLines.set(
      id,
      lines.map(({ name, amount, quantity }) => ({ name, amount, quantity })),
    );
    intentMetadata.set(id, paymentIntentMetadata);
    return session;
  }

  // ---- Refunds

  function createRefund(account: Account, body: FormObject): Stripe.Refund {
    if (body.charge !== undefined)
      throw invalid('The fake Stripe server refunds by payment_intent only.', 'charge');
    const intentId = stringParam(body, 'payment_intent');
    if (!intentId)
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
        undefined,
        'parameter_missing',
      );
    const requested = integerParam(body, 'amount', 'amount', 1);
    const reason =
      enumParam(body, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null;
    const metadata = metadataParam(body, 'metadata');
    const intent = owned(paymentIntents, intentId, account, 'payment_intent', 'payment_intent', 400);
    if (intent.status !== 'succeeded')
      throw invalid(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'payment_intent',
      );
    if (refundFailure) {
      const { code, message } = refundFailure;
      refundFailure = null;
      throw invalid(message, undefined, code);
    }
    const remaining = intent.amount - intent.amountRefunded;
    if (remaining <= 0)
      throw invalid(
        `Charge ${intent.charge} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    const amount = requested ?? remaining;
    if (amount > remaining)
      throw invalid(
        intent.amountRefunded === 0
          ? `Refund amount (${euros(amount, intent.currency)}) is greater than charge amount (${euros(intent.amount, intent.currency)})`
          : `Refund amount (${euros(amount, intent.currency)}) is greater than unrefunded amount on charge (${euros(remaining, intent.currency)})`,
        'amount',
      );
    intent.amountRefunded += amount;
    const refund: Stripe.Refund = {
      id: `re_${randomId(24)}`,
      object: 'refund',
      amount,
      balance_transaction: `txn_${randomId(24)}`,
      charge: intent.charge,
      created: now(),
      currency: intent.currency,
      customer: null,
      customer_account: null,
      destination_details: { card: { type: 'refund' }, type: 'card' },
      metadata,
      payment_intent: intent.id,
      payment_method: null,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    owners.set(refund.id, account.key);
    return refund;
  }

  // ---- Routing

  function route(method: string, path: string, account: Account, body: FormObject): Answer {
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)?.[1];
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path)?.[1];
    if (method === 'POST' && path === '/v1/checkout/sessions')
      return { status: 200, body: createSession(account, body) };
    if (method === 'GET' && session)
      return { status: 200, body: owned(sessions, session, account, 'checkout.session', 'session', 404) };
    if (method === 'POST' && path === '/v1/refunds')
      return { status: 200, body: createRefund(account, body) };
    if (method === 'GET' && refund)
      return { status: 200, body: owned(refunds, refund, account, 'refund', 'id', 404) };
    if (method === 'GET' && path === '/v1/balance') {
      const balance: Stripe.Balance = {
        object: 'balance',
        available: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
        livemode: account.livemode,
        pending: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
      };
      return { status: 200, body: balance };
    }
    throw invalid(
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      undefined,
      undefined,
      404,
    );
  }

  function checkoutPage(id: string): string | null {
    const session = sessions.get(id);
    if (!session) return null;
    const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const lines = (sessionLines.get(id) ?? [])
      .map(
        (l) =>
          `<li>${escapeHtml(l.name)} × ${l.quantity}: ${euros(l.amount * l.quantity, session.currency!)}</li>`,
      )
      .join('');
    return `<!doctype html><html><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body><h1>Fake Stripe Checkout</h1><p>${escapeHtml(session.id)}</p><ul>${lines}</ul><p>Total: ${euros(session.amount_total ?? 0, session.currency!)}</p><p>Status: ${session.status}, ${session.payment_status}</p></body></html>`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.pathname;
    const query = parseForm(url.search.slice(1));
    const body = method === 'POST' ? parseForm(rawBody) : {};
    requests.push({ method, path, query, body, rawBody, headers: req.headers });

    const requestId = `req_${randomId(14)}`;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
      'access-control-allow-origin': '*',
    };
    const send = (status: number, text: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { ...headers, ...extra, 'content-length': String(Buffer.byteLength(text)) });
      res.end(text);
    };

    const page = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (method === 'GET' && page) {
      const html = checkoutPage(page[1]!);
      res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html ?? 'Not found');
      return;
    }

    const answer = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
    const errorAnswer = (error: FakeStripeError) =>
      answer({
        error: {
          ...error.body,
          request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
        },
      });
    try {
      const account = authenticate(req.headers);
      const key = req.headers['idempotency-key'];
      const idempotencyKey = method === 'POST' && typeof key === 'string' && key ? key : null;
      const params = canonical({ ...query, ...body });
      if (idempotencyKey) {
        headers['idempotency-key'] = idempotencyKey;
        const stored = idempotent.get(`${account.key}\n${idempotencyKey}`);
        if (stored) {
          if (stored.method !== method || stored.path !== path || stored.params !== params)
            throw new FakeStripeError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          send(stored.status, stored.body, {
            'idempotent-replayed': 'true',
            'original-request': stored.requestId,
          });
          return;
        }
      }
      let status: number;
      let text: string;
      try {
        const result = route(method, path, account, body);
        status = result.status;
        text = answer(result.body);
      } catch (error) {
        if (!(error instanceof FakeStripeError)) throw error;
        status = error.status;
        text = errorAnswer(error);
      }
      // Stripe keeps the answer of a request that started executing: successes, card errors, its own
      // failures; a request refused by validation (400, 404) may be sent again with the same key.
      if (idempotencyKey && (status < 400 || status === 402 || status >= 500))
        idempotent.set(`${account.key}\n${idempotencyKey}`, {
          method,
          path,
          params,
          status,
          body: text,
          requestId,
        });
      send(status, text);
    } catch (error) {
      if (error instanceof FakeStripeError) send(error.status, errorAnswer(error));
      else
        send(
          500,
          answer({
            error: {
              type: 'api_error',
              message: `The fake Stripe server failed: ${(error as Error).message}`,
            },
          }),
        );
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // ---- What the customer does on Stripe's page

  function sessionFor(id: string): Stripe.Checkout.Session {
    const session = sessions.get(id);
    if (!session) throw new Error(`the fake Stripe has no Checkout Session ${id}`);
    return session;
  }

  function deliver<E extends CheckoutSessionEvent>(
    type: E['type'],
    session: Stripe.Checkout.Session,
  ): FakeStripeDelivery<E> {
    // The session as it is now, as Stripe puts it in `data.object`.
    const event = {
      id: `evt_${randomId(24)}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object: structuredClone(session) },
      livemode: session.livemode,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as E;
    return { event, payload: `${JSON.stringify(event, null, 2)}\n` };
  }

  function pay(session: Stripe.Checkout.Session, succeed: boolean): void {
    if (session.status !== 'open')
      throw new Error(`Checkout Session ${session.id} is ${session.status}, not open: it cannot be paid`);
    const intent: FakePaymentIntent = {
      id: `pi_${randomId(24)}`,
      charge: `ch_${randomId(24)}`,
      amount: session.amount_total ?? 0,
      currency: session.currency ?? 'eur',
      amountRefunded: 0,
      status: succeed ? 'succeeded' : 'processing',
      metadata: { ...intentMetadata.get(session.id) },
      livemode: session.livemode,
    };
    paymentIntents.set(intent.id, intent);
    owners.set(intent.id, owners.get(session.id)!);
    session.payment_intent = intent.id;
    session.status = 'complete';
    session.payment_status = succeed ? 'paid' : 'unpaid';
    session.url = null;
    session.customer_details = {
      address: { city: null, country: 'ES', line1: null, line2: null, postal_code: null, state: null },
      business_name: null,
      email: session.customer_email ?? 'customer@example.com',
      individual_name: null,
      name: 'Test Customer',
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
  }

  function intentOf(session: Stripe.Checkout.Session): FakePaymentIntent {
    const intent = paymentIntents.get(session.payment_intent as string);
    if (!intent) throw new Error(`Checkout Session ${session.id} has no PaymentIntent`);
    return intent;
  }

  return {
    apiBase,
    requests,
    sessions,
    refunds,
    paymentIntents,
    completeSession(id, { succeed = true } = {}) {
      const session = sessionFor(id);
      pay(session, succeed);
      return deliver('checkout.session.completed', session);
    },
    expireSession(id) {
      const session = sessionFor(id);
      if (session.status !== 'open')
        throw new Error(`Checkout Session ${id} is ${session.status}, not open: it cannot expire`);
      session.status = 'expired';
      session.url = null;
      return deliver('checkout.session.expired', session);
    },
    asyncSucceeded(id) {
      const session = sessionFor(id);
      if (session.status !== 'complete' || session.payment_status !== 'unpaid')
        throw new Error(`Checkout Session ${id} awaits no delayed payment`);
      intentOf(session).status = 'succeeded';
      session.payment_status = 'paid';
      return deliver('checkout.session.async_payment_succeeded', session);
    },
    asyncFailed(id) {
      const session = sessionFor(id);
      if (session.status === 'open') pay(session, false);
      if (session.status !== 'complete' || session.payment_status !== 'unpaid')
        throw new Error(`Checkout Session ${id} awaits no delayed payment`);
      intentOf(session).status = 'requires_payment_method';
      return deliver('checkout.session.async_payment_failed', session);
    },
    failNextRefund(code, message) {
      refundFailure = { code, message };
    },
    signedDelivery,
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
