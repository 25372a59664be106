import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countCapped, type ListSpec, likePattern, listClauses, type ZonedListQuery } from '../../lib/list.js';
import { foldForSearch } from '../../lib/search.js';
import { customFields } from '../custom-fields/custom-fields.table.js';
import { customerCustomFieldValues, customers } from './customers.table.js';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerValues = Omit<typeof customers.$inferInsert, 'id' | 'licenseId' | 'searchText'>;

const listSpec: ListSpec = {
  fields: {
    id: { column: customers.id, type: 'number' },
    companyName: { column: customers.company, type: 'string' },
    vat: { column: customers.vat, type: 'string' },
    contactName: { column: customers.name, type: 'string' },
    contactSurname: { column: customers.surname, type: 'string' },
    contactEmail: { column: customers.email, type: 'string' },
    contactPhone: { column: customers.phone, type: 'string' },
    notes: { column: customers.notes, type: 'string' },
    createdAt: { column: customers.createdAt, type: 'date' },
    name: { column: customers.name, type: 'string' },
    surname: { column: customers.surname, type: 'string' },
    company: { column: customers.company, type: 'string' },
    email: { column: customers.email, type: 'string' },
    phone: { column: customers.phone, type: 'string' },
    birthdate: { column: customers.birthdate, type: 'day' },
    gender: { column: customers.gender, type: 'string' },
    street: { column: customers.street, type: 'string' },
    streetNumber: { column: customers.streetNumber, type: 'string' },
    city: { column: customers.city, type: 'string' },
    state: { column: customers.state, type: 'string' },
    postalCode: { column: customers.postalCode, type: 'string' },
    country: { column: customers.country, type: 'string' },
    updatedAt: { column: customers.updatedAt, type: 'date' },
  },
  // The search goes through the trigram-indexed column instead (see list()).
  search: [],
  defaultOrder: { contactName: 'asc' },
  tiebreaker: customers.id,
};

const listColumns = {
  id: customers.id,
  companyName: customers.company,
  vat: customers.vat,
  contactName: customers.name,
  contactSurname: customers.surname,
  contactEmail: customers.email,
  contactPhone: customers.phone,
  image: customers.image,
  notes: customers.notes,
  createdAt: customers.createdAt,
};

/**
 * Up to this many matches, sorting them is cheaper than walking the sort index until a page is found;
 * above it they are dense enough for the index walk to meet a page of them soon.
 */
const sortAfterMatchingBelow = 2000;

export function createCustomersRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) =>
    and(eq(customers.licenseId, licenseId), eq(customers.id, id));
  return {
    async list(licenseId: number, query: ZonedListQuery) {
      const { query: term, ...rest } = query;
      const c = listClauses(rest, listSpec, eq(customers.licenseId, licenseId));
      const page = (where: SQL) =>
        db
          .select(listColumns)
          .from(customers)
          .where(where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset);
      if (!term) {
        const [rows, count] = await Promise.all([page(c.where), countCapped(db, customers, c.where)]);
        return { rows, count };
      }
      const matches = and(c.where, sql`${customers.searchText} like ${likePattern(foldForSearch(term))}`)!;
      const count = await countCapped(db, customers, matches);
      if (count > sortAfterMatchingBelow) return { rows: await page(matches), count };
      // Few matches: walking the sort index would skip over most of the license before finding them
      // (they cluster, e.g. one name), so the trigram index picks them first and they are sorted after.
      const ids = sql`array(select ${customers.id} from ${customers} where ${matches})`;
      return {
        rows: await page(and(eq(customers.licenseId, licenseId), sql`${customers.id} = any(${ids})`)!),
        count,
      };
    },
    async find(licenseId: number, id: number) {
      const [row] = await db.select().from(customers).where(scope(licenseId, id));
      return row;
    },
    async findByEmail(licenseId: number, email: string) {
      const [row] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.licenseId, licenseId), sql`lower(${customers.email}) = lower(${email})`));
      return row;
    },
    async insert(licenseId: number, values: CustomerValues) {
      const [row] = await db
        .insert(customers)
        .values({ ...values, licenseId })
        .returning();
      return row!;
    },
    async update(licenseId: number, id: number, values: CustomerValues) {
      const [row] = await db.update(customers).set(values).where(scope(licenseId, id)).returning();
      return row;
    },
    async remove(licenseId: number, id: number) {
      const rows = await db.delete(customers).where(scope(licenseId, id)).returning({ id: customers.id });
      return rows.length > 0;
    },
    async customFieldValues(licenseId: number, customerId: number) {
      return db
        .select({
          customFieldId: customerCustomFieldValues.customFieldId,
          value: customerCustomFieldValues.value,
        })
        .from(customerCustomFieldValues)
        .where(
          and(
            eq(customerCustomFieldValues.licenseId, licenseId),
            eq(customerCustomFieldValues.customerId, customerId),
          ),
        )
        .orderBy(asc(customerCustomFieldValues.customFieldId));
    },
    /** The ids among `ids` that are customer fields of this license. */
    async customerFieldIds(licenseId: number, ids: number[]) {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: customFields.id })
        .from(customFields)
        .where(
          and(
            eq(customFields.licenseId, licenseId),
            eq(customFields.entity, 'customer'),
            inArray(customFields.id, ids),
          ),
        );
      return rows.map((r) => r.id);
    },
    async setCustomFieldValues(
      licenseId: number,
      customerId: number,
      values: { customFieldId: number; value: string | null }[],
    ) {
      await db
        .delete(customerCustomFieldValues)
        .where(
          and(
            eq(customerCustomFieldValues.licenseId, licenseId),
            eq(customerCustomFieldValues.customerId, customerId),
          ),
        );
      if (values.length) {
        await db
          .insert(customerCustomFieldValues)
          .values(values.map((v) => ({ ...v, licenseId, customerId })));
      }
    },
  };
}
