import {
  cashRegisterCloseBody,
  cashRegisterListFields,
  cashRegisterListItemSchema,
  cashRegisterOpenBody,
  cashRegisterSummarySchema,
  dataOf,
  idParams,
  listQuery,
  listResponse,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { CashRegistersService } from './cash-registers.service.js';

const tags = ['cash registers'];

export const cashRegistersRoutes =
  (service: CashRegistersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/cash-register',
      {
        config: { access: requireAny('cashRegisters_find') },
        schema: {
          tags,
          summary: 'The history of cash registers with their figures, latest opened first',
          querystring: listQuery(cashRegisterListFields),
          response: { 200: listResponse(cashRegisterListItemSchema) },
        },
      },
      async (request) => ({ data: await service.list(authOf(request), request.query) }),
    );
    app.get(
      '/admin/cash-register/open',
      {
        config: { access: requireAny('cashRegisters_find', 'cashRegisters_open', 'cashRegisters_close') },
        schema: {
          tags,
          summary: "The open register's summary, or null when none is open",
          response: { 200: dataOf(cashRegisterSummarySchema.nullable()) },
        },
      },
      async (request) => ({ data: await service.current(authOf(request)) }),
    );
    app.post(
      '/admin/cash-register/open',
      {
        config: { access: requireAny('cashRegisters_open') },
        schema: {
          tags,
          summary: 'Opens a cash register with the initial cash (default 300 €); 409 when one is open',
          body: cashRegisterOpenBody,
          response: { 201: dataOf(cashRegisterSummarySchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.open(authOf(request), request.body) }),
    );
    app.patch(
      '/admin/cash-register/close',
      {
        config: { access: requireAny('cashRegisters_close') },
        schema: {
          tags,
          summary:
            'Closes the open register with the cash counted in the drawer (`countedCash` in euros, or `denominations` note by note, summed in cents; 400 naming `countedCash` without either) and notes, storing its figures with the counted cash, the expected cash (initial amount + cash sales − cash refunds) and the difference (counted − expected), and producing its PDF report (company, times, who opened and closed it, every figure, the cash count, product lines, notes; labels in the company language), stored as the file `cash-register-<id>-<date>.pdf` whose id is `reportFileId` (GET /v1/admin/files/download/{id}); 409 (1000013) when none is open',
          body: cashRegisterCloseBody,
          response: { 200: dataOf(cashRegisterSummarySchema) },
        },
      },
      async (request) => ({ data: await service.close(authOf(request), request.body) }),
    );
    app.get(
      '/admin/cash-register/:id',
      {
        config: { access: requireAny('cashRegisters_find') },
        schema: {
          tags,
          summary: "A register's summary (a closed one's figures as they were at closing)",
          params: idParams,
          response: { 200: dataOf(cashRegisterSummarySchema) },
        },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
  };
