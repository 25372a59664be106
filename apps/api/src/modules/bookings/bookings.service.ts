import {
  type availabilityQuery,
  type Booking,
  type BookingListItem,
  type BookingRangeItem,
  type bookingBody,
  bookingRangeMaxDays,
  type bookingRangeQuery,
  type bookingUpdateBody,
  centsToEuros,
  type ErrorKey,
  eurosToCents,
  type FieldError,
  isBookableType,
  type ListQuery,
} from '@mostrador/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { pageJsonOf, pageOf } from '../../lib/list.js';
import { parseClientInstant, zonedToInstant } from '../../lib/time.js';
import { createBalancesRepository } from '../balances/balances.repository.js';
import { returnPackSession, spendPackSession } from '../balances/booking-sessions.js';
import {
  availabilityColumns,
  availabilityItemsJson,
  type CalendarRules,
  checkStart,
  freeSpacesDuring,
  rulesOf,
  type StartRefusal,
} from '../calendars/availability.js';
import { createCalendarsRepository } from '../calendars/calendars.repository.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import { returnGiftVoucherUse, useGiftVoucher } from '../gift-vouchers/gift-voucher-uses.js';
import type { BookingMailKind, MailComposer } from '../mails/mail-composer.js';
import type { MailsService } from '../mails/mails.service.js';
import { createProductsRepository, type ProductRow } from '../products/products.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import { checkProgramBooking } from '../subscriptions/program-bookings.js';
import { availabilityReads } from './availability-reads.js';
import { type BookingHoldRow, createBookingHoldsRepository } from './booking-holds.repository.js';
import { lockBookingPlace, lockBookingRoom } from './booking-locks.js';
import {
  type BookingRecord,
  type BookingRow,
  type CreationReads,
  createBookingsRepository,
} from './bookings.repository.js';
import { bookingCustomerMoves } from './bookings.table.js';

type CreateBody = z.output<typeof bookingBody>;
type UpdateBody = z.output<typeof bookingUpdateBody>;
type AvailabilityQuery = z.output<typeof availabilityQuery>;
type RangeQuery = z.output<typeof bookingRangeQuery>;

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The last instant a timestamp column and an ISO string without an expanded year both hold. */
const lastInstant = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The engine's refusals as the API's 409 codes. */
const refusalCodes: Record<StartRefusal, ErrorKey> = {
  productTooShort: 'bookingProductTooShort',
  inThePast: 'bookingInThePast',
  tooSoon: 'bookingTooSoon',
  beyondForecast: 'bookingBeyondForecast',
  outsideOpenTime: 'bookingOutsideOpenTime',
  notAStartTime: 'bookingNotAStartTime',
  full: 'bookingFull',
};

const full = (freeSpaces: number, requestedSpaces: number) =>
  new AppError('bookingFull', { freeSpaces, requestedSpaces });

/** What paid a booking besides its row: the order that sold it, the voucher, the pack or the programme. */
type PaidBy = Pick<BookingRecord, 'orderId' | 'giftVoucherCode' | 'balanceName' | 'subscriptionName'>;

