import rateLimit from '@fastify/rate-limit';
import { calendarFeedSchema, dataOf, idParams, okSchema } from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { authOf, requireAll, requireAny } from '../../plugins/auth.js';
import { type CalendarFeedsService, feedTokenOf } from './calendar-feeds.service.js';

const tags = ['booking calendars'];

/**
 * The staff's side, under /v1. The address reads the calendar's bookings (customers' names, phones and
 * emails): reading or making one also needs bookings_find; revoking only the calendar's edit right.
 */
export const calendarFeedsRoutes =
  (service: CalendarFeedsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/booking-calendars/:id/feed',
      {
        config: { access: requireAll('bookingCalendars_find', 'bookings_find') },
        schema: {
          tags,
          summary: "The calendar's private iCal feed address, or null when it has none",
          params: idParams,
          response: { 200: dataOf(calendarFeedSchema.nullable()) },
        },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
    app.post(
      '/admin/booking-calendars/:id/feed',
      {
        config: { access: requireAll('bookingCalendars_edit', 'bookings_find') },
        schema: {
          tags,
          summary: 'A new feed address for the calendar; the old one, if any, stops working at once',
          params: idParams,
          response: { 200: dataOf(calendarFeedSchema) },
        },
      },
      async (request) => ({ data: await service.create(authOf(request), request.params.id) }),
    );
    app.delete(
      '/admin/booking-calendars/:id/feed',
      {
        config: { access: requireAny('bookingCalendars_edit') },
        schema: {
          tags,
          summary: "Revokes the calendar's feed address: it stops working at once",
          params: idParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await service.revoke(authOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
    );
  };

/** Calendar apps fetch every few minutes at most; a guessing loop is slowed down per address and token. */
export const feedRateLimit = { max: 60, timeWindow: 60_000 };

/**
 * The feed itself, outside /v1: `GET /feeds/calendars/<token>.ics`, public (the token is the proof), an
 * unknown or revoked token 404. text/calendar, cached privately for 5 minutes, with an ETag (304 when
 * the client has it).
 */
export const calendarFeedRoutes =
  (service: CalendarFeedsService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(rateLimit, { global: false });
    app.get(
      '/feeds/calendars/:file',
      {
        config: {
          access: 'public',
          rateLimit: {
            ...feedRateLimit,
            keyGenerator: (request: { ip: string; params: unknown }) =>
              `${request.ip} ${(request.params as { file?: string }).file ?? ''}`,
          },
        },
        schema: { hide: true, params: z.object({ file: z.string().max(200) }) },
      },
      async (request, reply) => {
        const token = feedTokenOf(request.params.file);
        const feed = token ? await service.feed(token) : undefined;
        if (!feed) throw notFound();
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=300')
          .header('etag', feed.etag);
        if (request.headers['if-none-match'] === feed.etag) return reply.status(304).send();
        return reply.send(feed.body);
      },
    );
  };
