import { randomBytes } from 'node:crypto';
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
  type Settings,
} from '@mostrador/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { pageOf } from '../../lib/list.js';
import { createEmployeesRepository } from '../employees/employees.repository.js';
import type { FileStorage } from '../files/file-storage.js';
import { createFilesRepository } from '../files/files.repository.js';
import { createOrdersRepository, type RegisterProductLine } from '../orders/orders.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  type CashRegisterRecord,
  type CashRegisterRow,
  createCashRegistersRepository,
} from './cash-registers.repository.js';
import { renderCashRegisterReport, reportFileName } from './report.js';

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

/** An employee as the report names him: "Name (username)", or whichever of the two there is. */
async function employeeName(db: DbOrTx, licenseId: number, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const user = await createEmployeesRepository(db).find(licenseId, id);
  if (!user) return null;
  return user.name && user.name !== user.username ? `${user.name} (${user.username})` : user.username;
}

export function createCashRegistersService(deps: {
  db: Db;
  settings: Pick<SettingsService, 'ofLicense'>;
  /** Where the closing reports' bytes go (the files module's storage). */
  storage: FileStorage;
}) {
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

  /**
   * Renders a closed register's report and stores it as a file of the license in `tx`; the storage key
   * goes into `stored` first, so the caller removes the bytes if the transaction fails.
   */
  async function storeReport(
    tx: DbOrTx,
    settings: Settings,
    stored: string[],
    input: {
      licenseId: number;
      register: Pick<CashRegisterRow, 'id' | 'openedAt' | 'openedBy' | 'closedBy' | 'notes'> & {
        closedAt: Date;
      };
      figures: CashRegisterFigures;
    },
  ): Promise<number> {
    const { licenseId, register } = input;
    const [openedBy, closedBy] = await Promise.all([
      employeeName(tx, licenseId, register.openedBy),
      employeeName(tx, licenseId, register.closedBy),
    ]);
    const pdf = await renderCashRegisterReport({
      company: {
        name: settings.companyName,
        vat: settings.vat,
        street: settings.street,
        postalCode: settings.postalCode,
        city: settings.city,
        state: settings.state,
        country: settings.country,
      },
      language: settings.locale,
      timeZone: settings.timeZone,
      register: {
        id: register.id,
        openedAt: register.openedAt,
        closedAt: register.closedAt,
        openedBy,
        closedBy,
      },
      figures: input.figures,
      notes: register.notes,
    });
    const storageKey = `${licenseId}/${register.closedAt.toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}`;
    stored.push(storageKey);
    await deps.storage.put(storageKey, pdf);
    const file = await createFilesRepository(tx).insert({
      licenseId,
      name: reportFileName(register.id, register.closedAt, settings.timeZone),
      mimeType: 'application/pdf',
      size: pdf.length,
      storageKey,
    });
    return file.id;
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
     * Closes the open register with the notes and its figures as they stand, and produces its PDF report
     * (stored as a file of the license, `report_file_id`). The register's row is locked first, so sales
     * attaching to it finish before and none attaches after. The report's bytes are written to the file
     * storage inside the transaction, before the file's row; if the transaction then fails they are
     * removed, so a failure leaves the register open and no file behind.
     */
    async close(auth: AuthContext, body: CloseBody): Promise<CashRegisterSummary> {
      const settings = await deps.settings.ofLicense(auth.licenseId);
      const stored: string[] = [];
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const r = createCashRegistersRepository(tx);
          const register = await r.lockOpen(auth.licenseId, 'update');
          if (!register) throw new AppError('cashRegisterClosed', undefined, 'No cash register is open');
          const closedAt = new Date();
          const notes = body.notes ?? null;
          const closingFigures = await registerFigures(tx, auth.licenseId, register);
          const reportFileId = await storeReport(tx, settings, stored, {
            licenseId: auth.licenseId,
            register: { ...register, closedAt, closedBy: auth.userId, notes },
            figures: closingFigures,
          });
          await r.close(auth.licenseId, register.id, {
            closedAt,
            closedBy: auth.userId,
            notes,
            closingFigures,
            reportFileId,
          });
          return register.id;
        });
      } catch (error) {
        await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => {})));
        throw error;
      }
      return this.get(auth, id);
    },

    /**
     * Produces the report of a register closed without one (the demo's history, written straight into
     * the tables): the same PDF closing would have made, from its stored figures.
     */
    async addMissingReport(licenseId: number, registerId: number): Promise<number | null> {
      const register = await repo.find(licenseId, registerId);
      if (!register?.closedAt || !register.closingFigures || register.reportFileId !== null) return null;
      const settings = await deps.settings.ofLicense(licenseId);
      const stored: string[] = [];
      try {
        return await db.transaction(async (tx) => {
          const fileId = await storeReport(tx, settings, stored, {
            licenseId,
            register: { ...register, closedAt: register.closedAt! },
            figures: register.closingFigures!,
          });
          await createCashRegistersRepository(tx).setReport(licenseId, registerId, fileId);
          return fileId;
        });
      } catch (error) {
        await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => {})));
        throw error;
      }
    },
  };
}
export type CashRegistersService = ReturnType<typeof createCashRegistersService>;
