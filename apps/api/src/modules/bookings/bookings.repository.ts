import type { OrderStatus } from '@mostrador/contract';
import { and, eq, gt, gte, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { fixedStatement } from '../../db/fixed-statement.js';
import {
  isUnfiltered,
  type JsonItemFields,
  jsonEuros,
  jsonInstant,
  keysFirstPage,
  keysFirstPageJson,
  type ListSpec,
  likePattern,
  listClauses,
  type ZonedListQuery,
} from '../../lib/list.js';
import { foldForSearch } from '../../lib/search.js';
import { customerBalances } from '../balances/balances.table.js';
import type { AnomalyPeriod, BookingTriples, ExistingBooking } from '../calendars/availability.js';
import { bookingCalendarAnomalies, bookingCalendars } from '../calendars/calendars.table.js';
import { customerFullName } from '../customers/customer-name.js';
import { customers } from '../customers/customers.table.js';
import { giftVouchers } from '../gift-vouchers/gift-vouchers.table.js';
import { googleBusyBetween, googleBusySpaces } from '../google-calendar/google-calendar.repository.js';
import { googleBusyTimes } from '../google-calendar/google-calendar.table.js';
import {
  type MailAttachmentDraft,
  mailInsertCtes,
  mailInsertValues,
  type NewMail,
} from '../mails/mails.repository.js';
import { orderLines } from '../orders/order-lines.table.js';
import { orders } from '../orders/orders.table.js';
import type { ProductRow } from '../products/products.repository.js';
import { products } from '../products/products.table.js';
import { companySettings } from '../settings/settings.table.js';
import { subscriptions } from '../subscriptions/subscriptions.table.js';
import { bookingHolds } from './booking-holds.table.js';
import { bookings } from './bookings.table.js';

/** The product of the pack balance that paid a booking (products is joined as the booked one). */
const packProducts = alias(products, 'pack_products');
/** The product of the program subscription that made a booking free. */
const programProducts = alias(products, 'program_products');

export type BookingRow = typeof bookings.$inferSelect;
export type BookingValues = Omit<
  typeof bookings.$inferInsert,
  'id' | 'licenseId' | 'createdAt' | 'updatedAt'
>;
/**
 * A booking as the API answers it: its row, the order its order line belongs to, the voucher or the pack
 * (its product's name) that paid it.
 */
export type BookingRecord = BookingRow & {
  orderId: number | null;
  giftVoucherCode: string | null;
  balanceName: string | null;
  subscriptionName: string | null;
};

/**
 * No booking lasts longer than a product may (durationInMinutes ≤ 43,200 minutes, 30 days, by the
 * contract): the bookings overlapping an instant started less than this before it, which bounds the
 * index range a capacity check reads.
 */
export const longestBookingMs = 43_200 * 60_000;

/**
 * The spaces the live holds of a calendar (checkouts being paid: `state = 'held'`, not expired by the
 * database's clock) overlapping [from, to) take, grouped by interval: they count as confirmed bookings in
 * every room check and availability read, so nobody books or pays for a place someone is paying for.
 */
export async function liveHoldsBetween(
  db: DbOrTx,
  licenseId: number,
  calendarId: number,
  from: Date,
  to: Date,
): Promise<ExistingBooking[]> {
  const h = bookingHolds;
  return db
    .select({
      startsAt: h.startsAt,
      endsAt: h.endsAt,
      spaces: sql<number>`sum(${h.spaces})::int`.mapWith(Number),
    })
    .from(h)
    .where(
      and(
        eq(h.bookingCalendarId, calendarId),
        eq(h.state, 'held'),
        sql`${h.expiresAt} > now()`,
        gt(h.startsAt, new Date(from.getTime() - longestBookingMs)),
        lt(h.startsAt, to),
        gt(h.endsAt, from),
        eq(h.licenseId, licenseId),
      ),
    )
    .groupBy(h.startsAt, h.endsAt);
}

/**
 * The anomalies as the one-statement reads give them (`roomReads` here and availability-reads.ts): one
 * text value of comma-separated triples (type, start, end; instants as epoch milliseconds), as periods.
 */
export function decodeAnomalies(text: string | null | undefined): AnomalyPeriod[] {
  const anomalies: AnomalyPeriod[] = [];
  const closedOrOpen = text ? text.split(',') : [];
  for (let i = 0; i < closedOrOpen.length; i += 3) {
    anomalies.push({
      type: closedOrOpen[i] as AnomalyPeriod['type'],
      startsAt: new Date(Number(closedOrOpen[i + 1])),
      endsAt: new Date(Number(closedOrOpen[i + 2])),
    });
  }
  return anomalies;
}

/**
 * The occupancy of a one-statement read (`occupancyOf`: start, end, spaces, ...: integers, instants as epoch
 * milliseconds) as the engine's flat triples, read digit by digit: no string nor `Date` per value
 * (~1,500 intervals for 60 days of a busy calendar: 0.9 → 0.3 ms). Anything but an optional minus sign
 * and up to 15 digits between the commas is read by `Number` instead.
 */
export function decodeOccupancy(text: string | null | undefined): BookingTriples {
  if (!text) return new Float64Array(0);
  const values = new Float64Array(Math.ceil(text.length / 2) + 1);
  let n = 0;
  let value = 0;
  let digits = 0;
  let negative = false;
  const other = () => Float64Array.from(text.split(','), Number);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      if (!digits) return other();
      values[n++] = negative ? -value : value;
      value = 0;
      digits = 0;
      negative = false;
    } else if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      // Past 15 digits the sum may round otherwise than Number's reading.
      if (++digits > 15) return other();
    } else if (c === 45 && !digits && !negative) negative = true;
    else return other();
  }
  if (!digits) return other();
  values[n++] = negative ? -value : value;
  return values.subarray(0, n);
}

