import { maxCountedRows, phoneSearchDigits } from '@mostrador/contract';
import { type AnyColumn, and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  countCapped,
  type ListSpec,
  likePattern,
  listClauses,
  readingAnExport,
  type ZonedListQuery,
} from '../../lib/list.js';
import { foldForSearch } from '../../lib/search.js';
import { bookings } from '../bookings/bookings.table.js';
import { customFields } from '../custom-fields/custom-fields.table.js';
import { orders } from '../orders/orders.table.js';
import { customerCustomFieldValues, customers } from './customers.table.js';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerValues = Omit<
  typeof customers.$inferInsert,
  'id' | 'licenseId' | 'searchText' | 'phoneDigits'
>;

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
  city: customers.city,
  createdAt: customers.createdAt,
  /**
   * The customer's custom field values (the list's optional columns), read with the page in the same
   * statement (a primary-key probe per row) rather than by one more round trip; empty ones left out.
   * Named in full: drizzle writes a one-table query's columns bare, which the subquery's own would take.
   */
  customFields: sql<
    { customFieldId: number; value: string | null }[]
  >`(select coalesce(json_agg(json_build_object('customFieldId', v.custom_field_id, 'value', v.value) order by v.custom_field_id), '[]'::json) from ${customerCustomFieldValues} v where v.customer_id = "customers"."id" and v.license_id = "customers"."license_id" and coalesce(v.value, '') <> '')`,
};

/**
 * An export's search (every match, through a cursor): up to this many matches, sorting them is cheaper
 * than walking the sort index until a page is found; above it the index walk meets a page of them soon.
 */
const sortAfterMatchingBelow = 2000;

/**
 * What a search term matches: the folded search column; and a term that reads as a phone also by the
 * phone's digits, with or without its country code ("689 921 849", "+34 689-921-849", "0034 689921849").
 */
