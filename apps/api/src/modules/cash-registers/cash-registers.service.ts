import {
  type CashRegisterFigures,
  type CashRegisterListItem,
  type CashRegisterProductLine,
  type CashRegisterSummary,
  type cashRegisterCloseBody,
  type cashRegisterOpenBody,
  centsToEuros,
  eurosToCents,
  type ListQuery,
} from '@mostrador/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { pageOf } from '../../lib/list.js';
import type { AuthContext } from '../../plugins/auth.js';
import { createOrdersRepository, type RegisterProductLine } from '../orders/orders.repository.js';
import { type CashRegisterRecord, createCashRegistersRepository } from './cash-registers.repository.js';

type OpenBody = z.output<typeof cashRegisterOpenBody>;
type CloseBody = z.output<typeof cashRegisterCloseBody>;

const alreadyOpen = () => new AppError('conflict', undefined, 'A cash register is already open');

/**
 * The register's figures from the paid cash and card orders attached to it, in integer cents until the
 * answer. Refund orders carry negative totals; their amounts are answered positive.
 */
export async function registerFigures(
  db: DbOrTx,
  licenseId: number,
  register: { id: number; initialAmountCents: number },
): Promise<CashRegisterFigures> {
  const repo = createOrdersRepository(db);
  const [totals, lines] = await Promise.all([
    repo.registerTotals(licenseId, register.id),
    repo.registerProductLines(licenseId, register.id),
  ]);
  const sum = (method: 'cash' | 'card' | null, refund: boolean) => {
    let count = 0;
    let cents = 0;
    for (const t of totals) {
      if (t.refund !== refund || (method !== null && t.paymentMethod !== method)) continue;
      if (method === null && t.paymentMethod !== 'cash' && t.paymentMethod !== 'card') continue;
      count += t.count;
      cents += refund ? -t.cents : t.cents;
    }
    return { count, cents };
  };
  const cashOrders = sum('cash', false);
  const cashRefunds = sum('cash', true);
  const cardOrders = sum('card', false);
  const cardRefunds = sum('card', true);
  const orders = sum(null, false);
  const refunds = sum(null, true);
  const productLines = (method: 'cash' | 'card', refund: boolean): CashRegisterProductLine[] =>
    lines
      .filter((l: RegisterProductLine) => l.paymentMethod === method && l.refund === refund)
      .map((l) => ({
        name: l.name,
        price: centsToEuros(Math.abs(l.priceCents)),
        quantity: Math.abs(l.quantity),
        amount: centsToEuros(Math.abs(l.cents)),
      }));
  return {
    initialAmount: centsToEuros(register.initialAmountCents),
    currentCashAmount: centsToEuros(register.initialAmountCents + cashOrders.cents - cashRefunds.cents),
    ordersCount: orders.count,
    ordersAmount: centsToEuros(orders.cents),
    refundsCount: refunds.count,
    refundsAmount: centsToEuros(refunds.cents),
    cashOrdersCount: cashOrders.count,
    cashOrdersAmount: centsToEuros(cashOrders.cents),
    cashRefundsCount: cashRefunds.count,
    cashRefundsAmount: centsToEuros(cashRefunds.cents),
    cardOrdersCount: cardOrders.count,
    cardOrdersAmount: centsToEuros(cardOrders.cents),
    cardRefundsCount: cardRefunds.count,
    cardRefundsAmount: centsToEuros(cardRefunds.cents),
    productsSoldCash: productLines('cash', false),
    productsRefundCash: productLines('cash', true),
    productsSoldCard: productLines('card', false),
    productsRefundCard: productLines('card', true),
  };
}

export function createCashRegistersService(deps: { db: Db }) {
  const { db } = deps;
  const repo = createCashRegistersRepository(db);

  /** A closed register answers the figures it closed with; the open one, today's. */
  async function figuresOf(auth: AuthContext, register: CashRegisterRecord) {
    return register.closingFigures ?? (await registerFigures(db, auth.licenseId, register));
  }

  function summaryOf(register: CashRegisterRecord, figures: CashRegisterFigures): CashRegisterSummary {
    return {
      ...figures,
      id: register.id,
      startsAt: register.openedAt.toISOString(),
      endDate: register.closedAt?.toISOString() ?? null,
      openedBy: register.openedBy,
      closedBy: register.closedBy,
      username: register.username,
      notes: register.notes,
      reportFileId: register.reportFileId,
    };
  }

  return {
    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await repo.list(auth.licenseId, { ...query, timeZone: auth.timeZone });
      const items = await Promise.all(
        rows.map(async (r): Promise<CashRegisterListItem> => {
          const { productsSoldCash, productsRefundCash, productsSoldCard, productsRefundCard, ...figures } =
            await figuresOf(auth, r);
          return {
            ...figures,
            id: r.id,
            startsAt: r.openedAt.toISOString(),
            endDate: r.closedAt?.toISOString() ?? null,
            username: r.username,
            notes: r.notes,
            reportFileId: r.reportFileId,
          };
        }),
      );
      return pageOf(items, count, query);
    },

    async get(auth: AuthContext, id: number): Promise<CashRegisterSummary> {
      const register = await repo.find(auth.licenseId, id);
      if (!register) throw new AppError('cashRegisterNotFound');
      return summaryOf(register, await figuresOf(auth, register));
    },

    /** The open register's summary, or null when none is open. */
    async current(auth: AuthContext): Promise<CashRegisterSummary | null> {
      const register = await repo.findOpen(auth.licenseId);
      return register ? summaryOf(register, await figuresOf(auth, register)) : null;
    },

    /** Opens a register; one is open per license at a time (409, also under parallel requests). */
    async open(auth: AuthContext, body: OpenBody): Promise<CashRegisterSummary> {
      if (await repo.findOpen(auth.licenseId)) throw alreadyOpen();
      try {
        const row = await repo.insert(auth.licenseId, {
          openedBy: auth.userId,
          initialAmountCents: eurosToCents(body.initialAmount),
        });
        return this.get(auth, row.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyOpen();
        throw error;
      }
    },

    /**
     * Closes the open register with the notes and its figures as they stand: the register's row is
     * locked first, so sales attaching to it finish before and none attaches after. The PDF report is a
     * later step: report_file_id stays null.
     */
    async close(auth: AuthContext, body: CloseBody): Promise<CashRegisterSummary> {
      const id = await db.transaction(async (tx) => {
        const r = createCashRegistersRepository(tx);
        const register = await r.lockOpen(auth.licenseId, 'update');
        if (!register) throw new AppError('cashRegisterClosed', undefined, 'No cash register is open');
        const closingFigures = await registerFigures(tx, auth.licenseId, register);
        await r.close(auth.licenseId, register.id, {
          closedBy: auth.userId,
          notes: body.notes ?? null,
          closingFigures,
        });
        return register.id;
      });
      return this.get(auth, id);
    },
  };
}
export type CashRegistersService = ReturnType<typeof createCashRegistersService>;