/** Up to this many customers or products matching a search are passed as ids (see matching()). */
const fewMatches = 1000;

// The joined names for filters and sorts: primary-key lookups per booking, which also work in the count
// query (the page itself joins, see list()).
const productName = sql<string>`(select ${products.name} from ${products} where ${products.id} = ${bookings.productId})`;
const productImage = sql<
  number | null
>`(select ${products.image} from ${products} where ${products.id} = ${bookings.productId})`;
const calendarName = sql<string>`(select ${bookingCalendars.name} from ${bookingCalendars}
  where ${bookingCalendars.id} = ${bookings.bookingCalendarId})`;
const customerOf = (expression: SQL) =>
  sql`(select ${expression} from ${customers} where ${customers.id} = ${bookings.customerId})`;

const listSpec: ListSpec = {
  fields: {
    id: { column: bookings.id, type: 'number' },
    date: { column: bookings.startsAt, type: 'date' },
    image: { column: productImage, type: 'number' },
    notes: { column: bookings.notes, type: 'string' },
    price: { column: bookings.priceCents, type: 'money' },
    // bigint: a large unit price times a large quantity overflows an integer.
    amount: { column: sql`(${bookings.priceCents}::bigint * ${bookings.quantity})`, type: 'money' },
    status: { column: bookings.status, type: 'string' },
    quantity: { column: bookings.quantity, type: 'number' },
    duration: {
      column: sql`(extract(epoch from ${bookings.endsAt} - ${bookings.startsAt}) / 60)::int`,
      type: 'number',
    },
    productName: { column: productName, type: 'string' },
    calendarName: { column: calendarName, type: 'string' },
    customerName: { column: customerOf(customerFullName()), type: 'string' },
    customerEmail: { column: customerOf(sql`${customers.email}`), type: 'string' },
    customerPhone: { column: customerOf(sql`${customers.phone}`), type: 'string' },
    bookingCalendarId: { column: bookings.bookingCalendarId, type: 'number' },
    productId: { column: bookings.productId, type: 'number' },
    customerId: { column: bookings.customerId, type: 'number' },
    startsAt: { column: bookings.startsAt, type: 'date' },
    endsAt: { column: bookings.endsAt, type: 'date' },
    attended: { column: bookings.attended, type: 'boolean' },
    createdAt: { column: bookings.createdAt, type: 'date' },
  },
  // The search goes through the customers' and products' trigram-indexed columns instead (see list()).
  search: [],
  // The spec's "bookings date desc", served by bookings_license_starts_idx.
  defaultOrder: { date: 'desc' },
  tiebreaker: bookings.id,
};

/**
 * A page's columns: the booking's own, the names by primary key as scalar subqueries (products,
 * calendars and customers are never missing: not-null foreign keys), read for the page's rows only
 * (see keysFirstPage). An export reads the same columns through joins (`joinedColumns`).
 */
