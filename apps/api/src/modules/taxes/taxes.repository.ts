import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countCapped, type ListSpec, listClauses, type ZonedListQuery } from '../../lib/list.js';
import { taxes } from './taxes.table.js';

export type TaxRow = typeof taxes.$inferSelect;

const listSpec: ListSpec = {
  fields: {
    id: { column: taxes.id, type: 'number' },
    name: { column: taxes.name, type: 'string' },
    percentage: { column: taxes.percentage, type: 'percentage' },
    createdAt: { column: taxes.createdAt, type: 'date' },
  },
  search: [taxes.name],
  defaultOrder: { name: 'asc' },
  tiebreaker: taxes.id,
};

export function createTaxesRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) => and(eq(taxes.licenseId, licenseId), eq(taxes.id, id));
  return {
    async list(licenseId: number, query: ZonedListQuery) {
      const c = listClauses(query, listSpec, eq(taxes.licenseId, licenseId));
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(taxes)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
        countCapped(db, taxes, c.where),
      ]);
      return { rows, count };
    },
    /** The license's taxes among `ids` (one query for an order's lines). */
    async findMany(licenseId: number, ids: number[]) {
      if (!ids.length) return [];
      return db
        .select()
        .from(taxes)
        .where(and(eq(taxes.licenseId, licenseId), inArray(taxes.id, ids)));
    },
    async find(licenseId: number, id: number) {
      const [row] = await db.select().from(taxes).where(scope(licenseId, id));
      return row;
    },
    async insert(values: typeof taxes.$inferInsert) {
      const [row] = await db.insert(taxes).values(values).returning();
      return row!;
    },
    async update(licenseId: number, id: number, values: Partial<typeof taxes.$inferInsert>) {
      const [row] = await db.update(taxes).set(values).where(scope(licenseId, id)).returning();
      return row;
    },
    async remove(licenseId: number, id: number) {
      const rows = await db.delete(taxes).where(scope(licenseId, id)).returning({ id: taxes.id });
      return rows.length > 0;
    },
  };
}
