import rateLimit from '@fastify/rate-limit';
import {
  dataOf,
  publicAvailabilityQuery,
  publicAvailabilitySchema,
  publicBookingCodeParams,
  publicCancellationSchema,
  publicCheckoutBody,
  publicCheckoutParams,
  publicCheckoutSchema,
  publicCompanySchema,
  publicLicenseParams,
  publicManagedBookingQuery,
  publicManagedBookingSchema,
  publicMoveBody,
  publicProductParams,
  publicProductsQuery,
  publicProductsSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFoundBody } from '../../plugins/errors.js';
import { sandboxPolicy } from '../../plugins/security-headers.js';
import { browserLanguage, renderBookingLinkNotFound } from './booking-link-page.js';
import type { PublicService } from './public.service.js';

const tags = ['public'];

/** Requests per minute a client address may make to one company's public API (reads and checkouts). */
export const publicRateLimit = { max: 120, timeWindow: 60_000 };

/**
 * The public API of a company's website and booking widget (issue 20): no staff login; the license's
 * code (what staff type at login) names the company, 404 when unknown or switched off. Each client
 * address is rate limited per company (`publicRateLimit`).
 */
export const publicRoutes =
  (
    service: PublicService,
    options: { rateLimit?: { max: number; timeWindow: number } } = {},
  ): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(rateLimit, { global: false });
    const limit = options.rateLimit ?? publicRateLimit;
    const access = {
      access: 'public' as const,
      rateLimit: {
        ...limit,
        keyGenerator: (request: { ip: string; params: unknown }) =>
          `${request.ip} ${(request.params as { licenseCode?: string }).licenseCode ?? ''}`,
      },
    };
    const prefix = '/public/:licenseCode';

    // CORS: a browser on the company's widget or web site (their origins only) may read the answers,
    // errors and refusals included; any other origin gets no permission.
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      const code = (request.params as { licenseCode?: string } | undefined)?.licenseCode;
      reply.header('vary', 'Origin');
      if (!origin || !code) return;
      if ((await service.corsOrigins(code)).includes(origin)) {
        reply.header('access-control-allow-origin', origin);
        reply.header(
          'access-control-expose-headers',
          'retry-after, x-ratelimit-limit, x-ratelimit-remaining',
        );
      }
    });
    // The preflight: no route answers OPTIONS, so this scope's not-found handler does (for its
    // paths only): 204 with the permission for an allowed origin, none for any other; anything else
    // unknown under /v1/public is the house's 404.
    await app.register(
      async (scope) => {
        scope.setNotFoundHandler(async (request, reply) => {
          const origin = request.headers.origin;
          const code = /^\/v1\/public\/([^/?]+)/.exec(request.url)?.[1];
          if (request.method !== 'OPTIONS' || !origin || !code) return reply.status(404).send(notFoundBody());
          reply.header('vary', 'Origin');
          let licenseCode: string;
          try {
            licenseCode = decodeURIComponent(code);
          } catch {
            return reply.status(204).send();
          }
          if ((await service.corsOrigins(licenseCode)).includes(origin))
            reply
              .header('access-control-allow-origin', origin)
              .header('access-control-allow-methods', 'GET, POST')
              .header('access-control-allow-headers', 'content-type')
              .header('access-control-max-age', '600');
          return reply.status(204).send();
        });
      },
      { prefix: '/public' },
    );

    app.get(
      `${prefix}/company`,
      {
        config: access,
        schema: {
          tags,
          summary: "The company's public face: its name, logo, languages (the main one first) and time zone",
          params: publicLicenseParams,
          response: { 200: dataOf(publicCompanySchema) },
        },
      },
      async (request) => ({ data: await service.company(request.params.licenseCode) }),
    );

    app.get(
      `${prefix}/products`,
      {
        config: access,
        schema: {
          tags,
          summary:
            'The products sold online (enabled, `sellOnline`), in `language` (their translation, else the main language), with price in euros, the public duration, image and whether they are booked on a calendar',
          params: publicLicenseParams,
          querystring: publicProductsQuery,
          response: { 200: dataOf(publicProductsSchema) },
        },
      },
      async (request) => ({
        data: await service.products(request.params.licenseCode, request.query.language),
      }),
    );

    app.get(
      `${prefix}/products/:id/availability`,
      {
        config: access,
        schema: {
          tags,
          summary:
            "A product's start times per company day over [from, to) (at most 62 days), each with the units still free: the calendar's schedule, exceptions, capacity, notice and forecast, counting bookings and the places held by checkouts being paid. 404 for a product not sold online",
          params: publicProductParams,
          querystring: publicAvailabilityQuery,
          response: { 200: dataOf(publicAvailabilitySchema) },
        },
      },
      async (request) => ({
        data: await service.availability(request.params.licenseCode, request.params.id, request.query),
      }),
    );

    app.post(
      `${prefix}/checkouts`,
      {
        config: access,
        schema: {
          tags,
          summary:
            "Books a product for a customer (found by email, else created). With a gift voucher: booked at once (`confirmed`, with its booking code). Online: the place is held for 10 minutes while an order awaits payment: `awaiting_payment` with the payment page and the checkout token; the gateway's payment turns the hold into the booking. 409 with the booking's refusals (1000xxx: full, too soon, outside open time…) or the gateway not configured",
          params: publicLicenseParams,
          body: publicCheckoutBody,
          response: { 201: dataOf(publicCheckoutSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.checkout(request.params.licenseCode, request.body) }),
    );

    app.get(
      `${prefix}/checkouts/:token`,
      {
        config: access,
        schema: {
          tags,
          summary:
            "A checkout's state: awaiting_payment (with its payment page), confirmed (with the booking and its code), expired (its hold ended unpaid) or failed (its payment failed, or came too late and was refunded)",
          params: publicCheckoutParams,
          response: { 200: dataOf(publicCheckoutSchema) },
        },
      },
      async (request) => ({
        data: await service.checkoutState(request.params.licenseCode, request.params.token),
      }),
    );

    // The customer's signed link (the booking's code, `B1.<license>.<booking>.<signature>`): 404 for a
    // code that is malformed, altered, another company's or of a deleted booking.
    app.get(
      `${prefix}/bookings/:code`,
      {
        config: access,
        schema: {
          tags,
          summary:
            "The booking a customer's signed code names, as its customer sees it: the product's name (in `language`, else the customer's), its times in the calendar's zone, units and status, whether and until when it can be moved (the product's rules, the moves left), whether it can be cancelled online (until the company's free-cancellation hours before its start) and what comes back (a gift voucher's use, a pack's session, the online payment refunded through its gateway), and the company's phone and email. 404 for a malformed, altered or another company's code, or a deleted booking",
          params: publicBookingCodeParams,
          querystring: publicManagedBookingQuery,
          response: { 200: dataOf(publicManagedBookingSchema) },
        },
      },
      async (request) => ({
        data: await service.managedBooking(
          request.params.licenseCode,
          request.params.code,
          request.query.language,
        ),
      }),
    );

    app.get(
      `${prefix}/bookings/:code/availability`,
      {
        config: access,
        schema: {
          tags,
          summary:
            "The start times the booking can be moved to per company day over [from, to) (at most 62 days): the product's public availability with the booking's own places counted as free, the slots with room for all its units. 409 1000220 (its product's date cannot be changed by customers), 1000221 (no moves left), 1000222 (started, past or cancelled)",
          params: publicBookingCodeParams,
          querystring: publicAvailabilityQuery,
          response: { 200: dataOf(publicAvailabilitySchema) },
        },
      },
      async (request) => ({
        data: await service.managedBookingAvailability(
          request.params.licenseCode,
          request.params.code,
          request.query,
        ),
      }),
    );

    app.post(
      `${prefix}/bookings/:code/move`,
      {
        config: access,
        schema: {
          tags,
          summary:
            "Moves the booking to `startsAt`, for its customer: the product's rules (409 1000220 not allowed, 1000221 no moves left; 1000222 a started, past or cancelled booking), then the staff move's checks (409 full, too soon, outside open time, not a start time…, live holds counted). Counted in the booking's customer moves; its customer gets the move's mail. Answers the booking as now",
          params: publicBookingCodeParams,
          body: publicMoveBody,
          response: { 200: dataOf(publicManagedBookingSchema) },
        },
      },
      async (request) => ({
        data: await service.moveBooking(
          request.params.licenseCode,
          request.params.code,
          request.body.startsAt,
        ),
      }),
    );

    app.post(
      `${prefix}/bookings/:code/cancel`,
      {
        config: access,
        schema: {
          tags,
          summary:
            "Cancels the booking for its customer, until the company's free-cancellation hours before its start: a gift voucher's use or pack session comes back; paid online, its order's line is refunded through the gateway (a refund order; the booking stays on record, cancelled). 409 1000223 later (its details: the company's phone and email), 1000224 when sold in an order not paid online, 1000222 started or cancelled; the gateway's refusal (409 1000162, 502 1000163) leaves the booking and the order as they were",
          params: publicBookingCodeParams,
          response: { 200: dataOf(publicCancellationSchema) },
        },
      },
      async (request) => ({
        data: await service.cancelBooking(request.params.licenseCode, request.params.code),
      }),
    );

    app.get(
      `${prefix}/files/:id`,
      {
        config: access,
        schema: {
          tags,
          summary: "The company's logo or the image of a product sold online (no other file is public)",
          params: publicProductParams,
          response: {
            200: {
              description: 'The image as uploaded',
              content: { '*/*': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
            },
          },
        },
      },
      async (request, reply) => {
        const { file, data } = await service.file(request.params.licenseCode, request.params.id);
        return reply
          .header('content-type', file.mimeType)
          .header('content-security-policy', sandboxPolicy)
          .header('cache-control', 'public, max-age=3600')
          .send(data);
      },
    );
  };

/** Requests per minute a client address may make to booking links (`/b/<code>`). */
export const bookingLinkRateLimit = { max: 60, timeWindow: 60_000 };

/**
 * The customer's booking link of the confirmation mails, `PUBLIC_URL/b/<code>` (outside /v1): a valid
 * code is sent on to the widget's manage view (303 to `/widget/<licenseCode>?manage=<code>`); any other
 * (malformed, altered, a deleted booking, a company switched off) gets a small page in the browser's
 * language saying the link is not valid (404). Rate limited per address.
 */
export const bookingLinkRoutes =
  (
    service: Pick<PublicService, 'bookingLinkTarget'>,
    options: { rateLimit?: { max: number; timeWindow: number } } = {},
  ): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(rateLimit, { global: false });
    app.get(
      '/b/:code',
      {
        config: {
          access: 'public',
          rateLimit: {
            ...(options.rateLimit ?? bookingLinkRateLimit),
            keyGenerator: (request: { ip: string }) => `${request.ip} booking-link`,
          },
        },
        schema: { hide: true, params: z.object({ code: z.string().max(500) }) },
      },
      async (request, reply) => {
        const { code } = request.params;
        const licenseCode = await service.bookingLinkTarget(code);
        reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
        reply.header('referrer-policy', 'no-referrer');
        if (licenseCode)
          return reply.redirect(
            `/widget/${encodeURIComponent(licenseCode)}?manage=${encodeURIComponent(code)}`,
            303,
          );
        return reply
          .status(404)
          .header('vary', 'accept-language')
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
          )
          .type('text/html; charset=utf-8')
          .send(renderBookingLinkNotFound(browserLanguage(request.headers['accept-language'])));
      },
    );
  };
