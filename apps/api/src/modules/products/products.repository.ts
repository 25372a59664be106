import type { Language } from '@mostrador/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countCapped, type ListSpec, likePattern, listClauses, type ZonedListQuery } from '../../lib/list.js';
import { foldForSearch } from '../../lib/search.js';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { subscriptions } from '../subscriptions/subscriptions.table.js';
import { suppliers } from '../suppliers/suppliers.table.js';
import { productPackItems, products, productTranslations } from './products.table.js';

export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'licenseId' | 'searchText'>;
export type TranslationRow = { language: Language; name: string | null; description: string | null };

/**
 * The calendar's name for filters and sorts: a primary-key lookup per product, which also works in the
 * count query (the page itself joins the calendar, see list()).
 */
const calendarName = sql<string | null>`(select ${bookingCalendars.name} from ${bookingCalendars}
  where ${bookingCalendars.id} = ${products.bookingCalendarId})`;
/** The supplier's name for filters and sorts, the same kind of lookup (the page joins the supplier). */
const supplierName = sql<string | null>`(select ${suppliers.name} from ${suppliers}
  where ${suppliers.id} = ${products.supplierId})`;

const listSpec: ListSpec = {
  fields: {
    id: { column: products.id, type: 'number' },
    image: { column: products.image, type: 'number' },
    reference: { column: products.reference, type: 'string' },
    name: { column: products.name, type: 'string' },
    description: { column: products.description, type: 'string' },
    type: { column: products.type, type: 'string' },
    sellOnline: { column: products.sellOnline, type: 'boolean' },
    status: { column: products.status, type: 'string' },
    price: { column: products.priceCents, type: 'money' },
    bookingCalendarName: { column: calendarName, type: 'string' },
    duration: { column: products.durationInMinutes, type: 'number' },
    supplier: { column: supplierName, type: 'string' },
    taxType: { column: products.taxId, type: 'number' },
    durationInMinutes: { column: products.durationInMinutes, type: 'number' },
    publicDuration: { column: products.publicDuration, type: 'number' },
    spacesOccupiedInTheCalendar: { column: products.spacesOccupiedInTheCalendar, type: 'number' },
    canCustomersChangeTheBookingDate: { column: products.canCustomersChangeTheBookingDate, type: 'boolean' },
    periodicityOfSubscriptionPayment: { column: products.periodicityOfSubscriptionPayment, type: 'string' },
    supplierCommissionType: { column: products.supplierCommissionType, type: 'string' },
    bookingCalendarId: { column: products.bookingCalendarId, type: 'number' },
    supplierId: { column: products.supplierId, type: 'number' },
    createdAt: { column: products.createdAt, type: 'date' },
    updatedAt: { column: products.updatedAt, type: 'date' },
  },
  // The search goes through the trigram-indexed column instead (see list()).
  search: [],
  // The spec's "translations.name asc": the name in the company's main language.
  defaultOrder: { name: 'asc' },
  tiebreaker: products.id,
};

const listColumns = {
  id: products.id,
  image: products.image,
  reference: products.reference,
  name: products.name,
  description: products.description,
  type: products.type,
  sellOnline: products.sellOnline,
  status: products.status,
  priceCents: products.priceCents,
  durationInMinutes: products.durationInMinutes,
  bookingCalendarName: bookingCalendars.name,
  supplierName: suppliers.name,
};

/**
 * Up to this many matches, sorting them is cheaper than walking the sort index until a page is found;
 * above it they are dense enough for the index walk to meet a page of them soon.
 */
const sortAfterMatchingBelow = 2000;

