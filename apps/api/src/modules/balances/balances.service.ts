import {
  type CustomerBalance,
  type CustomerBalances,
  centsToEuros,
  type UsablePacks,
} from '@mostrador/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { PaidOrder, PaidOrderGrant } from '../../workflows/order-paid.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import { createProductsRepository } from '../products/products.repository.js';
import { createBalancesRepository } from './balances.repository.js';
import { packSessionsFor } from './booking-sessions.js';

/**
 * Packs and credits a customer holds: granted when a sale of them turns paid (one balance per unit: a
 * pack's sessions, a credit's cents, the product's credit amount else its price), read on the customer's
 * page. Spending is elsewhere: booking-sessions.ts (a booking paid with a pack session).
 */
export function createBalancesService(deps: { db: Db }) {
  const repo = createBalancesRepository(deps.db);

  return {
    async grantForPaidOrder(tx: DbOrTx, paid: PaidOrder): Promise<void> {
      const r = createBalancesRepository(tx);
      const lines = await r.grantLinesOfOrder(paid.licenseId, paid.orderId);
      if (!lines.length) return;
      // Placing such an order without a customer is refused before; a paid one never lacks it.
      if (paid.customerId === null) throw new AppError('balanceSaleWithoutCustomer');
      for (const line of lines) {
        const kind = line.type === 'pack' ? ('pack' as const) : ('credit' as const);
        const amount = kind === 'pack' ? (line.packSessions ?? 1) : (line.creditCents ?? line.priceCents);
        if (amount <= 0) continue;
        for (let unit = 0; unit < line.quantity; unit++) {
          const balance = await r.insert({
            licenseId: paid.licenseId,
            customerId: paid.customerId,
            productId: line.productId,
            orderLineId: line.lineId,
            kind,
            initial: amount,
            remaining: amount,
          });
          await r.move({
            licenseId: paid.licenseId,
            balanceId: balance.id,
            delta: amount,
            reason: 'granted',
            orderId: paid.orderId,
            orderLineId: line.lineId,
            createdBy: paid.userId,
          });
        }
      }
    },

    /**
     * The customer's packs that may pay a booking of the product now, the soonest to expire first (the
     * booking drawer offers them); another license's customer is 404, its product 400 on productId.
     */
    async usablePacks(auth: AuthContext, customerId: number, productId: number): Promise<UsablePacks> {
      if (!(await createCustomersRepository(deps.db).find(auth.licenseId, customerId))) throw notFound();
      if (!(await createProductsRepository(deps.db).find(auth.licenseId, productId)))
        throw invalid('productId', 'unknown product');
      const rows = await packSessionsFor(deps.db, auth.licenseId, customerId, productId);
      return {
        items: rows.map((b) => ({ ...b, expiresAt: b.expiresAt?.toISOString() ?? null })),
      };
    },

    /** The customer's balances with their movements, newest first; another license's customer is 404. */
    async ofCustomer(auth: AuthContext, customerId: number): Promise<CustomerBalances> {
      if (!(await createCustomersRepository(deps.db).find(auth.licenseId, customerId))) throw notFound();
      const rows = await repo.listForCustomer(auth.licenseId, customerId);
      const movements = await repo.movementsOf(
        auth.licenseId,
        rows.map((b) => b.id),
      );
      const items = rows.map((b): CustomerBalance => {
        const amount = (n: number) => (b.kind === 'credit' ? centsToEuros(n) : n);
        return {
          id: b.id,
          productId: b.productId,
          productName: b.productName,
          kind: b.kind,
          initial: amount(b.initial),
          remaining: amount(b.remaining),
          expiresAt: b.expiresAt ? b.expiresAt.toISOString() : null,
          orderId: b.orderId,
          createdAt: b.createdAt.toISOString(),
          movements: movements
            .filter((m) => m.balanceId === b.id)
            .map((m) => ({
              id: m.id,
              createdAt: m.createdAt.toISOString(),
              reason: m.reason,
              delta: amount(m.delta),
              bookingId: m.bookingId,
              orderId: m.orderId,
              orderLineId: m.orderLineId,
            })),
        };
      });
      return { items };
    },
  };
}

export type BalancesService = ReturnType<typeof createBalancesService> & PaidOrderGrant;
