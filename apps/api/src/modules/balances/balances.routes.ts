import {
  customerBalancesSchema,
  dataOf,
  idParams,
  packSessionsQuery,
  usablePacksSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { BalancesService } from './balances.service.js';

const tags = ['customers'];

export const balancesRoutes =
  (service: BalancesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/customers/:id/balances',
      {
        config: { access: requireAny('customers_find') },
        schema: {
          tags,
          summary:
            "A customer's packs and credits, newest first: the product sold, kind, initial and remaining (sessions for a pack, euros for a credit), expiry, the order that sold it and every movement (granted, booking, booking_returned, order, refund, revoked) oldest first",
          params: idParams,
          response: { 200: dataOf(customerBalancesSchema) },
        },
      },
      async (request) => ({ data: await service.ofCustomer(authOf(request), request.params.id) }),
    );

    app.get(
      '/admin/customers/:id/pack-sessions',
      {
        config: { access: requireAny('bookings_create') },
        schema: {
          tags,
          summary:
            "The customer's packs that may pay a booking of `productId` now: they include the product, have a session left and have not expired; the soonest to expire first. Send one's id as the new booking's balanceId",
          params: idParams,
          querystring: packSessionsQuery,
          response: { 200: dataOf(usablePacksSchema) },
        },
      },
      async (request) => ({
        data: await service.usablePacks(authOf(request), request.params.id, request.query.productId),
      }),
    );
  };