const listColumns = {
  id: bookings.id,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  notes: bookings.notes,
  priceCents: bookings.priceCents,
  quantity: bookings.quantity,
  status: bookings.status,
  attended: bookings.attended,
  bookingCalendarId: bookings.bookingCalendarId,
  productId: bookings.productId,
  customerId: bookings.customerId,
  image: productImage,
  productName,
  calendarName,
  customerName: customerOf(sql`${customers.name}`) as SQL<string>,
  customerSurname: customerOf(sql`${customers.surname}`) as SQL<string | null>,
  customerEmail: customerOf(sql`${customers.email}`) as SQL<string | null>,
  customerPhone: customerOf(sql`${customers.phone}`) as SQL<string | null>,
  orderId: sql<number | null>`(select ${orderLines.orderId} from ${orderLines}
    where ${orderLines.id} = ${bookings.orderLineId})`,
  orderStatus: sql<OrderStatus | null>`(select (select ${orders.status} from ${orders} where ${orders.id} = ${orderLines.orderId})
    from ${orderLines} where ${orderLines.id} = ${bookings.orderLineId})`,
  giftVoucherCode: sql<string | null>`(select ${giftVouchers.code} from ${giftVouchers}
    where ${giftVouchers.id} = ${bookings.giftVoucherId})`,
  balanceName: sql<string | null>`(select (select ${products.name} from ${products}
    where ${products.id} = ${customerBalances.productId})
    from ${customerBalances} where ${customerBalances.id} = ${bookings.balanceId})`,
  subscriptionName: sql<string | null>`(select (select ${products.name} from ${products}
    where ${products.id} = ${subscriptions.productId})
    from ${subscriptions} where ${subscriptions.id} = ${bookings.subscriptionId})`,
};
/**
 * The list's items as the API answers them (BookingListItem, the service's `list` mapping), written by
 * PostgreSQL (keysFirstPageJson): the same names by primary key, instants and euros in the response's
 * encoding, the customer's name and surname joined as the service joins them.
 */
const listJson: JsonItemFields = {
  id: bookings.id,
  date: jsonInstant(bookings.startsAt),
  image: productImage,
  notes: bookings.notes,
  price: jsonEuros(bookings.priceCents),
  amount: jsonEuros(sql`(${bookings.priceCents}::bigint * ${bookings.quantity})`),
  status: bookings.status,
  quantity: bookings.quantity,
  duration: sql`round((extract(epoch from ${bookings.endsAt} - ${bookings.startsAt}) / 60)::numeric)::int`,
  productName,
  calendarName,
  customerName: customerOf(sql`case when coalesce(${customers.surname}, '') <> ''
    then ${customers.name} || ' ' || ${customers.surname} else ${customers.name} end`),
  customerEmail: listColumns.customerEmail,
  customerPhone: listColumns.customerPhone,
  bookingCalendarId: bookings.bookingCalendarId,
  productId: bookings.productId,
  customerId: bookings.customerId,
  startsAt: jsonInstant(bookings.startsAt),
  endsAt: jsonInstant(bookings.endsAt),
  attended: bookings.attended,
  orderId: listColumns.orderId,
  orderStatus: listColumns.orderStatus,
  giftVoucherCode: listColumns.giftVoucherCode,
  balanceName: listColumns.balanceName,
  subscriptionName: listColumns.subscriptionName,
};
const joinedColumns = {
  ...listColumns,
  image: products.image,
  productName: products.name,
  calendarName: bookingCalendars.name,
  customerName: customers.name,
  customerSurname: customers.surname,
  customerEmail: customers.email,
  customerPhone: customers.phone,
  orderId: orderLines.orderId,
  orderStatus: orders.status,
  giftVoucherCode: giftVouchers.code,
  balanceName: packProducts.name,
  subscriptionName: programProducts.name,
};
const recordColumns = {
  booking: bookings,
  orderId: orderLines.orderId,
  giftVoucherCode: giftVouchers.code,
  balanceName: packProducts.name,
  subscriptionName: programProducts.name,
};

export const p = (name: string) => sql.placeholder(name);
export const epochMs = (instant: SQL) => sql`(extract(epoch from ${instant}) * 1000)::bigint`;
/**
 * The spaces a calendar's confirmed bookings, live holds and Google busy times take over
 * [from, `to`), each grouped by interval on its own, as one text of epoch-millisecond triples
 * (`decodeOccupancy`); `except` narrows the bookings (a booking's own row when it moves). Placeholders:
 * calendarId, licenseId, earliestStart, from.
 */
