import { z } from 'zod';
import { emailSchema } from './common.js';

/*
 * Online card payments (contract §9): the payment settings choose the gateway for new online payments;
 * an online order awaiting payment has a payment link of the product (`PUBLIC_URL/pay/{token}`) that
 * opens a fresh gateway session each time; the gateway's verified notification marks it paid.
 */

export const paymentGateways = ['stripe', 'redsys'] as const;
export type PaymentGateway = (typeof paymentGateways)[number];

/** Which Stripe keys new payments use. */
export const stripeModes = ['test', 'live'] as const;
export type StripeMode = (typeof stripeModes)[number];

/** The Redsys redirection endpoints (reference §2.1); the settings may hold either, or another host. */
export const redsysUrls = {
  test: 'https://sis-t.redsys.es:25443/sis/realizarPago',
  production: 'https://sis.redsys.es/sis/realizarPago',
} as const;

/**
 * One exchange with a gateway about an order: a checkout (`payment`), a capture of a held Redsys
 * payment, or a refund. `pending` until the gateway answers; `authorized` is a Redsys pre-authorization
 * or authentication held until staff capture it; `succeeded`, `failed`, `cancelled` are final.
 */
export const paymentKinds = ['payment', 'capture', 'refund'] as const;
export type PaymentKind = (typeof paymentKinds)[number];
export const paymentStatuses = ['pending', 'authorized', 'succeeded', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentAttemptSchema = z.object({
  id: z.number().int(),
  kind: z.enum(paymentKinds),
  gateway: z.enum(paymentGateways),
  status: z.enum(paymentStatuses),
  amount: z.number().describe('Euros; a refund is positive here, the refund order is negative'),
  currency: z.string(),
  reference: z.string().describe('Stripe Checkout Session or refund id; the Redsys order number'),
  transactionToken: z.string().nullable().describe('Stripe PaymentIntent; Redsys authorisation code'),
  failureReason: z.string().nullable().describe("The gateway's reason, as it gave it"),
  refundOrderId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

/** `GET /admin/orders/{id}/payment`: the order's link (while it awaits payment online) and its history. */
export const orderPaymentSchema = z.object({
  link: z.string().nullable().describe('PUBLIC_URL/pay/{token}, while the online order awaits payment'),
  linkDisabledAt: z
    .string()
    .nullable()
    .optional()
    .describe(
      'When the link was disabled, its public checkout abandoned (no new payment from it; one already under way at the gateway is still received); null while it works',
    ),
  gateway: z.enum(paymentGateways).nullable().describe('The gateway new payments of the link use'),
  capturable: z
    .boolean()
    .describe('A Redsys pre-authorization or authentication is held: staff may capture it'),
  attempts: z.array(paymentAttemptSchema),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** `POST /admin/orders/{id}/payment-link/mail`: to the order's customer, or another address. */
export const sendPaymentLinkBody = z.object({ email: emailSchema.optional() });

/** `POST /admin/settings/payment/check`: whether the saved keys work with their gateway. */
export const paymentCheckBody = z.object({ gateway: z.enum(paymentGateways) });
export const paymentCheckResultSchema = z.object({
  gateway: z.enum(paymentGateways),
  ok: z.boolean(),
  /** Why not, in the gateway's words or ours: `not_configured`, `unreachable`, `rejected`. */
  reason: z.enum(['not_configured', 'unreachable', 'rejected']).nullable(),
  detail: z.string().nullable(),
});
export type PaymentCheckResult = z.infer<typeof paymentCheckResultSchema>;

/** What the payment settings screen shows besides the settings: where to point the gateways. */
export const paymentEndpointsSchema = z.object({
  stripeWebhookUrl: z.string(),
  redsysNotificationUrl: z.string(),
});
export type PaymentEndpoints = z.infer<typeof paymentEndpointsSchema>;