function searchCondition(term: string): SQL {
  const text = sql`${customers.searchText} like ${likePattern(foldForSearch(term))}`;
  const digits = phoneSearchDigits(term);
  if (!digits) return text;
  // The digits stored carry the country code: "689 921 849" is found inside "34689921849".
  return or(text, sql`${customers.phoneDigits} like ${likePattern(digits)}`)!;
}

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
      const matches = and(c.where, searchCondition(term))!;
      // An export reads past the cap and counts every match (lib/list.ts, readingForExport): the count is
      // lib/list.ts's own.
      if (readingAnExport()) {
        const count = await countCapped(db, customers, matches);
        if (count > sortAfterMatchingBelow) return { rows: await page(matches), count };
        const ids = sql`array(select ${customers.id} from ${customers} where ${matches})`;
        return {
          rows: await page(and(eq(customers.licenseId, licenseId), sql`${customers.id} = any(${ids})`)!),
          count,
        };
      }
      // One statement: the matches, at most one past the cap, are read once through the trigram index
      // (their id and sort columns), counted by a window over them and sorted in memory for the page's
      // keys, whatever the order asked; then the page's rows and columns are read by key. Walking the
      // sort's index instead costs little for a dense term's first page, but grows with the page (page
      // 20 of "garcía": 30 → 10 ms) and skips most of the license for a rare term that clusters (one
      // name). The matches' subquery is named as the table, so the list's ORDER BY applies to it as is.
      const orders = rest.orders && Object.keys(rest.orders).length ? rest.orders : listSpec.defaultOrder;
      // The columns the ORDER BY reads, once each (two fields may name one column), by their own name.
      const sortColumns = Object.fromEntries(
        Object.keys(orders).map((field) => {
          const column = listSpec.fields[field]!.column as AnyColumn;
          return [column.name, column];
        }),
      );
      const capped = db
        .select({ ...sortColumns, id: customers.id })
        .from(customers)
        .where(matches)
        .limit(maxCountedRows + 1)
        .as('customers');
      const keys = db
        .select({
          key: sql<number>`"customers"."id"`.as('key'),
          matched: sql<number>`count(*) over ()`.as('matched'),
        })
        .from(capped)
        .orderBy(...c.orderBy)
        .limit(c.limit)
        .offset(c.offset)
        .as('page_keys');
      const rows = await db
        .select({ ...listColumns, matched: sql<number>`${keys.matched}::int` })
        .from(customers)
        .innerJoin(keys, eq(keys.key, customers.id))
        .orderBy(...c.orderBy);
      const count = rows[0]?.matched ?? (c.offset ? await countCapped(db, customers, matches) : 0);
      // Beyond the cap the matches read are not all of them: the page walks the sort's index instead.
      if (count > maxCountedRows) return { rows: await page(matches), count };
      return { rows: rows.map(({ matched: _, ...row }) => row), count };
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
    /** The figures of a customer's bookings; `now` splits upcoming from past (bookings_customer_idx). */
    async bookingFigures(licenseId: number, customerId: number, now: Date) {
      const confirmed = sql`${bookings.status} = 'confirmed'`;
      const started = sql`${bookings.startsAt} <= ${now.toISOString()}`;
      const [row] = await db
        .select({
          upcoming: sql<number>`count(*) filter (where ${confirmed} and not ${started})::int`,
          past: sql<number>`count(*) filter (where ${confirmed} and ${started})::int`,
          attended: sql<number>`count(*) filter (where ${confirmed} and ${bookings.attended} is true)::int`,
          notAttended: sql<number>`count(*) filter (where ${confirmed} and ${bookings.attended} is false)::int`,
          cancelled: sql<number>`count(*) filter (where ${bookings.status} = 'cancelled')::int`,
          nextBooking:
            sql<Date | null>`min(${bookings.startsAt}) filter (where ${confirmed} and not ${started})`.mapWith(
              bookings.startsAt,
            ),
          lastVisit:
            sql<Date | null>`max(${bookings.startsAt}) filter (where ${confirmed} and ${started} and ${bookings.attended} is not false)`.mapWith(
              bookings.startsAt,
            ),
        })
        .from(bookings)
        .where(and(eq(bookings.licenseId, licenseId), eq(bookings.customerId, customerId)));
      return row!;
    },
    /**
     * The figures of a customer's sales in cents: paid ones (refunded since included) and their refunds,
     * which are paid orders of negative total pointing at the original (orders_customer_idx). Sums count
     * money only: an order paid with the customer's credit spends what the credit's sale already counted
     * (and its refund gives credit back, not money).
     */
    async orderFigures(licenseId: number, customerId: number) {
      const sale = sql`${orders.originalOrderId} is null`;
      const paid = sql`${orders.status} in ('paid', 'refunded') and ${orders.paymentMethod} <> 'credit'`;
      const paidAny = sql`${orders.status} in ('paid', 'refunded')`;
      const [row] = await db
        .select({
          orders: sql<number>`count(*) filter (where ${sale})::int`,
          paidOrders: sql<number>`count(*) filter (where ${sale} and ${paidAny})::int`,
          refunds: sql<number>`count(*) filter (where not ${sale} and ${paidAny})::int`,
          paidCents: sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${sale} and ${paid}), 0)`,
          refundedCents: sql<string>`coalesce(-sum(${orders.totalCents}) filter (where not ${sale} and ${paid}), 0)`,
          lastOrderAt: sql<Date | null>`max(${orders.createdAt}) filter (where ${sale})`.mapWith(
            orders.createdAt,
          ),
        })
        .from(orders)
        .where(and(eq(orders.licenseId, licenseId), eq(orders.customerId, customerId)));
      return row!;
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
    /** The license's customer fields among `ids`, with what a value of each must fit. */
    async customerFields(licenseId: number, ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({ id: customFields.id, type: customFields.type, options: customFields.options })
        .from(customFields)
        .where(
          and(
            eq(customFields.licenseId, licenseId),
            eq(customFields.entity, 'customer'),
            inArray(customFields.id, ids),
          ),
        );
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
