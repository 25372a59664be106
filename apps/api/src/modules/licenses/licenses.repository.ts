import type { ListQuery } from '@mostrador/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countCapped, type ListSpec, listClauses } from '../../lib/list.js';
import { licenses } from './licenses.table.js';

export type LicenseRow = typeof licenses.$inferSelect;

// Product and customer names join in once the catalogue and customers link licenses to them.
const listSpec: ListSpec = {
  fields: {
    id: { column: licenses.id, type: 'number' },
    name: { column: licenses.name, type: 'string' },
    code: { column: licenses.code, type: 'string' },
    status: { column: licenses.status, type: 'string' },
    productName: { column: sql`null::text`, type: 'string' },
    customerName: { column: sql`null::text`, type: 'string' },
    customerSurname: { column: sql`null::text`, type: 'string' },
    createdAt: { column: licenses.createdAt, type: 'date' },
  },
  search: [licenses.name, licenses.code],
  defaultOrder: { name: 'asc' },
  tiebreaker: licenses.id,
};

/** Licenses are the tenants themselves: only the platform license reaches this repository. */
export function createLicensesRepository(db: DbOrTx) {
  return {
    async list(query: ListQuery) {
      const c = listClauses(query, listSpec, sql`true`);
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(licenses)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
        countCapped(db, licenses, c.where),
      ]);
      return { rows, count };
    },
    async find(id: number) {
      const [row] = await db.select().from(licenses).where(eq(licenses.id, id));
      return row;
    },
    async findByCode(code: string) {
      const [row] = await db.select().from(licenses).where(eq(licenses.code, code.toLowerCase()));
      return row;
    },
    async insert(values: typeof licenses.$inferInsert) {
      const [row] = await db.insert(licenses).values(values).returning();
      return row!;
    },
    async update(id: number, values: Partial<typeof licenses.$inferInsert>) {
      const [row] = await db.update(licenses).set(values).where(eq(licenses.id, id)).returning();
      return row;
    },
    async remove(id: number) {
      await db.delete(licenses).where(eq(licenses.id, id));
    },
  };
}
