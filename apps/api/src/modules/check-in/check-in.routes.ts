import { checkInCodeBody, checkInResultSchema, dataOf } from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { CheckInService } from './check-in.service.js';

const tags = ['check-in'];

export const checkInRoutes =
  (service: CheckInService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/admin/check-in/lookups',
      {
        config: { access: requireAny('bookings_find', 'giftVouchers_find') },
        schema: {
          tags,
          summary:
            'What a scanned or typed code names: a booking (needs bookings_find) or a gift voucher (needs giftVouchers_find); 400 1000215 for no code, 409 1000216 for another company’s',
          body: checkInCodeBody,
          response: { 200: dataOf(checkInResultSchema) },
        },
      },
      async (request) => ({ data: await service.lookup(authOf(request), request.body.code) }),
    );
    app.post(
      '/admin/check-in/attendances',
      {
        config: { access: requireAny('bookings_edit') },
        schema: {
          tags,
          summary:
            'Marks the booking a code names attended; 409 1000217 when it is cancelled, 1000218 when it is marked attended already',
          body: checkInCodeBody,
          response: { 200: dataOf(checkInResultSchema) },
        },
      },
      async (request) => ({ data: await service.attend(authOf(request), request.body.code) }),
    );
  };