function toBooking(row: BookingRow, paid: PaidBy): Booking {
  return {
    id: row.id,
    bookingCalendarId: row.bookingCalendarId,
    productId: row.productId,
    customerId: row.customerId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    quantity: row.quantity,
    notes: row.notes,
    price: centsToEuros(row.priceCents),
    status: row.status,
    attended: row.attended,
    rescheduleCount: row.rescheduleCount,
    orderId: paid.orderId,
    giftVoucherId: row.giftVoucherId,
    giftVoucherCode: paid.giftVoucherCode,
    balanceId: row.balanceId,
    balanceName: paid.balanceName,
    subscriptionId: row.subscriptionId,
    subscriptionName: paid.subscriptionName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const recordOf = (r: BookingRecord) => toBooking(r, r);

/** Why the product cannot be booked on the calendar, or null: it must be bookable, with a duration, and
 * not bound to another calendar. */
function productProblem(
  product: Pick<ProductRow, 'type' | 'durationInMinutes' | 'bookingCalendarId'> | null | undefined,
  calendarId: number,
): FieldError | null {
  if (!product) return { field: 'productId', message: 'unknown product' };
  if (!isBookableType(product.type) || product.durationInMinutes === null) {
    return { field: 'productId', message: 'not a product booked on a calendar' };
  }
  if (product.bookingCalendarId !== null && product.bookingCalendarId !== calendarId)
    return { field: 'bookingCalendarId', message: 'the product is booked on another calendar' };
  return null;
}

/**
 * Where a booking's confirmations go: the mails module renders them (a new booking's before its
 * transaction, from what it will be; a change's in its transaction), they are written in the booking's
 * transaction, and handed to the sender once it has committed.
 */
export interface BookingMailer {
  composer: Pick<MailComposer, 'bookingQueued' | 'bookingMailDraft'>;
  mails: Pick<MailsService, 'dispatch' | 'newMail'>;
}

/** The 400 of a creation's references that are not the company's (as `checkReferences` words it). */
function referenceErrors(reads: CreationReads, calendarId: number): FieldError[] {
  const errors: FieldError[] = [];
  const problem = productProblem(reads.product, calendarId);
  // A calendar that is not the company's is reported as such, not as the product's.
  if (problem && (reads.calendar || problem.field === 'productId')) errors.push(problem);
  if (!reads.calendar) errors.push({ field: 'bookingCalendarId', message: 'unknown booking calendar' });
  if (!reads.customer) errors.push({ field: 'customerId', message: 'unknown customer' });
  return errors;
}

export function createBookingsService(deps: {
  db: Db;
  mailer?: BookingMailer;
  /** The company's free-cancellation hours (a voucher's use comes back when cancelled that early). */
  settings?: Pick<SettingsService, 'ofLicense' | 'fromRow'>;
}) {
  const { db } = deps;
  const repo = createBookingsRepository(db);

  /** How long before its start a booking paid with a voucher may go and give the use back. */
  async function freeCancellationHours(tx: DbOrTx, licenseId: number) {
    if (!deps.settings) return 24;
    return (await deps.settings.ofLicense(licenseId, tx)).bookings.freeCancellationHours;
  }

  /**
   * A booking paid with a voucher or a pack's session is cancelled or deleted (`booking` locked, still
   * confirmed): the voucher's use or the session comes back when that happens at least the company's
   * free-cancellation hours before its start; later, it is spent.
   */
  async function givePaymentBack(
    tx: DbOrTx,
    auth: AuthContext,
    booking: BookingRow,
  ): Promise<'giftVoucherUse' | 'packSession' | 'nothing'> {
    if (booking.status !== 'confirmed' || (booking.giftVoucherId === null && booking.balanceId === null))
      return 'nothing';
    const hours = await freeCancellationHours(tx, auth.licenseId);
    let returned: 'giftVoucherUse' | 'packSession' | 'nothing' = 'nothing';
    if (booking.giftVoucherId !== null && (await returnGiftVoucherUse(tx, auth.licenseId, booking, hours)))
      returned = 'giftVoucherUse';
    if (booking.balanceId !== null && booking.startsAt.getTime() - Date.now() >= hours * HOUR) {
      await returnPackSession(tx, auth.licenseId, {
        balanceId: booking.balanceId,
        bookingId: booking.id,
        userId: auth.userId,
      });
      returned = 'packSession';
    }
    return returned;
  }

  /**
   * Queues a booking's confirmation in `tx`; its id joins `mailIds`, to dispatch after the commit, unless
   * it is parked (the company has no mail server: there is nothing to send yet).
   */
  async function confirm(
    tx: DbOrTx,
    licenseId: number,
    bookingId: number,
    kind: BookingMailKind,
    mailIds: number[],
    previousStartsAt?: Date,
  ) {
    if (!deps.mailer) return;
    const mail = await deps.mailer.composer.bookingQueued(tx, licenseId, bookingId, kind, previousStartsAt);
    if (mail && !mail.parked) mailIds.push(mail.id);
  }
  const dispatch = (mailIds: number[]) => deps.mailer?.mails.dispatch(mailIds);

  /** The moves a booking's customer made through its link (`booking_customer_moves`). */
  async function customerMovesOf(tx: DbOrTx, licenseId: number, bookingId: number) {
    const [row] = await tx
      .select({ moves: bookingCustomerMoves.moves })
      .from(bookingCustomerMoves)
      .where(
        and(eq(bookingCustomerMoves.bookingId, bookingId), eq(bookingCustomerMoves.licenseId, licenseId)),
      );
    return row?.moves ?? 0;
  }

  function startOf(auth: AuthContext, value: string): Date {
    const startsAt = parseClientInstant(value, auth.timeZone);
    if (!startsAt) throw invalid('startsAt', 'must be an ISO date-time');
    return startsAt;
  }

  /**
   * Locks the calendar `calendarId` for a booking of `length` minutes at `startsAt` (`lockBookingPlace`:
   * the row in share mode, the UTC days of the interval) and answers its rules, or 400 when unknown.
   */
  async function lockRoom(tx: DbOrTx, licenseId: number, calendarId: number, startsAt: Date, length: number) {
    const endsAt = new Date(startsAt.getTime() + length * MINUTE);
    const calendar = await lockBookingPlace(tx, licenseId, { calendarId, startsAt, endsAt });
    if (!calendar) throw invalid('bookingCalendarId', 'unknown booking calendar');
    return calendar;
  }

  /**
   * Whether `quantity` units of `length` minutes, each taking `unitSpaces`, may start at `startsAt` on
   * the locked calendar (its days locked over the booking's interval: the room is the only rule that
   * reads other bookings, and only those overlapping it): every rule of the engine, against the
   * confirmed bookings around it (but `exceptId`). Throws the refusal's 409.
   */
  async function checkRoom(
    tx: DbOrTx,
    auth: AuthContext,
    calendar: CalendarRules & { id: number },
    booking: { startsAt: Date; length: number; unitSpaces: number; quantity: number; exceptId?: number },
  ) {
    const endsAt = new Date(booking.startsAt.getTime() + booking.length * MINUTE);
    const around = [new Date(booking.startsAt.getTime() - DAY), new Date(endsAt.getTime() + DAY)] as const;
    // The anomalies and the occupancy in one statement, run once the locks are held (its snapshot then
    // sees every booking committed before them).
    const { anomalies, bookings: existing } = await createBookingsRepository(tx).roomReads(
      auth.licenseId,
      calendar.id,
      around,
      booking.startsAt,
      endsAt,
      booking.exceptId,
    );
    const result = checkStart({
      timeZone: auth.timeZone,
      now: new Date(),
      calendar: rulesOf(calendar),
      anomalies,
      product: { durationInMinutes: booking.length, spaces: booking.unitSpaces },
      bookings: existing,
      startsAt: booking.startsAt,
      quantity: booking.quantity,
    });
    if (result.ok) return;
    if (result.reason === 'full') throw full(result.freeSpaces ?? 0, booking.quantity * booking.unitSpaces);
    throw new AppError(refusalCodes[result.reason]);
  }

  /**
   * The calendar and customer a body names must be the company's, and the product (when given) one the
   * calendar takes: 400 naming each field that is not.
   */
  async function checkReferences(
    auth: AuthContext,
    refs: { calendarId: number; customerId: number; product?: ProductRow | undefined },
  ) {
    const [calendar, customer] = await Promise.all([
      createCalendarsRepository(db).find(auth.licenseId, refs.calendarId),
      createCustomersRepository(db).find(auth.licenseId, refs.customerId),
    ]);
    const errors: FieldError[] = [];
    if ('product' in refs) {
      const problem = productProblem(refs.product, refs.calendarId);
      // A calendar that is not the company's is reported as such, not as the product's.
      if (problem && (calendar || problem.field === 'productId')) errors.push(problem);
    }
    if (!calendar) errors.push({ field: 'bookingCalendarId', message: 'unknown booking calendar' });
    if (!customer) errors.push({ field: 'customerId', message: 'unknown customer' });
    if (errors.length) throw new AppError('validation', errors);
  }

  async function recordOrNotFound(auth: AuthContext, id: number) {
    const row = await repo.find(auth.licenseId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /**
     * The start times of the product on the calendar over the local days [from, to), with their free
     * spaces, and the periods closed by anomalies: the JSON of the contract's `availabilitySchema`,
     * written by the engine from its columns (`availabilityItemsJson`), since a 60-day window holds
     * thousands of items.
     */
    async availabilityJson(auth: AuthContext, calendarId: number, query: AvailabilityQuery) {
      const day = (date: string) => {
        const [year, month, d] = date.split('-').map(Number);
        return zonedToInstant({ year: year!, month: month!, day: d! }, auth.timeZone);
      };
      // A day's margin each side covers a DST change; starts near the end reach on by the product's
      // length (added by availabilityReads, which reads the calendar and the product in the same
      // statement).
      const from = new Date(day(query.from).getTime() - DAY);
      const to = new Date(day(query.to).getTime() + DAY);
      const {
        calendar,
        product,
        anomalies,
        bookings: existing,
      } = await availabilityReads(db, auth.licenseId, calendarId, query.productId, from, to);
      if (!calendar) throw notFound();
      const problem = productProblem(product, calendarId);
      if (problem) throw invalid('productId', problem.message);
      const length = product!.durationInMinutes!;
      const columns = availabilityColumns({
        timeZone: auth.timeZone,
        now: new Date(),
        from: query.from,
        to: query.to,
        calendar: rulesOf(calendar),
        anomalies,
        product: { durationInMinutes: length, spaces: product!.spacesOccupiedInTheCalendar ?? 1 },
        bookings: existing,
      });
      return `{"items":${availabilityItemsJson(columns)}}`;
    },

    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await repo.list(auth.licenseId, { ...query, timeZone: auth.timeZone });
      const items: BookingListItem[] = rows.map((r) => ({
        id: r.id,
        date: r.startsAt.toISOString(),
        image: r.image,
        notes: r.notes,
        price: centsToEuros(r.priceCents),
        amount: centsToEuros(r.priceCents * r.quantity),
        status: r.status,
        quantity: r.quantity,
        duration: Math.round((r.endsAt.getTime() - r.startsAt.getTime()) / MINUTE),
        productName: r.productName,
        calendarName: r.calendarName,
        customerName: r.customerSurname ? `${r.customerName} ${r.customerSurname}` : r.customerName,
        customerEmail: r.customerEmail,
        customerPhone: r.customerPhone,
        bookingCalendarId: r.bookingCalendarId,
        productId: r.productId,
        customerId: r.customerId,
        startsAt: r.startsAt.toISOString(),
        endsAt: r.endsAt.toISOString(),
        attended: r.attended,
        orderId: r.orderId,
        orderStatus: r.orderStatus,
        giftVoucherCode: r.giftVoucherCode,
        balanceName: r.balanceName,
        subscriptionName: r.subscriptionName,
      }));
      return pageOf(items, count, query);
    },

    /**
     * `list`'s answer, `{ data: ListResult<BookingListItem> }`, as JSON text: the items written by
     * PostgreSQL, passed through (bookings.repository.ts `listJson`). The bookings list route answers it;
     * an export reads `list`.
     */
    async listJson(auth: AuthContext, query: ListQuery): Promise<string> {
      const { items, count } = await repo.listJson(auth.licenseId, { ...query, timeZone: auth.timeZone });
      return pageJsonOf(items, count, query);
    },

    /**
     * Every confirmed booking starting in [from, to) (at most bookingRangeMaxDays days), of one calendar
     * of the company or all: the calendar view's read, not paginated. Another company's calendar is 404.
     */
    async range(auth: AuthContext, query: RangeQuery): Promise<{ bookings: BookingRangeItem[] }> {
      const from = parseClientInstant(query.from, auth.timeZone);
      if (!from) throw invalid('from', 'must be an ISO date-time');
      const to = parseClientInstant(query.to, auth.timeZone);
      if (!to) throw invalid('to', 'must be an ISO date-time');
      if (to.getTime() <= from.getTime()) throw invalid('to', 'must be after from');
      if (to.getTime() - from.getTime() > bookingRangeMaxDays * DAY)
        throw invalid('to', `at most ${bookingRangeMaxDays} days after from`);
      if (
        query.bookingCalendarId !== undefined &&
        !(await createCalendarsRepository(db).find(auth.licenseId, query.bookingCalendarId))
      )
        throw notFound();
      // An end past year 9999 (an offset pushes it there) is out of the database's reach: no booking lies there.
      const end = new Date(Math.min(to.getTime(), lastInstant));
      const rows = await repo.inRange(auth.licenseId, from, end, query.bookingCalendarId);
      return {
        bookings: rows.map((r) => ({
          id: r.id,
          bookingCalendarId: r.bookingCalendarId,
          productId: r.productId,
          customerId: r.customerId,
          startsAt: r.startsAt.toISOString(),
          endsAt: r.endsAt.toISOString(),
          quantity: r.quantity,
          spaces: r.spaces,
          price: centsToEuros(r.priceCents),
          notes: r.notes,
          attended: r.attended,
          productName: r.productName,
          customerName: r.customerSurname ? `${r.customerName} ${r.customerSurname}` : r.customerName,
          customerPhone: r.customerPhone,
        })),
      };
    },

    async get(auth: AuthContext, id: number): Promise<Booking> {
      return recordOf(await recordOrNotFound(auth, id));
    },

    /**
     * Books `quantity` units of the product for the customer at `startsAt`. The calendar's row is locked
     * in share mode and the UTC days of the booking's interval for update while its bookings are read,
     * checked and written (`booking-locks.ts`), so overlapping bookings of one calendar are taken one at
     * a time and never exceed its capacity, and a change of the calendar waits for them.
     */
    async create(auth: AuthContext, body: CreateBody): Promise<Booking> {
      const startsAt = startOf(auth, body.startsAt);
      // The product, calendar, customer and settings in one statement, with the new booking's id.
      const reads = await repo.creationReads(auth.licenseId, {
        productId: body.productId,
        calendarId: body.bookingCalendarId,
        customerId: body.customerId,
      });
      const errors = referenceErrors(reads, body.bookingCalendarId);
      if (errors.length) throw new AppError('validation', errors);
      const product = reads.product!;
      const customer = reads.customer!;
      const length = product.durationInMinutes!;
      const unitSpaces = product.spacesOccupiedInTheCalendar ?? 1;
      const code = body.giftVoucherCode;
      const balanceId = body.balanceId;
      const subscriptionId = body.subscriptionId;
      if (code !== undefined && balanceId !== undefined)
        throw invalid('balanceId', 'a gift voucher already pays the booking');
      if (subscriptionId !== undefined && (code !== undefined || balanceId !== undefined))
        throw invalid('subscriptionId', 'a gift voucher or a pack already pays the booking');
      const paidOtherwise = code !== undefined || balanceId !== undefined || subscriptionId !== undefined;
      if (paidOtherwise && body.quantity !== 1)
        throw invalid(
          'quantity',
          'a gift voucher, a pack session or a subscription pays a booking of one unit',
        );
      const id = reads.nextId!;
      const endsAt = new Date(startsAt.getTime() + length * MINUTE);
      const values = {
        bookingCalendarId: body.bookingCalendarId,
        productId: product.id,
        customerId: customer.id,
        startsAt,
        endsAt,
        quantity: body.quantity,
        spaces: body.quantity * unitSpaces,
        priceCents: paidOtherwise
          ? 0
          : body.price === undefined
            ? product.priceCents
            : eurosToCents(body.price),
        notes: body.notes ?? null,
        status: 'confirmed' as const,
        balanceId: balanceId ?? null,
        subscriptionId: subscriptionId ?? null,
      };
      // The confirmation, rendered before the transaction from what the booking will be (the locks are
      // not held while it renders and its .ics is stored), is written with the booking, in its statement.
      const mailer = deps.mailer;
      const draft =
        mailer && deps.settings && customer.email && reads.settingsRow
          ? await mailer.composer.bookingMailDraft(auth.licenseId, 'booking_created', {
              booking: { ...values, id, rescheduleCount: 0 },
              customer,
              productName: product.name,
              calendarName: reads.calendar!.name,
              settings: deps.settings.fromRow(reads.settingsRow),
            })
          : null;
      const mailIds: number[] = [];
      try {
        const row = await db.transaction(async (tx) => {
          const calendar = await lockRoom(tx, auth.licenseId, body.bookingCalendarId, startsAt, length);
          await checkRoom(tx, auth, calendar, { startsAt, length, unitSpaces, quantity: body.quantity });
          // The voucher is locked after the calendar, as everywhere: parallel bookings with one code
          // take turns on it and cannot deadlock.
          const giftVoucherId =
            code === undefined ? null : await useGiftVoucher(tx, auth.licenseId, code, product.id);
          // The subscription is read after the calendar's lock too.
          if (subscriptionId !== undefined)
            await checkProgramBooking(tx, auth.licenseId, {
              subscriptionId,
              customerId: body.customerId,
              productId: product.id,
              startsAt,
            });
          // The pack's row is locked before the booking's insert, whose foreign key takes it in key-share
          // mode: parallel bookings on one pack would each hold that and then wait for the others'.
          if (balanceId !== undefined) await createBalancesRepository(tx).lock(auth.licenseId, balanceId);
          const { row: inserted, mailId } = await createBookingsRepository(tx).insertCreated(
            auth.licenseId,
            id,
            { ...values, giftVoucherId },
            draft && mailer ? mailer.mails.newMail(draft) : undefined,
          );
          if (mailId !== null && !draft?.parked) mailIds.push(mailId);
          // The pack, locked after the calendar too, is spent: its session names the booking it paid.
          if (balanceId !== undefined)
            await spendPackSession(tx, auth.licenseId, {
              balanceId,
              customerId: body.customerId,
              productId: product.id,
              bookingId: inserted.id,
              userId: auth.userId,
            });
          return inserted;
        });
        dispatch(mailIds);
        // What paid it otherwise (the voucher's code, the pack's or programme's name) is read back.
        if (paidOtherwise) return this.get(auth, row.id);
        return toBooking(row, {
          orderId: null,
          giftVoucherCode: null,
          balanceName: null,
          subscriptionName: null,
        });
      } catch (error) {
        // The product or customer deleted meanwhile: the checks now name it.
        if (isForeignKeyViolation(error)) {
          const again = await createProductsRepository(db).find(auth.licenseId, body.productId);
          await checkReferences(auth, {
            calendarId: body.bookingCalendarId,
            customerId: body.customerId,
            product: again,
          });
        }
        throw error;
      }
    },

    /**
     * Locks the room of an order's bookings at once, before any is booked (`lockBookingRoom`: their
     * calendars in id order, then every UTC day of every line in one ascending order), so that orders
     * booking on several days or calendars never deadlock. A line without a valid start or a duration
     * is left out: `bookForOrderLine` refuses it before it locks anything.
     */
    async lockForOrderLines(
      tx: DbOrTx,
      auth: AuthContext,
      lines: { bookingCalendarId: number; startsAt: string; durationInMinutes: number | null }[],
    ) {
      await lockBookingRoom(
        tx,
        auth.licenseId,
        lines.flatMap((l) => {
          const startsAt = parseClientInstant(l.startsAt, auth.timeZone);
          if (!startsAt || l.durationInMinutes === null) return [];
          const endsAt = new Date(startsAt.getTime() + l.durationInMinutes * MINUTE);
          return [{ calendarId: l.bookingCalendarId, startsAt, endsAt }];
        }),
      );
    },

    /**
     * Books an order line's units inside the order's transaction `tx`: the checks of `create` on the
     * locked calendar and days, the booking linked to the line. The customer is the order's, already
     * checked. Fields in refusals are the booking's own (bookingCalendarId, startsAt, productId).
     */
    async bookForOrderLine(
      tx: DbOrTx,
      auth: AuthContext,
      b: {
        bookingCalendarId: number;
        product: ProductRow;
        customerId: number;
        startsAt: string;
        quantity: number;
        priceCents: number;
        orderLineId: number;
      },
      /** Collects the confirmation's mail id, for the caller to dispatch after its commit. */
      mailIds?: number[],
    ): Promise<BookingRow> {
      const startsAt = startOf(auth, b.startsAt);
      const problem = productProblem(b.product, b.bookingCalendarId);
      if (problem) throw invalid(problem.field, problem.message);
      const length = b.product.durationInMinutes!;
      // Already held when the order locked all its lines' room at once (`lockForOrderLines`).
      const calendar = await lockRoom(tx, auth.licenseId, b.bookingCalendarId, startsAt, length);
      const unitSpaces = b.product.spacesOccupiedInTheCalendar ?? 1;
      await checkRoom(tx, auth, calendar, { startsAt, length, unitSpaces, quantity: b.quantity });
      const booking = await createBookingsRepository(tx).insert(auth.licenseId, {
        bookingCalendarId: calendar.id,
        productId: b.product.id,
        customerId: b.customerId,
        orderLineId: b.orderLineId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + length * MINUTE),
        quantity: b.quantity,
        spaces: b.quantity * unitSpaces,
        priceCents: b.priceCents,
        notes: null,
        status: 'confirmed',
      });
      if (mailIds) await confirm(tx, auth.licenseId, booking.id, 'booking_created', mailIds);
      return booking;
    },

    /**
     * Holds `quantity` units of `product` at `startsAt` on its calendar while a checkout is paid online,
     * in the caller's transaction `tx` (its order written first, as an order's bookings are): the locks
     * and every check of a booking's creation (`lockRoom`, `checkRoom`: the engine's rules against the
     * confirmed bookings and the live holds), then the hold, which takes its room until `expiresAt`.
     * Throws the booking's refusals (409 bookingFull, bookingTooSoon…).
     */
    async hold(
      tx: DbOrTx,
      auth: AuthContext,
      h: {
        product: Pick<ProductRow, 'id' | 'durationInMinutes' | 'spacesOccupiedInTheCalendar'>;
        calendarId: number;
        customerId: number;
        startsAt: Date;
        quantity: number;
        orderId: number | null;
        tokenHash: string;
        language: string | null;
        expiresAt: Date;
      },
    ): Promise<BookingHoldRow> {
      const length = h.product.durationInMinutes!;
      const unitSpaces = h.product.spacesOccupiedInTheCalendar ?? 1;
      const calendar = await lockRoom(tx, auth.licenseId, h.calendarId, h.startsAt, length);
      await checkRoom(tx, auth, calendar, { startsAt: h.startsAt, length, unitSpaces, quantity: h.quantity });
      return createBookingHoldsRepository(tx).insert({
        licenseId: auth.licenseId,
        bookingCalendarId: calendar.id,
        productId: h.product.id,
        customerId: h.customerId,
        orderId: h.orderId,
        startsAt: h.startsAt,
        endsAt: new Date(h.startsAt.getTime() + length * MINUTE),
        quantity: h.quantity,
        spaces: h.quantity * unitSpaces,
        expiresAt: h.expiresAt,
        tokenHash: h.tokenHash,
        language: h.language,
        state: 'held',
      });
    },

    /**
     * The order paying for a hold turned paid (in its transaction, the order locked): the hold, locked,
     * becomes its booking, linked to the order's line, its confirmation queued as any booking's. It stops
     * counting itself first; then only the room is checked (the start's other rules held when it was
     * taken): a live hold always fits, an expired or released one fits while nobody took its place. No
     * room: the hold is marked `refund_due` (the caller gives the money back once committed), never an
     * overbooking. Answers what happened, `none` when the order pays for no hold.
     */
    async bookHold(
      tx: DbOrTx,
      licenseId: number,
      orderId: number,
      line: { id: number; unitPriceCents: number },
      mailIds: number[],
    ): Promise<{ outcome: 'booked' | 'full' | 'none'; hold?: BookingHoldRow; bookingId?: number }> {
      const holds = createBookingHoldsRepository(tx);
      const hold = await holds.lockOfOrder(licenseId, orderId);
      if (!hold || (hold.state !== 'held' && hold.state !== 'released')) return { outcome: 'none' };
      await holds.update(licenseId, hold.id, { state: 'confirmed' });
      const length = Math.round((hold.endsAt.getTime() - hold.startsAt.getTime()) / MINUTE);
      const calendar = await lockRoom(tx, licenseId, hold.bookingCalendarId, hold.startsAt, length);
      const r = createBookingsRepository(tx);
      const others = await r.occupancyBetween(licenseId, calendar.id, hold.startsAt, hold.endsAt);
      if (freeSpacesDuring(calendar, others, hold.startsAt, hold.endsAt) < hold.spaces) {
        await holds.update(licenseId, hold.id, { state: 'refund_due' });
        return { outcome: 'full', hold };
      }
      const booking = await r.insert(licenseId, {
        bookingCalendarId: calendar.id,
        productId: hold.productId,
        customerId: hold.customerId,
        orderLineId: line.id,
        startsAt: hold.startsAt,
        endsAt: hold.endsAt,
        quantity: hold.quantity,
        spaces: hold.spaces,
        priceCents: line.unitPriceCents,
        notes: null,
        status: 'confirmed',
      });
      await holds.update(licenseId, hold.id, { bookingId: booking.id });
      await confirm(tx, licenseId, booking.id, 'booking_created', mailIds);
      return { outcome: 'booked', hold, bookingId: booking.id };
    },

    /**
     * The bookings sold by order lines that go (the lines are removed, or their order deleted): those
     * still ahead have their customer told they are cancelled, then all of them go.
     */
    async removeForOrderLines(tx: DbOrTx, licenseId: number, orderLineIds: number[], mailIds: number[]) {
      const r = createBookingsRepository(tx);
      const now = new Date();
      for (const lineId of orderLineIds)
        for (const id of await r.aheadOfLine(licenseId, lineId, now))
          await confirm(tx, licenseId, id, 'booking_cancelled', mailIds);
      await r.removeForOrderLines(licenseId, orderLineIds);
    },

    /** Sends the confirmations a caller's transaction queued, once it has committed. */
    dispatchMails: dispatch,

    /**
     * A refund gives back units of an order line (see the repository's `releaseRefunded`); a booking
     * still ahead that loses all its units goes, and its customer gets the cancellation.
     */
    async releaseRefunded(
      tx: DbOrTx,
      licenseId: number,
      orderLineId: number,
      unitsLeft: number,
      now: Date,
      mailIds: number[],
    ) {
      const r = createBookingsRepository(tx);
      if (unitsLeft <= 0) {
        for (const id of await r.aheadOfLine(licenseId, orderLineId, now))
          await confirm(tx, licenseId, id, 'booking_cancelled', mailIds);
      }
      await r.releaseRefunded(licenseId, orderLineId, unitsLeft, now);
    },

    /**
     * Changes a booking. Another start or calendar is a move: it follows the product's rules (whether
     * the date may change and how many times) unless `overrideRescheduleRules`, counts in
     * rescheduleCount, and the new start is checked like a new booking's. Keeping its place with more
     * units only needs the room for them. The booking keeps its length and spaces per unit.
     */
    async update(auth: AuthContext, id: number, body: UpdateBody): Promise<Booking> {
      const startsAt = startOf(auth, body.startsAt);
      const current = await recordOrNotFound(auth, id);
      const product = (await createProductsRepository(db).find(auth.licenseId, current.productId))!;
      const refs = { calendarId: body.bookingCalendarId, customerId: body.customerId };
      await checkReferences(auth, refs);
      // A product bound to a calendar is only moved onto that one; the booking's own calendar stays valid.
      const bound = product.bookingCalendarId;
      if (
        body.bookingCalendarId !== current.bookingCalendarId &&
        bound !== null &&
        bound !== body.bookingCalendarId
      )
        throw invalid('bookingCalendarId', 'the product is booked on another calendar');
      const mailIds: number[] = [];
      try {
        const row = await db.transaction(async (tx) => {
          const r = createBookingsRepository(tx);
          const booking = await r.lock(auth.licenseId, id);
          if (!booking) throw notFound();
          if (booking.status === 'cancelled' && body.status === 'confirmed')
            throw new AppError(
              'conflict',
              undefined,
              'A cancelled booking is not confirmed again: book anew',
            );
          if (booking.status === 'confirmed' && body.status === 'cancelled') {
            // Cancelled: only its notes change with it; its voucher's use or pack session comes back in time.
            await givePaymentBack(tx, auth, booking);
            const cancelled = await r.update(auth.licenseId, id, {
              status: 'cancelled',
              notes: body.notes ?? null,
            });
            if (booking.startsAt.getTime() > Date.now())
              await confirm(tx, auth.licenseId, id, 'booking_cancelled', mailIds);
            return cancelled;
          }
          // A session or a subscription paid one unit for its holder: another customer or more units would be free.
          if (
            (booking.balanceId !== null || booking.subscriptionId !== null) &&
            (body.customerId !== booking.customerId || body.quantity !== booking.quantity)
          )
            throw new AppError('bookingPrepaidKeepsCustomer');
          const moved =
            booking.startsAt.getTime() !== startsAt.getTime() ||
            booking.bookingCalendarId !== body.bookingCalendarId;
          if (moved && !body.overrideRescheduleRules) {
            if (!product.canCustomersChangeTheBookingDate) throw new AppError('bookingRescheduleNotAllowed');
            const limit = product.howManyTimesCanCustomerRescheduleBooking;
            if (limit !== null && booking.rescheduleCount >= limit)
              throw new AppError('bookingRescheduleLimit');
          }
          const length = Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / MINUTE);
          const unitSpaces = booking.spaces / booking.quantity;
          const spaces = body.quantity * unitSpaces;
          if (moved || spaces > booking.spaces) {
            // Both calendars and the days of the place it leaves and of the one it takes, all at once in
            // one order: two moves between the same calendars cannot deadlock.
            const locked = await lockBookingRoom(tx, auth.licenseId, [
              { calendarId: booking.bookingCalendarId, startsAt: booking.startsAt, endsAt: booking.endsAt },
              {
                calendarId: body.bookingCalendarId,
                startsAt,
                endsAt: new Date(startsAt.getTime() + length * MINUTE),
              },
            ]);
            const calendar = locked.get(body.bookingCalendarId);
            if (!calendar) throw invalid('bookingCalendarId', 'unknown booking calendar');
            if (moved) {
              await checkRoom(tx, auth, calendar, {
                startsAt,
                length,
                unitSpaces,
                quantity: body.quantity,
                exceptId: booking.id,
              });
            } else {
              const endsAt = booking.endsAt;
              const others = await r.occupancyBetween(
                auth.licenseId,
                calendar.id,
                startsAt,
                endsAt,
                booking.id,
              );
              const free = freeSpacesDuring(calendar, others, startsAt, endsAt);
              if (free < spaces) throw full(free, spaces);
            }
          }
          const updated = await r.update(auth.licenseId, id, {
            bookingCalendarId: body.bookingCalendarId,
            customerId: body.customerId,
            startsAt,
            endsAt: new Date(startsAt.getTime() + length * MINUTE),
            quantity: body.quantity,
            spaces,
            priceCents: eurosToCents(body.price),
            notes: body.notes ?? null,
            rescheduleCount: booking.rescheduleCount + (moved ? 1 : 0),
          });
          if (updated && booking.startsAt.getTime() !== startsAt.getTime())
            await confirm(tx, auth.licenseId, id, 'booking_moved', mailIds, booking.startsAt);
          return updated;
        });
        if (!row) throw notFound();
        dispatch(mailIds);
        return toBooking(row, current);
      } catch (error) {
        if (isForeignKeyViolation(error)) await checkReferences(auth, refs);
        throw error;
      }
    },

    /**
     * Deletes a booking; one sold in an order goes with its order (409 conflict). One paid with a gift
     * voucher or a pack's session gives it back when deleted at least the free-cancellation hours before
     * its start.
     */
    async remove(auth: AuthContext, id: number) {
      const mailIds: number[] = [];
      const removed = await db.transaction(async (tx) => {
        const r = createBookingsRepository(tx);
        const booking = await r.lock(auth.licenseId, id);
        if (!booking || booking.orderLineId !== null) return false;
        await givePaymentBack(tx, auth, booking);
        // Rendered before it goes: the cancellation tells what was booked.
        if (booking.startsAt.getTime() > Date.now())
          await confirm(tx, auth.licenseId, id, 'booking_cancelled', mailIds);
        return r.removeUnsold(auth.licenseId, id);
      });
      if (removed) {
        dispatch(mailIds);
        return;
      }
      await recordOrNotFound(auth, id);
      throw new AppError('conflict', undefined, 'A booking sold in an order is changed through its order');
    },

    /**
     * Its customer moves a booking (the signed link, issue 20) to `startsAt` on its own calendar, in one
     * transaction: the booking locked (parallel moves of it take turns), still ahead and confirmed (else
     * 409 bookingNotChangeable), the product's rules for customers (`canCustomersChangeTheBookingDate`,
     * else 409 bookingCustomerMoveNotAllowed; `howManyTimesCanCustomerRescheduleBooking` against its
     * `customerMoves`, else 409 bookingCustomerMoveLimit), then the staff move's own locks and checks
     * (`lockBookingRoom` over the place it leaves and the one it takes, `checkRoom` without its own places:
     * capacity with live holds, notice, forecast, open times). It keeps its length, units and price, counts
     * in rescheduleCount and in its customer moves (`booking_customer_moves`), and its customer gets the move's mail.
     */
    async moveByCustomer(auth: AuthContext, id: number, startsAt: Date): Promise<BookingRow> {
      const mailIds: number[] = [];
      const row = await db.transaction(async (tx) => {
        const r = createBookingsRepository(tx);
        const booking = await r.lock(auth.licenseId, id);
        if (!booking) throw notFound();
        if (booking.status !== 'confirmed' || booking.startsAt.getTime() <= Date.now())
          throw new AppError('bookingNotChangeable');
        const product = await createProductsRepository(tx).find(auth.licenseId, booking.productId);
        if (!product?.canCustomersChangeTheBookingDate) throw new AppError('bookingCustomerMoveNotAllowed');
        const limit = product.howManyTimesCanCustomerRescheduleBooking;
        const moves = await customerMovesOf(tx, auth.licenseId, booking.id);
        if (limit !== null && moves >= limit) throw new AppError('bookingCustomerMoveLimit');
        if (booking.startsAt.getTime() === startsAt.getTime())
          throw invalid('startsAt', 'the booking already starts then');
        const length = Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / MINUTE);
        const endsAt = new Date(startsAt.getTime() + length * MINUTE);
        const calendarId = booking.bookingCalendarId;
        const locked = await lockBookingRoom(tx, auth.licenseId, [
          { calendarId, startsAt: booking.startsAt, endsAt: booking.endsAt },
          { calendarId, startsAt, endsAt },
        ]);
        const calendar = locked.get(calendarId);
        if (!calendar) throw notFound();
        await checkRoom(tx, auth, calendar, {
          startsAt,
          length,
          unitSpaces: booking.spaces / booking.quantity,
          quantity: booking.quantity,
          exceptId: booking.id,
        });
        const updated = await r.update(auth.licenseId, id, {
          startsAt,
          endsAt,
          rescheduleCount: booking.rescheduleCount + 1,
        });
        if (!updated) throw notFound();
        await tx
          .insert(bookingCustomerMoves)
          .values({ bookingId: id, licenseId: auth.licenseId, moves: 1 })
          .onConflictDoUpdate({
            target: bookingCustomerMoves.bookingId,
            set: { moves: sql`${bookingCustomerMoves.moves} + 1` },
          });
        await confirm(tx, auth.licenseId, id, 'booking_moved', mailIds, booking.startsAt);
        return updated;
      });
      dispatch(mailIds);
      return row;
    },

    /**
     * Its customer cancels a booking not paid online (the signed link, issue 20), in one transaction: the
     * booking locked, `check` run on it (the caller's rules: still ahead, within the free-cancellation
     * window; it throws to refuse), then cancelled as staff cancel it: its gift voucher's use or pack
     * session comes back (`givePaymentBack`), the cancellation mailed. Answers what came back.
     */
    async cancelByCustomer(
      auth: AuthContext,
      id: number,
      check: (booking: BookingRow) => void,
    ): Promise<{ row: BookingRow; returned: 'giftVoucherUse' | 'packSession' | 'nothing' }> {
      const mailIds: number[] = [];
      const result = await db.transaction(async (tx) => {
        const r = createBookingsRepository(tx);
        const booking = await r.lock(auth.licenseId, id);
        if (!booking) throw notFound();
        check(booking);
        const returned = await givePaymentBack(tx, auth, booking);
        const row = await r.update(auth.licenseId, id, { status: 'cancelled' });
        if (!row) throw notFound();
        if (booking.startsAt.getTime() > Date.now())
          await confirm(tx, auth.licenseId, id, 'booking_cancelled', mailIds);
        return { row, returned };
      });
      dispatch(mailIds);
      return result;
    },

    /**
     * A booking paid online is cancelled by its customer inside the refund's transaction `tx` (the refund
     * workflow's release of the order line, see the public service): it stays on record, cancelled and
     * linked to its line, instead of going, and its customer gets the cancellation.
     */
    async cancelForRefund(tx: DbOrTx, licenseId: number, id: number, mailIds: number[]) {
      const row = await createBookingsRepository(tx).update(licenseId, id, { status: 'cancelled' });
      if (!row) throw notFound();
      await confirm(tx, licenseId, id, 'booking_cancelled', mailIds);
      return row;
    },

    /** Locks a booking in `tx` (answers it, undefined when the company has none such). */
    lockInTransaction(tx: DbOrTx, licenseId: number, id: number) {
      return createBookingsRepository(tx).lock(licenseId, id);
    },

    async setAttended(auth: AuthContext, id: number, attended: boolean): Promise<Booking> {
      if (!(await repo.update(auth.licenseId, id, { attended }))) throw notFound();
      return this.get(auth, id);
    },
  };
}
export type BookingsService = ReturnType<typeof createBookingsService>;
