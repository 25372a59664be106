import {
  type CashRegisterFigures,
  type CashRegisterListItem,
  type CashRegisterSummary,
  type cashRegisterCloseBody,
  type cashRegisterOpenBody,
  eurosToCents,
  type ListQuery,
} from '@mostrador/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { pageOf } from '../../lib/list.js';
import {
  addMissingReport,
  type CashRegisterWorkflowDeps,
  closeCashRegister,
} from '../../workflows/close-cash-register.js';
import { type CashRegisterRecord, createCashRegistersRepository } from './cash-registers.repository.js';
import { registerFigures } from './register-figures.js';

/** Read by the demo's test; computed in `register-figures.ts`. */
export { registerFigures };

type OpenBody = z.output<typeof cashRegisterOpenBody>;
type CloseBody = z.output<typeof cashRegisterCloseBody>;

const alreadyOpen = () => new AppError('conflict', undefined, 'A cash register is already open');

/**
 * The cash registers the routes call: open, the summaries and the history here; closing, which renders
 * the report and stores it through the files module, is the close-cash-register workflow.
 */
export function createCashRegistersService(deps: CashRegisterWorkflowDeps) {
  const { db } = deps;
  const repo = createCashRegistersRepository(db);

  /** A closed register answers the figures it closed with; the open one, today's. */
  async function figuresOf(auth: AuthContext, register: CashRegisterRecord): Promise<CashRegisterFigures> {
    if (!register.closingFigures) return registerFigures(db, auth.licenseId, register);
    const { cashCount: _count, ...figures } = register.closingFigures;
    return figures;
  }

  /** The cash counted at closing; null while open and for registers closed before it was asked. */
  const cashCountOf = (register: CashRegisterRecord) => register.closingFigures?.cashCount ?? null;

  function summaryOf(register: CashRegisterRecord, figures: CashRegisterFigures): CashRegisterSummary {
    return {
      ...figures,
      cashCount: cashCountOf(register),
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
            cashCount: cashCountOf(r),
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

    /** Closes the open register and produces its report: the close-cash-register workflow. */
    async close(auth: AuthContext, body: CloseBody): Promise<CashRegisterSummary> {
      return this.get(auth, await closeCashRegister(deps, auth, body));
    },

    addMissingReport: (licenseId: number, registerId: number) =>
      addMissingReport(deps, licenseId, registerId),
  };
}
export type CashRegistersService = ReturnType<typeof createCashRegistersService>;
