import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countCapped, type ListSpec, likePattern, listClauses, type ZonedListQuery } from '../../lib/list.js';
import { foldForSearch } from '../../lib/search.js';
import { bookings } from '../bookings/bookings.table.js';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { customerFullName } from '../customers/customer-name.js';
import { customers } from '../customers/customers.table.js';
import { orderLines } from '../orders/order-lines.table.js';
import { products } from '../products/products.table.js';
import { giftVouchers } from './gift-vouchers.table.js';

export type GiftVoucherRow = typeof giftVouchers.$inferSelect;
export type GiftVoucherValues = Omit<
  typeof giftVouchers.$inferInsert,
  'id' | 'licenseId' | 'createdAt' | 'updatedAt' | 'usedBookings'
>;

/** The status as the contract's giftVoucherStatus computes it, in SQL: filterable and sortable. */
const status = sql<'active' | 'expired' | 'exhausted'>`(case
  when ${giftVouchers.expiresAt} <= now() then 'expired'
  when ${giftVouchers.usedBookings} >= ${giftVouchers.maximumBookings} then 'exhausted'
  else 'active' end)`;
const available = sql<number>`greatest(${giftVouchers.maximumBookings} - ${giftVouchers.usedBookings}, 0)`;

// Joined names for filters and sorts: primary-key lookups, which also work in the count query.
const productName = sql<string>`(select ${products.name} from ${products} where ${products.id} = ${giftVouchers.productId})`;
const customerOf = (column: typeof customers.name | typeof customers.surname | typeof customers.email) =>
  sql`(select ${column} from ${customers} where ${customers.id} = ${giftVouchers.customerId})`;

const listSpec: ListSpec = {
  fields: {
    id: { column: giftVouchers.id, type: 'number' },
    createdAt: { column: giftVouchers.createdAt, type: 'date' },
    productName: { column: productName, type: 'string' },
    code: { column: giftVouchers.code, type: 'string' },
    expiresAt: { column: giftVouchers.expiresAt, type: 'date' },
    status: { column: status, type: 'string' },
    maximumNumberOfBookings: { column: giftVouchers.maximumBookings, type: 'number' },
    numberOfAvailableBookings: { column: available, type: 'number' },
    customerName: { column: customerOf(customers.name), type: 'string' },
    customerSurname: { column: customerOf(customers.surname), type: 'string' },
    customerEmail: { column: customerOf(customers.email), type: 'string' },
    productId: { column: giftVouchers.productId, type: 'number' },
    customerId: { column: giftVouchers.customerId, type: 'number' },
  },
  // The search matches the code, or the buyer through the customers' trigram index (see list()).
  search: [],
  // The spec's "gift vouchers createdAt desc", served by gift_vouchers_license_created_idx.
  defaultOrder: { createdAt: 'desc' },
  tiebreaker: giftVouchers.id,
};

const itemColumns = {
  voucher: giftVouchers,
  status,
  productName: products.name,
  customerName: customers.name,
  customerSurname: customers.surname,
  customerEmail: customers.email,
};