export const occupancyOf = (
  to: SQL,
  except: SQL = sql``,
) => sql`(select string_agg(concat_ws(',', ${epochMs(sql`taken.starts_at`)}, ${epochMs(sql`taken.ends_at`)}, taken.spaces), ',')
      from (select b.starts_at, b.ends_at, sum(b.spaces) as spaces from ${bookings} b
        where b.booking_calendar_id = ${p('calendarId')}::int and b.status = 'confirmed'
          and b.starts_at > ${p('earliestStart')}::timestamptz and b.starts_at < ${to}
          and b.ends_at > ${p('from')}::timestamptz and b.license_id = ${p('licenseId')}::int
          ${except}
        group by b.starts_at, b.ends_at
        union all
        select h.starts_at, h.ends_at, sum(h.spaces) from ${bookingHolds} h
        where h.booking_calendar_id = ${p('calendarId')}::int and h.state = 'held' and h.expires_at > now()
          and h.starts_at > ${p('earliestStart')}::timestamptz and h.starts_at < ${to}
          and h.ends_at > ${p('from')}::timestamptz and h.license_id = ${p('licenseId')}::int
        group by h.starts_at, h.ends_at
        union all
        select g.starts_at, g.ends_at, ${sql.raw(String(googleBusySpaces))} from ${googleBusyTimes} g
        where g.booking_calendar_id = ${p('calendarId')}::int
          and g.starts_at > ${p('earliestStart')}::timestamptz and g.starts_at < ${to}
          and g.ends_at > ${p('from')}::timestamptz and g.license_id = ${p('licenseId')}::int) taken)`;

/**
 * What creating a booking reads before its transaction, in one statement: the product (null columns when
 * it is not the license's), whether the calendar is the license's (with its name), the customer (with
 * the name, address and language its mail needs), the company's settings row, and, when all three were
 * found, the booking's id drawn from its identity sequence (the mail, rendered before the booking is
 * written, tells it).
 */
const creationReadsStatement = fixedStatement<{
  product_id: number | null;
  product_type: string | null;
  product_name: string | null;
  duration_in_minutes: number | null;
  product_calendar_id: number | null;
  spaces_occupied_in_the_calendar: number | null;
  price_cents: number | null;
  calendar_id: number | null;
  calendar_name: string | null;
  customer_id: number | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_language: string | null;
  settings_data: Record<string, unknown> | null;
  settings_secrets: Record<string, string> | null;
  next_id: number | null;
}>(
  'booking_creation_reads',
  sql`select ${products.id} as product_id, ${products.type} as product_type, ${products.name} as product_name,
      ${products.durationInMinutes} as duration_in_minutes, ${products.bookingCalendarId} as product_calendar_id,
      ${products.spacesOccupiedInTheCalendar} as spaces_occupied_in_the_calendar, ${products.priceCents} as price_cents,
      ${bookingCalendars.id} as calendar_id, ${bookingCalendars.name} as calendar_name,
      ${customers.id} as customer_id, ${customerFullName()} as customer_name, ${customers.email} as customer_email,
      ${customers.language} as customer_language,
      ${companySettings.data} as settings_data, ${companySettings.secrets} as settings_secrets,
      case when ${products.id} is not null and ${bookingCalendars.id} is not null and ${customers.id} is not null
        then nextval(pg_get_serial_sequence('bookings', 'id'))::int end as next_id
    from (select 1) as one
    left join ${products} on ${products.id} = ${p('productId')}::int and ${products.licenseId} = ${p('licenseId')}::int
    left join ${bookingCalendars} on ${bookingCalendars.id} = ${p('calendarId')}::int
      and ${bookingCalendars.licenseId} = ${p('licenseId')}::int
    left join ${customers} on ${customers.id} = ${p('customerId')}::int and ${customers.licenseId} = ${p('licenseId')}::int
    left join ${companySettings} on ${companySettings.licenseId} = ${p('licenseId')}::int`,
);

/**
 * What a booking's room check reads once its calendar and days are locked, in one statement: the
 * calendar's anomalies sharing time with [anomaliesFrom, anomaliesTo) (as the calendars repository's
 * `between`), and the spaces the confirmed bookings overlapping [from, to) take, but `exceptId`'s,
 * grouped by interval (as `occupancyBetween`, from bookings_calendar_occupancy_idx alone), and the live
 * holds' (`liveHolds`: checkouts being paid, booking-holds.table.ts), each list grouped on its own
 * (see availability-reads.ts); each as one
 * text value, instants as epoch milliseconds (see availability-reads.ts).
 */
