import {
  dataOf,
  giftVoucherListFields,
  giftVoucherListItemSchema,
  giftVoucherSchema,
  giftVoucherUpdateBody,
  idParams,
  listQuery,
  listResponse,
  okSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { GiftVouchersService } from './gift-vouchers.service.js';

const tags = ['gift vouchers'];

export const giftVouchersRoutes =
  (service: GiftVouchersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/gift-vouchers',
      {
        config: { access: requireAny('giftVouchers_find') },
        schema: {
          tags,
          summary:
            "Gift vouchers, latest bought first; `query` searches the code and the buyer's name, email and phone; `status` (active, expired, exhausted) filters",
          querystring: listQuery(giftVoucherListFields),
          response: { 200: listResponse(giftVoucherListItemSchema) },
        },
      },
      async (request) => ({ data: await service.list(authOf(request), request.query) }),
    );
    app.get(
      '/admin/gift-vouchers/:id',
      {
        config: { access: requireAny('giftVouchers_find') },
        schema: {
          tags,
          summary: 'One gift voucher with the bookings made with it',
          params: idParams,
          response: { 200: dataOf(giftVoucherSchema) },
        },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
    app.patch(
      '/admin/gift-vouchers/:id',
      {
        config: { access: requireAny('giftVouchers_edit') },
        schema: {
          tags,
          summary:
            'Changes the expiry: a plain date is the end of that day in the company’s zone; after the purchase and within ten years, else 409 1000179',
          params: idParams,
          body: giftVoucherUpdateBody,
          response: { 200: dataOf(giftVoucherSchema) },
        },
      },
      async (request) => ({ data: await service.update(authOf(request), request.params.id, request.body) }),
    );
    app.delete(
      '/admin/gift-vouchers/:id',
      {
        config: { access: requireAny('giftVouchers_delete') },
        schema: {
          tags,
          summary: 'Deletes a gift voucher never used; a used one is refused (409 1000045)',
          params: idParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await service.remove(authOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
    );
  };