export function createProductsRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) =>
    and(eq(products.licenseId, licenseId), eq(products.id, id));
  return {
    /** The products a pack's sessions pay for, by id. */
    async packProductIds(licenseId: number, packId: number): Promise<number[]> {
      const rows = await db
        .select({ productId: productPackItems.productId })
        .from(productPackItems)
        .where(and(eq(productPackItems.licenseId, licenseId), eq(productPackItems.packId, packId)))
        .orderBy(productPackItems.productId);
      return rows.map((r) => r.productId);
    },
    /** Replaces the products a pack's sessions pay for. */
    async replacePackProducts(licenseId: number, packId: number, productIds: readonly number[]) {
      await db
        .delete(productPackItems)
        .where(and(eq(productPackItems.licenseId, licenseId), eq(productPackItems.packId, packId)));
      if (productIds.length)
        await db
          .insert(productPackItems)
          .values([...new Set(productIds)].map((productId) => ({ licenseId, packId, productId })));
    },
    /** Whether any subscription (of any status) is to the product. */
    async hasSubscriptions(licenseId: number, productId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.licenseId, licenseId), eq(subscriptions.productId, productId)))
        .limit(1);
      return row !== undefined;
    },
    /** Of `ids`, those that are the license's products booked on a calendar. */
    async bookableIds(licenseId: number, ids: readonly number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.licenseId, licenseId),
            inArray(products.id, [...ids]),
            inArray(products.type, ['bookable', 'bookable_gift', 'bookings_subscription']),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },
    async list(licenseId: number, query: ZonedListQuery) {
      const { query: term, ...rest } = query;
      const c = listClauses(rest, listSpec, eq(products.licenseId, licenseId));
      // Only the page's rows meet the join: the sort index walks products alone.
      const page = (where: SQL) =>
        db
          .select(listColumns)
          .from(products)
          .leftJoin(
            bookingCalendars,
            and(
              eq(bookingCalendars.id, products.bookingCalendarId),
              eq(bookingCalendars.licenseId, products.licenseId),
            ),
          )
          .leftJoin(
            suppliers,
            and(eq(suppliers.id, products.supplierId), eq(suppliers.licenseId, products.licenseId)),
          )
          .where(where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset);
      if (!term) {
        const [rows, count] = await Promise.all([page(c.where), countCapped(db, products, c.where)]);
        return { rows, count };
      }
      const matches = and(c.where, sql`${products.searchText} like ${likePattern(foldForSearch(term))}`)!;
      const count = await countCapped(db, products, matches);
      if (count > sortAfterMatchingBelow) return { rows: await page(matches), count };
      // Few matches: the trigram index picks them first and they are sorted after.
      const ids = sql`array(select ${products.id} from ${products} where ${matches})`;
      return {
        rows: await page(and(eq(products.licenseId, licenseId), sql`${products.id} = any(${ids})`)!),
        count,
      };
    },
    async find(licenseId: number, id: number) {
      const [row] = await db.select().from(products).where(scope(licenseId, id));
      return row;
    },
    /** The product, locked until the transaction ends: an order line cannot take it meanwhile. */
    async lock(licenseId: number, id: number) {
      const [row] = await db.select().from(products).where(scope(licenseId, id)).for('update');
      return row;
    },
    /**
     * The license's products among `ids`, locked in share mode until the transaction ends: an order
     * selling them and a type change (which locks for update) take turns.
     */
    async findManyForShare(licenseId: number, ids: number[]) {
      if (!ids.length) return [];
      return db
        .select()
        .from(products)
        .where(and(eq(products.licenseId, licenseId), inArray(products.id, ids)))
        .orderBy(products.id)
        .for('share');
    },
    async findByReference(licenseId: number, reference: string) {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(eq(products.licenseId, licenseId), sql`lower(${products.reference}) = lower(${reference})`),
        );
      return row;
    },
    async insert(licenseId: number, values: ProductValues) {
      const [row] = await db
        .insert(products)
        .values({ ...values, licenseId })
        .returning();
      return row!;
    },
    async update(licenseId: number, id: number, values: Partial<ProductValues>) {
      const [row] = await db.update(products).set(values).where(scope(licenseId, id)).returning();
      return row;
    },
    async remove(licenseId: number, id: number) {
      const rows = await db.delete(products).where(scope(licenseId, id)).returning({ id: products.id });
      return rows.length > 0;
    },
    async translations(licenseId: number, productId: number): Promise<TranslationRow[]> {
      return db
        .select({
          language: productTranslations.language,
          name: productTranslations.name,
          description: productTranslations.description,
        })
        .from(productTranslations)
        .where(
          and(eq(productTranslations.licenseId, licenseId), eq(productTranslations.productId, productId)),
        );
    },
    async saveTranslation(licenseId: number, productId: number, t: TranslationRow) {
      await db
        .insert(productTranslations)
        .values({ licenseId, productId, ...t })
        .onConflictDoUpdate({
          target: [productTranslations.productId, productTranslations.language],
          set: { name: t.name, description: t.description },
        });
    },
    async removeTranslations(licenseId: number, productId: number, languages: Language[]) {
      if (!languages.length) return;
      await db
        .delete(productTranslations)
        .where(
          and(
            eq(productTranslations.licenseId, licenseId),
            eq(productTranslations.productId, productId),
            inArray(productTranslations.language, languages),
          ),
        );
    },
    /**
     * One language's texts of a page of products, beside their own (main-language) texts. `translated`
     * filters on whether that language has a name; the search is the product list's.
     */
    async listTranslations(licenseId: number, language: Language, query: ZonedListQuery) {
      const { query: term, ...rest } = query;
      const translated = sql<boolean>`exists (select 1 from ${productTranslations} pt
        where pt.product_id = ${products.id} and pt.language = ${language} and pt.name is not null)`;
      const spec: ListSpec = {
        fields: {
          id: listSpec.fields.id!,
          reference: listSpec.fields.reference!,
          name: listSpec.fields.name!,
          translated: { column: translated, type: 'boolean' },
        },
        search: [],
        defaultOrder: { name: 'asc' },
        tiebreaker: products.id,
      };
      const c = listClauses(rest, spec, eq(products.licenseId, licenseId));
      const where = term
        ? and(c.where, sql`${products.searchText} like ${likePattern(foldForSearch(term))}`)!
        : c.where;
      const [rows, count] = await Promise.all([
        db
          .select({
            id: products.id,
            reference: products.reference,
            name: products.name,
            description: products.description,
            translatedName: productTranslations.name,
            translatedDescription: productTranslations.description,
          })
          .from(products)
          .leftJoin(
            productTranslations,
            and(eq(productTranslations.productId, products.id), eq(productTranslations.language, language)),
          )
          .where(where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
        countCapped(db, products, where),
      ]);
      return { rows, count };
    },
    /**
     * The company's main language changes from `from` to `to`: the texts in `from` are kept as its
     * translations, and each product takes its `to` texts as its name and description where it has them.
     */
    async adoptMainLanguage(licenseId: number, from: Language, to: Language) {
      await db.execute(sql`
        insert into ${productTranslations} (license_id, product_id, language, name, description)
        select license_id, id, ${from}, name, description from ${products} where license_id = ${licenseId}
        on conflict (product_id, language) do nothing`);
      await db.execute(sql`
        update ${products} p set name = t.name, description = t.description, updated_at = now()
        from ${productTranslations} t
        where p.license_id = ${licenseId} and t.license_id = ${licenseId} and t.product_id = p.id
          and t.language = ${to} and t.name is not null`);
    },
  };
}
