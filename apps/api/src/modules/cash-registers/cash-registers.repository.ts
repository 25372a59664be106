import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countCapped, type ListSpec, listClauses, type ZonedListQuery } from '../../lib/list.js';
import { users } from '../employees/employees.table.js';
import { cashRegisters } from './cash-registers.table.js';

export type CashRegisterRow = typeof cashRegisters.$inferSelect;
export type CashRegisterRecord = CashRegisterRow & { username: string | null };

const figure = (name: string, type: 'int' | 'numeric') =>
  sql`(${cashRegisters.closingFigures} ->> ${sql.raw(`'${name}'`)})::${sql.raw(type)}`;
/** A figure of the closing cash count, in cents (null for registers closed without one). */
const countFigure = (name: 'countedCash' | 'difference') =>
  sql`round((${cashRegisters.closingFigures} -> 'cashCount' ->> ${sql.raw(`'${name}'`)})::numeric * 100)`;
const openedByName = sql`(select ${users.username} from ${users} where ${users.id} = ${cashRegisters.openedBy})`;

const counts = [
  'ordersCount',
  'refundsCount',
  'cashOrdersCount',
  'cashRefundsCount',
  'cardOrdersCount',
  'cardRefundsCount',
];
const amounts = [
  'currentCashAmount',
  'ordersAmount',
  'refundsAmount',
  'cashOrdersAmount',
  'cashRefundsAmount',
  'cardOrdersAmount',
  'cardRefundsAmount',
];

/**
 * The history's fields. The figures of closed registers are read from their closing figures (euros,
 * compared as numbers: `money` filters arrive as cents, so the figures are scaled to cents).
 */
const listSpec: ListSpec = {
  fields: {
    id: { column: cashRegisters.id, type: 'number' },
    startsAt: { column: cashRegisters.openedAt, type: 'date' },
    endDate: { column: cashRegisters.closedAt, type: 'date' },
    username: { column: openedByName, type: 'string' },
    initialAmount: { column: cashRegisters.initialAmountCents, type: 'money' },
    ...Object.fromEntries(counts.map((n) => [n, { column: figure(n, 'int'), type: 'number' as const }])),
    ...Object.fromEntries(
      amounts.map((n) => [n, { column: sql`round(${figure(n, 'numeric')} * 100)`, type: 'money' as const }]),
    ),
    countedCash: { column: countFigure('countedCash'), type: 'money' },
    cashDifference: { column: countFigure('difference'), type: 'money' },
  },
  search: [openedByName as SQL, cashRegisters.notes],
  // The spec's "cash registers startsAt desc", served by cash_registers_license_opened_idx.
  defaultOrder: { startsAt: 'desc' },
  tiebreaker: cashRegisters.id,
};

const recordColumns = { register: cashRegisters, username: users.username };

export function createCashRegistersRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) =>
    and(eq(cashRegisters.licenseId, licenseId), eq(cashRegisters.id, id));
  const open = (licenseId: number) =>
    and(eq(cashRegisters.licenseId, licenseId), isNull(cashRegisters.closedAt));
  const toRecord = (r: { register: CashRegisterRow; username: string | null } | undefined) =>
    r && ({ ...r.register, username: r.username } satisfies CashRegisterRecord);
  const select = () =>
    db.select(recordColumns).from(cashRegisters).leftJoin(users, eq(users.id, cashRegisters.openedBy));
  return {
    async list(
      licenseId: number,
      query: ZonedListQuery,
    ): Promise<{ rows: CashRegisterRecord[]; count: number }> {
      const c = listClauses(query, listSpec, eq(cashRegisters.licenseId, licenseId));
      const [rows, count] = await Promise.all([
        select()
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
        countCapped(db, cashRegisters, c.where),
      ]);
      return { rows: rows.map((r) => toRecord(r)!), count };
    },
    async find(licenseId: number, id: number) {
      const [row] = await select().where(scope(licenseId, id));
      return toRecord(row);
    },
    async findOpen(licenseId: number) {
      const [row] = await select().where(open(licenseId));
      return toRecord(row);
    },
    /**
     * The open register, locked: `share` by a sale attaching itself to it (sales go in parallel),
     * `update` by its closing (which waits for them and then stops them).
     */
    async lockOpen(licenseId: number, strength: 'share' | 'update') {
      const [row] = await db.select().from(cashRegisters).where(open(licenseId)).for(strength);
      return row;
    },
    async insert(licenseId: number, values: { openedBy: number | null; initialAmountCents: number }) {
      const [row] = await db
        .insert(cashRegisters)
        .values({ ...values, licenseId })
        .returning();
      return row!;
    },
    /** Closes the open register `id` with its notes, figures and report (at `closedAt`). */
    async setReport(licenseId: number, id: number, reportFileId: number) {
      await db.update(cashRegisters).set({ reportFileId }).where(scope(licenseId, id));
    },
    async close(
      licenseId: number,
      id: number,
      values: Pick<CashRegisterRow, 'closedAt' | 'closedBy' | 'notes' | 'closingFigures' | 'reportFileId'>,
    ) {
      const [row] = await db
        .update(cashRegisters)
        .set(values)
        .where(and(scope(licenseId, id), isNull(cashRegisters.closedAt)))
        .returning();
      return row;
    },
  };
}
