import {
  availabilityQuery,
  availabilitySchema,
  bookingBody,
  bookingListFields,
  bookingListItemSchema,
  bookingRangeQuery,
  bookingRangeSchema,
  bookingSchema,
  bookingUpdateBody,
  dataOf,
  idParams,
  listQuery,
  listResponse,
  okSchema,
} from '@mostrador/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listJsonCheck } from '../../lib/list-json.js';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { BookingsService } from './bookings.service.js';
import type { CalendarHoldsService } from './calendar-holds.js';

const tags = ['bookings'];

const checkListJson = listJsonCheck('bookings', listResponse(bookingListItemSchema));

export const bookingsRoutes =
  (service: BookingsService, calendarView: Pick<CalendarHoldsService, 'range'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/booking-calendars/:id/availability',
      {
        config: { access: requireAny('bookings_find', 'bookings_create') },
        schema: {
          tags,
          summary:
            "The start times a product can take on the calendar over the company's local days [from, to), at most 92, with their free spaces, and the periods closed by anomalies",
          params: idParams,
          querystring: availabilityQuery,
          response: { 200: dataOf(availabilitySchema) },
        },
      },
      // Thousands of items in 60 days: the answer is the engine's own JSON of the response schema
      // (`availabilityItemsJson`, tested equal to it), not an encoding of one object per item. A string
      // sent as JSON skips the schema's serializer; the schema still documents the route.
      async (request, reply) => {
        const json = await service.availabilityJson(authOf(request), request.params.id, request.query);
        // The typed reply expects the object: these bytes are its JSON. The engine writes ASCII only
        // (instants, numbers, the statuses), so latin1 is its UTF-8, copied in one pass: a string's ~84 KB
        // would be scanned for its length and then encoded, two passes.
        return reply
          .type('application/json; charset=utf-8')
          .send(Buffer.from(`{"data":${json}}`, 'latin1') as never);
      },
    );
    app.get(
      '/admin/bookings',
      {
        config: { access: requireAny('bookings_find') },
        schema: {
          tags,
          summary:
            "Bookings, latest date first; `query` searches the customer's name, email and phone and the product's name",
          querystring: listQuery(bookingListFields),
          response: { 200: listResponse(bookingListItemSchema) },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const json = await service.listJson(auth, request.query);
        await checkListJson?.(json, () => service.list(auth, request.query));
        // A string is sent as it is: no serializer runs on it (the typed reply expects the object).
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
      },
    );
    app.get(
      '/admin/bookings/range',
      {
        config: { access: requireAny('bookings_find') },
        schema: {
          tags,
          summary:
            'Every confirmed booking starting in [from, to), at most 45 days, of one calendar or all, in start order, and the live holds of online checkouts starting in it: the calendar view, not paginated',
          querystring: bookingRangeQuery,
          response: { 200: dataOf(bookingRangeSchema) },
        },
      },
      async (request) => ({ data: await calendarView.range(authOf(request), request.query) }),
    );
    app.post(
      '/admin/bookings',
      {
        config: { access: requireAny('bookings_create') },
        schema: {
          tags,
          summary:
            'Books a product; a start the calendar does not take is refused with the reason (409, 1000118–1000124)',
          body: bookingBody,
          response: { 201: dataOf(bookingSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(authOf(request), request.body) }),
    );
    app.get(
      '/admin/bookings/:id',
      {
        config: { access: requireAny('bookings_find') },
        schema: { tags, summary: 'One booking', params: idParams, response: { 200: dataOf(bookingSchema) } },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
    app.put(
      '/admin/bookings/:id',
      {
        config: { access: requireAny('bookings_edit') },
        schema: {
          tags,
          summary:
            "Changes a booking; another start or calendar is a move, which follows the product's reschedule rules (1000125, 1000126) unless overridden",
          params: idParams,
          body: bookingUpdateBody,
          response: { 200: dataOf(bookingSchema) },
        },
      },
      async (request) => ({ data: await service.update(authOf(request), request.params.id, request.body) }),
    );
    app.delete(
      '/admin/bookings/:id',
      {
        config: { access: requireAny('bookings_delete') },
        schema: {
          tags,
          summary: 'Deletes a booking; one sold in an order is refused (409)',
          params: idParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await service.remove(authOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
    );
    for (const [action, attended] of [
      ['attended', true],
      ['unattended', false],
    ] as const) {
      app.post(
        `/admin/bookings/:id/${action}`,
        {
          config: { access: requireAny('bookings_edit') },
          schema: {
            tags,
            summary: `Marks the booking ${action}`,
            params: idParams,
            response: { 200: dataOf(bookingSchema) },
          },
        },
        async (request) => ({
          data: await service.setAttended(authOf(request), request.params.id, attended),
        }),
      );
    }
  };
