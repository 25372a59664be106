import { customerBalancesSchema, dataOf, idParams } from '@mostrador/contract';
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
  };
