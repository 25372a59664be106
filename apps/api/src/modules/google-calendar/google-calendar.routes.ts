import {
  dataOf,
  googleCalendarChoiceBody,
  googleCalendarChoiceSchema,
  googleCalendarLinkSchema,
  googleConsentSchema,
  googleLinkSummarySchema,
  idParams,
  okSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { GoogleCalendarService } from './google-calendar.service.js';

const tags = ['booking calendars'];

/** Staff's side of Google Calendar links (under /v1), and Google's way back after the consent page. */
export const googleCalendarRoutes =
  (service: GoogleCalendarService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/google/links',
      {
        config: { access: requireAny('bookingCalendars_find') },
        schema: {
          tags,
          summary: "Every booking calendar's Google Calendar link and its state, for the calendars list",
          response: { 200: dataOf(z.array(googleLinkSummarySchema)) },
        },
      },
      async (request) => ({ data: await service.list(authOf(request)) }),
    );
    app.get(
      '/admin/booking-calendars/:id/google',
      {
        config: { access: requireAny('bookingCalendars_find') },
        schema: {
          tags,
          summary: "The calendar's Google Calendar link (state, chosen calendar, busy times), or null",
          params: idParams,
          response: { 200: dataOf(googleCalendarLinkSchema.nullable()) },
        },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
    app.post(
      '/admin/booking-calendars/:id/google/connection',
      {
        config: { access: requireAny('bookingCalendars_edit') },
        schema: {
          tags,
          summary:
            "Starts linking the calendar to Google Calendar: Google's consent page to open, with a signed state good for 15 minutes",
          params: idParams,
          response: { 200: dataOf(googleConsentSchema) },
        },
      },
      async (request) => ({ data: await service.start(authOf(request), request.params.id) }),
    );
    app.get(
      '/admin/booking-calendars/:id/google/calendars',
      {
        config: { access: requireAny('bookingCalendars_edit') },
        schema: {
          tags,
          summary: 'The calendars of the linked Google account that may take events',
          params: idParams,
          response: { 200: dataOf(z.array(googleCalendarChoiceSchema)) },
        },
      },
      async (request) => ({ data: await service.calendars(authOf(request), request.params.id) }),
    );
    app.put(
      '/admin/booking-calendars/:id/google',
      {
        config: { access: requireAny('bookingCalendars_edit') },
        schema: {
          tags,
          summary: 'Chooses the Google calendar bookings go to and busy times come from',
          params: idParams,
          body: googleCalendarChoiceBody,
          response: { 200: dataOf(googleCalendarLinkSchema) },
        },
      },
      async (request) => ({
        data: await service.choose(authOf(request), request.params.id, request.body.googleCalendarId),
      }),
    );
    app.post(
      '/admin/booking-calendars/:id/google/busy-refresh',
      {
        config: { access: requireAny('bookingCalendars_edit') },
        schema: {
          tags,
          summary: "Reads the linked Google calendar's busy times now",
          params: idParams,
          response: { 200: dataOf(googleCalendarLinkSchema) },
        },
      },
      async (request) => ({ data: await service.refreshNow(authOf(request), request.params.id) }),
    );
    app.delete(
      '/admin/booking-calendars/:id/google',
      {
        config: { access: requireAny('bookingCalendars_edit') },
        schema: {
          tags,
          summary: 'Unlinks the calendar from Google Calendar (the events already pushed stay there)',
          params: idParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await service.disconnect(authOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
    );
    app.get(
      '/google/oauth/callback',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            "Google's redirect after the consent page: stores the link and sends the browser back to the calendar's page",
          querystring: z.object({
            code: z.string().max(2048).optional(),
            state: z.string().max(512).optional(),
            error: z.string().max(256).optional(),
            scope: z.string().max(2048).optional(),
          }),
          response: { 302: z.null().describe('To the calendar page: ?google=connected|denied|failed') },
        },
      },
      async (request, reply) => {
        const location = await service.callback(request.query);
        return reply.redirect(location, 302);
      },
    );
  };