const roomReadsStatement = fixedStatement<{ anomalies: string | null; occupancy: string | null }>(
  'booking_room_reads',
  sql`select
    (select string_agg(concat_ws(',', a.type, ${epochMs(sql`a.starts_at`)}, ${epochMs(sql`a.ends_at`)}), ',' order by a.starts_at, a.id)
      from ${bookingCalendarAnomalies} a
      where a.booking_calendar_id = ${p('calendarId')}::int and a.license_id = ${p('licenseId')}::int
        and a.starts_at < ${p('anomaliesTo')}::timestamptz and a.ends_at > ${p('anomaliesFrom')}::timestamptz) as anomalies,
    ${occupancyOf(sql`${p('to')}::timestamptz`, sql`and (${p('exceptId')}::int is null or b.id <> ${p('exceptId')}::int)`)} as occupancy`,
);

/** A new booking's row, its id drawn beforehand (`creationReads`): the columns a creation sets. */
const bookingInsert = sql`insert into ${bookings} (id, license_id, booking_calendar_id, product_id, customer_id,
    order_line_id, starts_at, ends_at, quantity, spaces, price_cents, notes, status, gift_voucher_id, balance_id,
    subscription_id)
  overriding system value
  values (${p('id')}::int, ${p('licenseId')}::int, ${p('calendarId')}::int, ${p('productId')}::int,
    ${p('customerId')}::int, ${p('orderLineId')}::int, ${p('startsAt')}::timestamptz, ${p('endsAt')}::timestamptz,
    ${p('quantity')}::int, ${p('spaces')}::int, ${p('priceCents')}::int, ${p('notes')}, ${p('status')},
    ${p('giftVoucherId')}::int, ${p('balanceId')}::int, ${p('subscriptionId')}::int)
  returning created_at, updated_at`;
type InsertedTimes = { created_at: string; updated_at: string };
const insertBookingStatement = fixedStatement<InsertedTimes>('booking_insert', bookingInsert);
/** The booking and its confirmation (`mailInsertCtes`) in one statement: both are written, or neither. */
const insertBookingWithMailStatement = fixedStatement<InsertedTimes & { mail_id: number }>(
  'booking_insert_mail',
  sql`with b as (${bookingInsert}), ${mailInsertCtes}
    select b.created_at, b.updated_at, (select m.id from m) as mail_id from b`,
);

/** What `creationReads` answers. */
export interface CreationReads {
  product: {
    id: number;
    type: ProductRow['type'];
    name: string;
    durationInMinutes: number | null;
    bookingCalendarId: number | null;
    spacesOccupiedInTheCalendar: number | null;
    priceCents: number;
  } | null;
  calendar: { id: number; name: string } | null;
  customer: { id: number; name: string; email: string | null; language: string | null } | null;
  settingsRow: { data: Record<string, unknown>; secrets: Record<string, string> } | null;
  /** The new booking's id, drawn when the product, calendar and customer are all the license's. */
  nextId: number | null;
}

