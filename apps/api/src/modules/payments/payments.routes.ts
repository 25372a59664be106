import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import {
  dataOf,
  idParams,
  idSchema,
  mailSchema,
  orderPaymentSchema,
  orderSchema,
  paymentCheckBody,
  paymentCheckResultSchema,
  paymentEndpointsSchema,
  sendPaymentLinkBody,
} from '@mostrador/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import { renderPaymentPage, renderRedirectPage } from './payment-pages.js';
import type { PayAnswer, PaymentsService } from './payments.service.js';

const tags = ['payments'];
const received = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** Staff's side: the order's payment card, the link by mail, the capture, the settings' check. */
export const paymentsRoutes =
  (service: PaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/orders/:id/payment',
      {
        config: { access: requireAny('orders_find') },
        schema: {
          tags,
          summary:
            "An order's online payment: its payment link while it awaits payment online, whether a held Redsys payment may be captured, and every exchange with the gateways",
          params: idParams,
          response: { 200: dataOf(orderPaymentSchema) },
        },
      },
      async (request) => ({ data: await service.view(authOf(request), request.params.id) }),
    );
    app.post(
      '/admin/orders/:id/payment-link/mail',
      {
        config: { access: requireAny('orders_edit') },
        schema: {
          tags,
          summary:
            "Mails the order's payment link (outbox, the customer's language) to its customer or `email`: 409 1000160 when it no longer awaits payment online, 1000143 without an address",
          params: idParams,
          body: sendPaymentLinkBody,
          response: { 201: dataOf(mailSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await service.mailLink(authOf(request), request.params.id, request.body.email) }),
    );
    app.post(
      '/admin/orders/:id/payment/capture',
      {
        config: { access: requireAny('orders_edit') },
        schema: {
          tags,
          summary:
            'Confirms a held Redsys pre-authorization or authentication: authorised, the order is paid. 409 1000161 with nothing held, 1000162 when Redsys refuses (details say why), 502 1000163 unreachable',
          params: idParams,
          response: { 200: dataOf(orderSchema) },
        },
      },
      async (request) => ({ data: await service.capture(authOf(request), request.params.id) }),
    );
    app.post(
      '/admin/settings/payment/check',
      {
        config: { access: requireAny('settings_paymentGateway') },
        schema: {
          tags,
          summary:
            'Tries the saved keys of a gateway against it: ok, or why not (not configured, unreachable, rejected)',
          body: paymentCheckBody,
          response: { 200: dataOf(paymentCheckResultSchema) },
        },
      },
      async (request) => ({ data: await service.check(authOf(request), request.body.gateway) }),
    );
    app.get(
      '/admin/settings/payment/endpoints',
      {
        config: { access: requireAny('settings_paymentGateway') },
        schema: {
          tags,
          summary:
            'Where the company points its gateways: its Stripe webhook URL and the Redsys notification URL',
          response: { 200: dataOf(paymentEndpointsSchema) },
        },
      },
      async (request) => ({ data: service.endpoints(authOf(request)) }),
    );

    // The gateways' notifications: no staff login, the signature is the proof.
    const stripeHook: FastifyPluginAsync = async (scope) => {
      // Stripe signs the raw body: it is kept as bytes, never parsed and serialised again.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
        done(null, body),
      );
      scope.post(
        '/payments/stripe/webhook/:licenseId',
        {
          config: { access: 'public' },
          schema: {
            tags,
            summary:
              "A company's Stripe webhook (register it in Stripe for the checkout.session events): Stripe-Signature checked against the raw body with a 5-minute tolerance (400 1000164); each event applied once",
            params: z.object({ licenseId: idSchema }),
            response: { 200: dataOf(received) },
          },
        },
        async (request) => {
          const { licenseId } = request.params as { licenseId: number };
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const header = request.headers['stripe-signature'];
          return {
            data: await service.stripeWebhook(
              licenseId,
              body,
              typeof header === 'string' ? header : undefined,
            ),
          };
        },
      );
    };
    const redsysHook: FastifyPluginAsync = async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      scope.post(
        '/payments/redsys/notification',
        {
          config: { access: 'public' },
          schema: {
            tags,
            summary:
              'Redsys notifications (form or JSON: Ds_SignatureVersion, Ds_MerchantParameters, Ds_Signature), HMAC_SHA256_V1 per order checked in constant time (400 1000164); 404 for an unknown Redsys order; each applied once',
            response: { 200: dataOf(received) },
          },
        },
        async (request) => ({
          data: await service.redsysNotification((request.body ?? {}) as Record<string, unknown>),
        }),
      );
    };
    await app.register(stripeHook);
    await app.register(redsysHook);
  };

/** The page's own policy: inline styles and images only; the Redsys hand-off may post to Redsys. */
function sendPage(reply: FastifyReply, answer: PayAnswer) {
  reply.header('cache-control', 'no-store');
  reply.header('x-robots-tag', 'noindex');
  if (answer.kind === 'redirect') return reply.redirect(answer.url, 303);
  const base =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'";
  if (answer.kind === 'form') {
    const nonce = randomBytes(16).toString('base64');
    const origin = new URL(answer.action).origin;
    reply.header('content-security-policy', `${base}; script-src 'nonce-${nonce}'; form-action ${origin}`);
    return reply
      .type('text/html; charset=utf-8')
      .send(renderRedirectPage({ ...answer.page, action: answer.action, fields: answer.fields, nonce }));
  }
  reply.header('content-security-policy', `${base}; form-action 'none'`);
  return reply
    .status(answer.status)
    .type('text/html; charset=utf-8')
    .send(renderPaymentPage(answer.page, answer.data));
}

/** The customer's pages: the payment link and the gateways' return addresses. */
export const paymentPagesRoutes =
  (service: PaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
    // Each opening starts a gateway session: a link opened in a loop is slowed down, per address and link.
    await app.register(rateLimit, { global: false });
    const limited = {
      access: 'public' as const,
      rateLimit: {
        max: 30,
        timeWindow: 60_000,
        keyGenerator: (request: { ip: string; params: unknown }) =>
          `${request.ip} ${(request.params as { token?: string }).token ?? ''}`,
      },
    };
    const token = z.object({ token: z.string().max(200) });
    const back = z.object({
      payment: z.coerce.number().int().positive().optional().catch(undefined),
      session: z.string().max(255).optional(),
    });
    app.get(
      '/pay/:token',
      { config: limited, schema: { hide: true, params: token } },
      async (request, reply) => sendPage(reply, await service.open(request.params.token)),
    );
    app.get(
      '/pay/:token/done',
      { config: limited, schema: { hide: true, params: token, querystring: back } },
      async (request, reply) =>
        sendPage(
          reply,
          await service.returned(request.params.token, 'done', request.query.payment, request.query.session),
        ),
    );
    app.get(
      '/pay/:token/failed',
      { config: { access: 'public' }, schema: { hide: true, params: token, querystring: back } },
      async (request, reply) => sendPage(reply, await service.returned(request.params.token, 'failed')),
    );
  };
