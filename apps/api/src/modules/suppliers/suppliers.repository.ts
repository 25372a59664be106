import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countCapped, type ListSpec, likePattern, listClauses, type ZonedListQuery } from '../../lib/list.js';
import { foldForSearch } from '../../lib/search.js';
import { customerNameOrNull } from '../customers/customer-name.js';
import { customers } from '../customers/customers.table.js';
import { products } from '../products/products.table.js';
import { suppliers } from './suppliers.table.js';

export type SupplierRow = typeof suppliers.$inferSelect;
export type SupplierValues = Omit<
  typeof suppliers.$inferInsert,
  'id' | 'licenseId' | 'createdAt' | 'updatedAt' | 'searchText'
>;

// The customer's names for filters and sorts: primary-key lookups, which also work in the count query.
const customerOf = (column: typeof customers.name | typeof customers.surname) =>
  sql<string | null>`(select ${column} from ${customers} where ${customers.id} = ${suppliers.customerId})`;

const listSpec: ListSpec = {
  fields: {
    id: { column: suppliers.id, type: 'number' },
    name: { column: suppliers.name, type: 'string' },
    customerName: { column: customerOf(customers.name), type: 'string' },
    customerSurname: { column: customerOf(customers.surname), type: 'string' },
    status: { column: suppliers.status, type: 'string' },
    startsAt: { column: suppliers.startsAt, type: 'day' },
    customerId: { column: suppliers.customerId, type: 'number' },
    commissionType: { column: suppliers.commissionType, type: 'string' },
    commissionQuantity: { column: suppliers.commissionQuantity, type: 'percentage' },
    automaticActivation: { column: suppliers.automaticActivation, type: 'boolean' },
    createdAt: { column: suppliers.createdAt, type: 'date' },
    updatedAt: { column: suppliers.updatedAt, type: 'date' },
  },
  // The search goes through the trigram-indexed column instead (see list()).
  search: [],
  // The spec's "suppliers name asc", served by suppliers_license_name_idx.
  defaultOrder: { name: 'asc' },
  tiebreaker: suppliers.id,
};

const itemColumns = {
  supplier: suppliers,
  customerName: customers.name,
  customerSurname: customers.surname,
};

export function createSuppliersRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) =>
    and(eq(suppliers.licenseId, licenseId), eq(suppliers.id, id));
  return {
    /** A page of the license's suppliers with their customer's names; `query` matches the name. */
    async list(licenseId: number, query: ZonedListQuery) {
      const { query: term, ...rest } = query;
      const c = listClauses(rest, listSpec, eq(suppliers.licenseId, licenseId));
      const where: SQL = term
        ? and(c.where, sql`${suppliers.searchText} like ${likePattern(foldForSearch(term))}`)!
        : c.where;
      const [rows, count] = await Promise.all([
        db
          .select(itemColumns)
          .from(suppliers)
          .leftJoin(customers, eq(customers.id, suppliers.customerId))
          .where(where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
        countCapped(db, suppliers, where),
      ]);
      return { rows, count };
    },
    /** One supplier with its customer's full name and how many products name it. */
    async find(licenseId: number, id: number) {
      const [row] = await db
        .select({
          supplier: suppliers,
          customerName: customerNameOrNull(),
          productCount: sql<number>`(select count(*)::int from ${products}
            where ${products.licenseId} = ${licenseId} and ${products.supplierId} = ${suppliers.id})`,
        })
        .from(suppliers)
        .leftJoin(customers, eq(customers.id, suppliers.customerId))
        .where(scope(licenseId, id));
      return row;
    },
    async insert(licenseId: number, values: SupplierValues) {
      const [row] = await db
        .insert(suppliers)
        .values({ ...values, licenseId })
        .returning();
      return row!;
    },
    async update(licenseId: number, id: number, values: Partial<SupplierValues>) {
      const [row] = await db.update(suppliers).set(values).where(scope(licenseId, id)).returning();
      return row;
    },
    async remove(licenseId: number, id: number) {
      const rows = await db.delete(suppliers).where(scope(licenseId, id)).returning({ id: suppliers.id });
      return rows.length > 0;
    },
  };
}