export function createBookingsRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) =>
    and(eq(bookings.licenseId, licenseId), eq(bookings.id, id));
  const toRecord = (
    r:
      | {
          booking: BookingRow;
          orderId: number | null;
          giftVoucherCode: string | null;
          balanceName: string | null;
          subscriptionName: string | null;
        }
      | undefined,
  ) =>
    r &&
    ({
      ...r.booking,
      orderId: r.orderId,
      giftVoucherCode: r.giftVoucherCode,
      balanceName: r.balanceName,
      subscriptionName: r.subscriptionName,
    } satisfies BookingRecord);
  return {
    /** See `creationReadsStatement`. */
    async creationReads(
      licenseId: number,
      ids: { productId: number; calendarId: number; customerId: number },
    ): Promise<CreationReads> {
      const [r] = await creationReadsStatement(db, { licenseId, ...ids });
      return {
        product:
          r?.product_id == null
            ? null
            : {
                id: r.product_id,
                type: r.product_type as ProductRow['type'],
                name: r.product_name!,
                durationInMinutes: r.duration_in_minutes,
                bookingCalendarId: r.product_calendar_id,
                spacesOccupiedInTheCalendar: r.spaces_occupied_in_the_calendar,
                priceCents: r.price_cents!,
              },
        calendar: r?.calendar_id == null ? null : { id: r.calendar_id, name: r.calendar_name! },
        customer:
          r?.customer_id == null
            ? null
            : {
                id: r.customer_id,
                name: r.customer_name!,
                email: r.customer_email,
                language: r.customer_language,
              },
        settingsRow:
          r?.settings_data == null ? null : { data: r.settings_data, secrets: r.settings_secrets ?? {} },
        nextId: r?.next_id ?? null,
      };
    },

    /**
     * The anomalies and occupancy a room check reads (see `roomReadsStatement`): the anomalies as the
     * calendars repository's `between` answers them, the occupancy (`occupancyBetween`'s) as the
     * engine's flat triples.
     */
    async roomReads(
      licenseId: number,
      calendarId: number,
      anomaliesWindow: readonly [Date, Date],
      from: Date,
      to: Date,
      exceptId?: number,
    ): Promise<{ anomalies: AnomalyPeriod[]; bookings: BookingTriples }> {
      const [row] = await roomReadsStatement(db, {
        licenseId,
        calendarId,
        anomaliesFrom: anomaliesWindow[0].toISOString(),
        anomaliesTo: anomaliesWindow[1].toISOString(),
        earliestStart: new Date(from.getTime() - longestBookingMs).toISOString(),
        from: from.toISOString(),
        to: to.toISOString(),
        exceptId: exceptId ?? null,
      });
      return { anomalies: decodeAnomalies(row?.anomalies), bookings: decodeOccupancy(row?.occupancy) };
    },

    /**
     * Writes a new booking under the id `creationReads` drew, with its confirmation when given (the
     * outbox row, its files and attachments, in the same statement). Answers the row and the mail's id.
     */
    async insertCreated(
      licenseId: number,
      id: number,
      values: BookingValues,
      mail?: { mail: NewMail; attachments: MailAttachmentDraft[] },
    ): Promise<{ row: BookingRow; mailId: number | null }> {
      const params = {
        id,
        licenseId,
        calendarId: values.bookingCalendarId,
        productId: values.productId,
        customerId: values.customerId,
        orderLineId: values.orderLineId ?? null,
        startsAt: values.startsAt.toISOString(),
        endsAt: values.endsAt.toISOString(),
        quantity: values.quantity,
        spaces: values.spaces,
        priceCents: values.priceCents,
        notes: values.notes ?? null,
        status: values.status ?? 'confirmed',
        giftVoucherId: values.giftVoucherId ?? null,
        balanceId: values.balanceId ?? null,
        subscriptionId: values.subscriptionId ?? null,
      };
      const [r] = mail
        ? await insertBookingWithMailStatement(db, {
            ...params,
            ...mailInsertValues(mail.mail, mail.attachments),
          })
        : await insertBookingStatement(db, params);
      const row: BookingRow = {
        id,
        licenseId,
        bookingCalendarId: params.calendarId,
        productId: params.productId,
        customerId: params.customerId,
        orderLineId: params.orderLineId,
        startsAt: values.startsAt,
        endsAt: values.endsAt,
        quantity: params.quantity,
        spaces: params.spaces,
        priceCents: params.priceCents,
        notes: params.notes,
        status: params.status,
        attended: null,
        rescheduleCount: 0,
        giftVoucherId: params.giftVoucherId,
        balanceId: params.balanceId,
        subscriptionId: params.subscriptionId,
        createdAt: new Date(r!.created_at),
        updatedAt: new Date(r!.updated_at),
      };
      return { row, mailId: r && 'mail_id' in r ? Number(r.mail_id) : null };
    },

    /**
     * A page of the license's bookings with the names of their product, calendar and customer, and the
     * order that sold or charges each with its status (by primary key, for the page's rows only). `query`
     * matches the customer's name, surname, email and phone, or the product's name and reference,
     * through their trigram indexes; the bookings of the matches are then found by their own indexes.
     */
    /** `list`'s page and count, its items as JSON text written by PostgreSQL (`listJson`). */
    async listJson(licenseId: number, query: ZonedListQuery) {
      const { query: term, ...rest } = query;
      const c = listClauses(rest, listSpec, eq(bookings.licenseId, licenseId));
      const where = term ? and(c.where, await matching(licenseId, term))! : c.where;
      const unfiltered = isUnfiltered(query)
        ? { licenseId, list: 'bookings' as const, sort: JSON.stringify(query.orders ?? {}) }
        : undefined;
      return keysFirstPageJson(db, bookings, bookings.id, listJson, { ...c, where }, unfiltered);
    },

    async list(licenseId: number, query: ZonedListQuery) {
      const { query: term, ...rest } = query;
      const c = listClauses(rest, listSpec, eq(bookings.licenseId, licenseId));
      const where = term ? and(c.where, await matching(licenseId, term))! : c.where;
      const unfiltered = isUnfiltered(query) ? { licenseId, list: 'bookings' as const } : undefined;
      return keysFirstPage(
        db,
        bookings,
        bookings.id,
        listColumns,
        { ...c, where },
        (p) =>
          db
            .select(joinedColumns)
            .from(bookings)
            .innerJoin(products, eq(products.id, bookings.productId))
            .innerJoin(bookingCalendars, eq(bookingCalendars.id, bookings.bookingCalendarId))
            .innerJoin(customers, eq(customers.id, bookings.customerId))
            .leftJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
            .leftJoin(orders, eq(orders.id, orderLines.orderId))
            .leftJoin(giftVouchers, eq(giftVouchers.id, bookings.giftVoucherId))
            .leftJoin(customerBalances, eq(customerBalances.id, bookings.balanceId))
            .leftJoin(packProducts, eq(packProducts.id, customerBalances.productId))
            .leftJoin(subscriptions, eq(subscriptions.id, bookings.subscriptionId))
            .leftJoin(programProducts, eq(programProducts.id, subscriptions.productId))
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset),
        unfiltered,
      );
    },
    /**
     * Every confirmed booking starting in [from, to), of one calendar or all, in start order, with the
     * names the calendar view shows: not paginated, the caller bounds the range. Served by
     * bookings_calendar_starts_idx with a calendar, bookings_license_starts_idx without.
     */
    async inRange(licenseId: number, from: Date, to: Date, calendarId?: number) {
      return db
        .select({
          id: bookings.id,
          bookingCalendarId: bookings.bookingCalendarId,
          productId: bookings.productId,
          customerId: bookings.customerId,
          startsAt: bookings.startsAt,
          endsAt: bookings.endsAt,
          quantity: bookings.quantity,
          spaces: bookings.spaces,
          priceCents: bookings.priceCents,
          notes: bookings.notes,
          attended: bookings.attended,
          productName: products.name,
          customerName: customers.name,
          customerSurname: customers.surname,
          customerPhone: customers.phone,
        })
        .from(bookings)
        .innerJoin(products, eq(products.id, bookings.productId))
        .innerJoin(customers, eq(customers.id, bookings.customerId))
        .where(
          and(
            eq(bookings.licenseId, licenseId),
            calendarId === undefined ? undefined : eq(bookings.bookingCalendarId, calendarId),
            gte(bookings.startsAt, from),
            lt(bookings.startsAt, to),
            eq(bookings.status, 'confirmed'),
          ),
        )
        .orderBy(bookings.startsAt, bookings.id);
    },
    async find(licenseId: number, id: number): Promise<BookingRecord | undefined> {
      const [row] = await db
        .select(recordColumns)
        .from(bookings)
        .leftJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
        .leftJoin(giftVouchers, eq(giftVouchers.id, bookings.giftVoucherId))
        .leftJoin(customerBalances, eq(customerBalances.id, bookings.balanceId))
        .leftJoin(packProducts, eq(packProducts.id, customerBalances.productId))
        .leftJoin(subscriptions, eq(subscriptions.id, bookings.subscriptionId))
        .leftJoin(programProducts, eq(programProducts.id, subscriptions.productId))
        .where(scope(licenseId, id));
      return toRecord(row);
    },
    /** The booking, locked until the transaction ends: changes to one booking happen one at a time. */
    async lock(licenseId: number, id: number) {
      const [row] = await db.select().from(bookings).where(scope(licenseId, id)).for('update');
      return row;
    },
    async insert(licenseId: number, values: BookingValues) {
      const [row] = await db
        .insert(bookings)
        .values({ ...values, licenseId })
        .returning();
      return row!;
    },
    /** Many bookings in one statement (the demo data, which also dates them). */
    async insertMany(licenseId: number, values: (BookingValues & { createdAt?: Date; updatedAt?: Date })[]) {
      if (!values.length) return;
      await db.insert(bookings).values(values.map((v) => ({ ...v, licenseId })));
    },
    async update(licenseId: number, id: number, values: Partial<BookingValues>) {
      const [row] = await db.update(bookings).set(values).where(scope(licenseId, id)).returning();
      return row;
    },
    /** Deletes the bookings the order lines sold (the lines, or their order, are going). */
    async removeForOrderLines(licenseId: number, orderLineIds: number[]) {
      if (!orderLineIds.length) return;
      await db
        .delete(bookings)
        .where(and(eq(bookings.licenseId, licenseId), inArray(bookings.orderLineId, orderLineIds)));
    },
    /**
     * A refund gives back units of an order line: its booking, when still ahead of `now`, keeps the units
     * left (its places shrink with them) or goes when none is left. A booking already past stays as it was.
     */
    async releaseRefunded(licenseId: number, orderLineId: number, unitsLeft: number, now: Date) {
      const ahead = and(
        eq(bookings.licenseId, licenseId),
        eq(bookings.orderLineId, orderLineId),
        gt(bookings.startsAt, now),
      );
      if (unitsLeft <= 0) {
        await db.delete(bookings).where(ahead);
        return;
      }
      await db
        .update(bookings)
        .set({
          spaces: sql`(${bookings.spaces} / greatest(${bookings.quantity}, 1)) * ${unitsLeft}`,
          quantity: unitsLeft,
        })
        .where(ahead);
    },
    /** The bookings of an order line still ahead of `now`. */
    async aheadOfLine(licenseId: number, orderLineId: number, now: Date) {
      const rows = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.licenseId, licenseId),
            eq(bookings.orderLineId, orderLineId),
            gt(bookings.startsAt, now),
          ),
        );
      return rows.map((r) => r.id);
    },
    /** Deletes the booking unless an order line sold it; answers whether it was deleted. */
    async removeUnsold(licenseId: number, id: number) {
      const rows = await db
        .delete(bookings)
        .where(and(scope(licenseId, id), isNull(bookings.orderLineId)))
        .returning({ id: bookings.id });
      return rows.length > 0;
    },
    /**
     * What the confirmed bookings and live holds of the calendar sharing some time with [from, to) take
     * (cancelled bookings and expired holds take no space), but `exceptId`'s: what a new or moved booking there must fit beside. Bookings of the
     * same period are summed into one entry (most share the calendar's grid), read from
     * bookings_calendar_occupancy_idx alone.
     */
    async occupancyBetween(licenseId: number, calendarId: number, from: Date, to: Date, exceptId?: number) {
      const confirmed = await db
        .select({
          startsAt: bookings.startsAt,
          endsAt: bookings.endsAt,
          spaces: sql<number>`sum(${bookings.spaces})::int`.mapWith(Number),
        })
        .from(bookings)
        .where(
          and(
            eq(bookings.bookingCalendarId, calendarId),
            eq(bookings.status, 'confirmed'),
            gt(bookings.startsAt, new Date(from.getTime() - longestBookingMs)),
            lt(bookings.startsAt, to),
            gt(bookings.endsAt, from),
            eq(bookings.licenseId, licenseId),
            exceptId === undefined ? undefined : ne(bookings.id, exceptId),
          ),
        )
        .groupBy(bookings.startsAt, bookings.endsAt);
      const held = await liveHoldsBetween(db, licenseId, calendarId, from, to);
      const busy = await googleBusyBetween(db, licenseId, calendarId, from, to);
      return [...confirmed, ...held, ...busy];
    },
  };

  /**
   * The bookings whose customer or product matches `term`. The matches are looked up first: a few of
   * them become a list of ids the planner weighs (their bookings' own indexes, then a sort); many stay
   * a subquery, dense enough for the sort index to meet a page of their bookings soon.
   */
  async function matching(licenseId: number, term: string): Promise<SQL> {
    const pattern = likePattern(foldForSearch(term));
    const customerMatches = and(
      eq(customers.licenseId, licenseId),
      sql`${customers.searchText} like ${pattern}`,
    );
    const productMatches = and(
      eq(products.licenseId, licenseId),
      sql`${products.searchText} like ${pattern}`,
    );
    const [customerIds, productIds] = await Promise.all([
      db
        .select({ id: customers.id })
        .from(customers)
        .where(customerMatches)
        .limit(fewMatches + 1),
      db
        .select({ id: products.id })
        .from(products)
        .where(productMatches)
        .limit(fewMatches + 1),
    ]);
    if (customerIds.length > fewMatches || productIds.length > fewMatches) {
      return sql`(${bookings.customerId} in (select ${customers.id} from ${customers} where ${customerMatches})
        or ${bookings.productId} in (select ${products.id} from ${products} where ${productMatches}))`;
    }
    const parts = [
      customerIds.length
        ? inArray(
            bookings.customerId,
            customerIds.map((r) => r.id),
          )
        : undefined,
      productIds.length
        ? inArray(
            bookings.productId,
            productIds.map((r) => r.id),
          )
        : undefined,
    ].filter((p) => p !== undefined);
    return parts.length ? sql`(${or(...parts)})` : sql`false`;
  }
}