export function createGiftVouchersRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) =>
    and(eq(giftVouchers.licenseId, licenseId), eq(giftVouchers.id, id));
  return {
    /** A page of the license's vouchers with their product and buyer; `query` matches the code or the buyer. */
    async list(licenseId: number, query: ZonedListQuery) {
      const { query: term, ...rest } = query;
      const c = listClauses(rest, listSpec, eq(giftVouchers.licenseId, licenseId));
      let where = c.where;
      if (term) {
        const code = likePattern(term.toUpperCase().replace(/\s/g, ''));
        const folded = likePattern(foldForSearch(term));
        where = and(
          where,
          sql`(${giftVouchers.code} like ${code} or ${giftVouchers.customerId} in (select ${customers.id}
            from ${customers} where ${customers.licenseId} = ${licenseId} and ${customers.searchText} like ${folded}))`,
        )!;
      }
      const [rows, count] = await Promise.all([
        db
          .select(itemColumns)
          .from(giftVouchers)
          .innerJoin(products, eq(products.id, giftVouchers.productId))
          .leftJoin(customers, eq(customers.id, giftVouchers.customerId))
          .where(where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
        countCapped(db, giftVouchers, where),
      ]);
      return { rows, count };
    },

    /** One voucher with its product, buyer and the order that sold it. */
    async find(licenseId: number, id: number) {
      const [row] = await db
        .select({ ...itemColumns, orderId: orderLines.orderId })
        .from(giftVouchers)
        .innerJoin(products, eq(products.id, giftVouchers.productId))
        .leftJoin(customers, eq(customers.id, giftVouchers.customerId))
        .leftJoin(orderLines, eq(orderLines.id, giftVouchers.orderLineId))
        .where(scope(licenseId, id));
      return row;
    },

    /** The bookings made with a voucher, latest first. */
    async bookingsOf(licenseId: number, voucherId: number) {
      return db
        .select({
          id: bookings.id,
          startsAt: bookings.startsAt,
          endsAt: bookings.endsAt,
          status: bookings.status,
          attended: bookings.attended,
          bookingCalendarId: bookings.bookingCalendarId,
          calendarName: bookingCalendars.name,
          customerId: bookings.customerId,
          customerName: customerFullName(),
        })
        .from(bookings)
        .innerJoin(bookingCalendars, eq(bookingCalendars.id, bookings.bookingCalendarId))
        .innerJoin(customers, eq(customers.id, bookings.customerId))
        .where(and(eq(bookings.licenseId, licenseId), eq(bookings.giftVoucherId, voucherId)))
        .orderBy(desc(bookings.startsAt), desc(bookings.id));
    },

    /** The voucher, locked until the transaction ends: its uses change one at a time. */
    async lock(licenseId: number, id: number) {
      const [row] = await db.select().from(giftVouchers).where(scope(licenseId, id)).for('update');
      return row;
    },

    /** The license's voucher with this code, locked until the transaction ends. */
    async lockByCode(licenseId: number, code: string) {
      const [row] = await db
        .select()
        .from(giftVouchers)
        .where(and(eq(giftVouchers.licenseId, licenseId), eq(giftVouchers.code, code)))
        .for('update');
      return row;
    },

    /** Inserts a voucher unless its code is taken (by any license): undefined then, to draw another. */
    async insertUnlessCodeTaken(licenseId: number, values: GiftVoucherValues) {
      const [row] = await db
        .insert(giftVouchers)
        .values({ ...values, licenseId })
        .onConflictDoNothing({ target: giftVouchers.code })
        .returning();
      return row;
    },

    /** Many vouchers in one statement (the demo data, which also dates and uses them). */
    async insertMany(
      licenseId: number,
      values: (GiftVoucherValues & { usedBookings?: number; createdAt?: Date; updatedAt?: Date })[],
    ) {
      if (!values.length) return [];
      return db
        .insert(giftVouchers)
        .values(values.map((v) => ({ ...v, licenseId })))
        .returning();
    },

    /** Uses (+1) or gives back (-1) one of its bookings; the table's check keeps it within 0..maximum. */
    async addUse(licenseId: number, id: number, delta: 1 | -1) {
      await db
        .update(giftVouchers)
        .set({ usedBookings: sql`${giftVouchers.usedBookings} + ${delta}`, updatedAt: new Date() })
        .where(scope(licenseId, id));
    },

    /** Gives back one use, never below zero. */
    async giveBackUse(licenseId: number, id: number) {
      await db
        .update(giftVouchers)
        .set({ usedBookings: sql`greatest(${giftVouchers.usedBookings} - 1, 0)`, updatedAt: new Date() })
        .where(scope(licenseId, id));
    },

    async setExpiry(licenseId: number, id: number, expiresAt: Date) {
      const [row] = await db
        .update(giftVouchers)
        .set({ expiresAt, updatedAt: new Date() })
        .where(scope(licenseId, id))
        .returning();
      return row;
    },

    async remove(licenseId: number, id: number) {
      const rows = await db
        .delete(giftVouchers)
        .where(scope(licenseId, id))
        .returning({ id: giftVouchers.id });
      return rows.length > 0;
    },

    /** Whether another booking of the voucher is still ahead (confirmed and not yet started). */
    async hasPendingBooking(licenseId: number, voucherId: number, now: Date) {
      const [row] = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.giftVoucherId, voucherId),
            eq(bookings.licenseId, licenseId),
            eq(bookings.status, 'confirmed'),
            gt(bookings.startsAt, now),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * The units of the order's lines of `bookable_gift` products that carry no booking: what a paid order
     * gives as vouchers.
     */
    async giftLinesOfOrder(licenseId: number, orderId: number) {
      return db
        .select({
          lineId: orderLines.id,
          productId: orderLines.productId,
          quantity: orderLines.quantity,
        })
        .from(orderLines)
        .innerJoin(products, eq(products.id, orderLines.productId))
        .where(
          and(
            eq(orderLines.licenseId, licenseId),
            eq(orderLines.orderId, orderId),
            eq(products.type, 'bookable_gift'),
            gt(orderLines.quantity, 0),
            // A gift line sold with its booking was booked already: no voucher for it.
            sql`not exists (select 1 from ${bookings} where ${bookings.orderLineId} = ${orderLines.id})`,
          ),
        )
        .orderBy(orderLines.id);
    },

    /**
     * Voids up to `units` unused vouchers of an order line (a refund of its gift cards): no booking counts
     * on them, and they are not voided already. Each expires now and keeps no bookings (maximum = used = 0),
     * so it stays on record but pays nothing. Locked first, oldest first. Answers how many the line gave
     * (0: not a voucher line) and how many were voided; fewer voided than `units` means some were used.
     */
    async voidUnusedOfLine(licenseId: number, orderLineId: number, units: number, now: Date) {
      const issued = await db
        .select({
          id: giftVouchers.id,
          used: giftVouchers.usedBookings,
          maximum: giftVouchers.maximumBookings,
        })
        .from(giftVouchers)
        .where(and(eq(giftVouchers.licenseId, licenseId), eq(giftVouchers.orderLineId, orderLineId)))
        .orderBy(giftVouchers.id)
        .for('update');
      const unused = issued.filter((v) => v.used === 0 && v.maximum > 0).slice(0, units);
      if (unused.length)
        await db
          .update(giftVouchers)
          .set({ expiresAt: now, maximumBookings: 0, updatedAt: now })
          .where(
            and(
              eq(giftVouchers.licenseId, licenseId),
              inArray(
                giftVouchers.id,
                unused.map((v) => v.id),
              ),
            ),
          );
      return { issued: issued.length, voided: unused.length };
    },

    async byIds(licenseId: number, ids: number[]) {
      if (!ids.length) return [];
      return db
        .select()
        .from(giftVouchers)
        .where(and(eq(giftVouchers.licenseId, licenseId), inArray(giftVouchers.id, ids)))
        .orderBy(giftVouchers.id);
    },
  };
}
export type GiftVouchersRepository = ReturnType<typeof createGiftVouchersRepository>;
