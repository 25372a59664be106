import {
  anomalyBody,
  anomalyListFields,
  anomalyListItemSchema,
  anomalySchema,
  bookingCalendarBody,
  bookingCalendarListFields,
  bookingCalendarListItemSchema,
  bookingCalendarSchema,
  dataOf,
  idParams,
  idSchema,
  listQuery,
  listResponse,
  okSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { CalendarsService } from './calendars.service.js';

const tags = ['booking calendars'];
const anomalyParams = z.object({ id: idSchema, anomalyId: idSchema });

export const calendarsRoutes =
  (service: CalendarsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/booking-calendars',
      {
        config: { access: requireAny('bookingCalendars_find') },
        schema: {
          tags,
          summary: 'Booking calendars, by name; `query` searches the name',
          querystring: listQuery(bookingCalendarListFields),
          response: { 200: listResponse(bookingCalendarListItemSchema) },
        },
      },
      async (request) => ({ data: await service.list(authOf(request), request.query) }),
    );
    app.post(
      '/admin/booking-calendars',
      {
        config: { access: requireAny('bookingCalendars_create') },
        schema: {
          tags,
          summary: 'Create a booking calendar with its weekly schedule',
          body: bookingCalendarBody,
          response: { 201: dataOf(bookingCalendarSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(authOf(request), request.body) }),
    );
    app.get(
      '/admin/booking-calendars/:id',
      {
        config: { access: requireAny('bookingCalendars_find') },
        schema: {
          tags,
          summary: 'One booking calendar with its weekly schedule',
          params: idParams,
          response: { 200: dataOf(bookingCalendarSchema) },
        },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
    app.put(
      '/admin/booking-calendars/:id',
      {
        config: { access: requireAny('bookingCalendars_edit') },
        schema: {
          tags,
          summary: 'Change a booking calendar and its weekly schedule',
          params: idParams,
          body: bookingCalendarBody,
          response: { 200: dataOf(bookingCalendarSchema) },
        },
      },
      async (request) => ({ data: await service.update(authOf(request), request.params.id, request.body) }),
    );
    app.delete(
      '/admin/booking-calendars/:id',
      {
        config: { access: requireAny('bookingCalendars_delete') },
        schema: {
          tags,
          summary: 'Deletes the calendar and its anomalies; one with bookings or products stays (1000031)',
          params: idParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await service.remove(authOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
    );

    app.get(
      '/admin/booking-calendars/:id/schedule-anomalies',
      {
        config: { access: requireAny('bookingCalendarsScheduleAnomaly_find') },
        schema: {
          tags,
          summary: "A calendar's anomalies, by startsAt; `query` searches the reason",
          params: idParams,
          querystring: listQuery(anomalyListFields),
          response: { 200: listResponse(anomalyListItemSchema) },
        },
      },
      async (request) => ({
        data: await service.listAnomalies(authOf(request), request.params.id, request.query),
      }),
    );
    app.post(
      '/admin/booking-calendars/:id/schedule-anomalies',
      {
        config: { access: requireAny('bookingCalendarsScheduleAnomaly_create') },
        schema: {
          tags,
          summary:
            'Opens or closes a period; one overlapping an anomaly of the opposite type is refused (409)',
          params: idParams,
          body: anomalyBody,
          response: { 201: dataOf(anomalySchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await service.createAnomaly(authOf(request), request.params.id, request.body) }),
    );
    app.delete(
      '/admin/booking-calendars/:id/schedule-anomalies/:anomalyId',
      {
        config: { access: requireAny('bookingCalendarsScheduleAnomaly_delete') },
        schema: {
          tags,
          summary: 'Delete one anomaly of the calendar’s schedule',
          params: anomalyParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await service.removeAnomaly(authOf(request), request.params.id, request.params.anomalyId);
        return { data: { ok: true as const } };
      },
    );
  };
