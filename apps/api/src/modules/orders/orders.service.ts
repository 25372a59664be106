import type { ListQuery, Order, refundBody } from '@mostrador/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { pageJsonOf, pageOf } from '../../lib/list.js';
import { deleteOrder } from '../../workflows/delete-order.js';
import type { OrderWorkflowDeps } from '../../workflows/order-steps.js';
import { placeOrder } from '../../workflows/place-order.js';
import { refundOrder } from '../../workflows/refund-order.js';
import { updateOrder } from '../../workflows/update-order.js';
import type { BookingsService } from '../bookings/bookings.service.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { OrderBody } from './order-rules.js';
import { readOrder, toListItem } from './order-view.js';
import { createOrdersRepository } from './orders.repository.js';

/**
 * The orders the routes call: the read side here; the writes, which span the orders, bookings and
 * cash-register modules, are the workflows in `src/workflows/`, each one transaction.
 */
export function createOrdersService(deps: {
  db: Db;
  bookings: BookingsService;
  invoices?: InvoicesService;
  payments?: OrderWorkflowDeps['payments'];
  grants?: OrderWorkflowDeps['grants'];
}) {
  const repo = createOrdersRepository(deps.db);
  return {
    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await repo.list(auth.licenseId, { ...query, timeZone: auth.timeZone });
      return pageOf(rows.map(toListItem), count, query);
    },
    /**
     * `list`'s answer as JSON text, `{"data":…}`, its items written by PostgreSQL and passed through
     * (orders.repository.ts `listJson`): the orders list route answers it; an export reads `list`.
     */
    async listJson(auth: AuthContext, query: ListQuery): Promise<string> {
      const { items, count } = await repo.listJson(auth.licenseId, { ...query, timeZone: auth.timeZone });
      return pageJsonOf(items, count, query);
    },
    get: (auth: AuthContext, id: number): Promise<Order> => readOrder(deps.db, auth.licenseId, id),
    create: (auth: AuthContext, body: OrderBody) => placeOrder(deps, auth, body),
    update: (auth: AuthContext, id: number, body: OrderBody) => updateOrder(deps, auth, id, body),
    refund: (auth: AuthContext, id: number, body: z.output<typeof refundBody>) =>
      refundOrder(deps, auth, id, body),
    remove: (auth: AuthContext, id: number) => deleteOrder(deps, auth, id),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
