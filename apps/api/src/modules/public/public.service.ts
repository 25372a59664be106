import {
  type CheckoutState,
  centsToEuros,
  checkoutHoldMinutes,
  defaultWidgetColor,
  ErrorCode,
  isBookableType,
  type Language,
  type PublicAvailability,
  type PublicCheckout,
  type PublicCompany,
  type PublicProduct,
  type publicAvailabilityQuery,
  type publicCheckoutBody,
} from '@mostrador/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { bookingCode } from '../../lib/booking-codes.js';
import type { SecretBox } from '../../lib/secrets.js';
import { parseClientInstant, zonedToInstant } from '../../lib/time.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { PaidOrder, PaidOrderGrant } from '../../workflows/order-paid.js';
import type { OrderWorkflowDeps } from '../../workflows/order-steps.js';
import { priceOrder } from '../../workflows/order-steps.js';
import { refundOrder } from '../../workflows/refund-order.js';
import { availabilityReads } from '../bookings/availability-reads.js';
import { type BookingHoldRow, createBookingHoldsRepository } from '../bookings/booking-holds.repository.js';
import { bookingHolds } from '../bookings/booking-holds.table.js';
import type { BookingsService } from '../bookings/bookings.service.js';
import { bookings } from '../bookings/bookings.table.js';
import { availabilityColumns, rulesOf } from '../calendars/availability.js';
import { createCalendarsRepository } from '../calendars/calendars.repository.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import type { FilesService } from '../files/files.service.js';
import { createLicensesRepository } from '../licenses/licenses.repository.js';
import { createOrdersRepository } from '../orders/orders.repository.js';
import type { PaymentsService } from '../payments/payments.service.js';
import { createProductsRepository, type ProductRow } from '../products/products.repository.js';
import { products, productTranslations } from '../products/products.table.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createBookingManager } from './manage-booking.js';

type AvailabilityQuery = z.output<typeof publicAvailabilityQuery>;
type CheckoutBody = z.output<typeof publicCheckoutBody>;

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The caller of a public request, as the services take it: nobody signed in, the license the code
 * names, selling online only (`sales_online`), `userId` null (orders.created_by stays null, as for what
 * the server places by itself).
 */
function customerAuth(licenseId: number, timeZone: string): AuthContext {
  return {
    sessionId: 0,
    userId: null as unknown as number,
    licenseId,
    isPlatform: false,
    roles: [],
    permissions: new Set(['sales_online']),
    grantable: new Set(),
    supportUserId: null,
    timeZone,
  };
}

/** A product the public sees: enabled and sold online. */
const isPublic = (p: Pick<ProductRow, 'status' | 'sellOnline'>) => p.status === 'enabled' && p.sellOnline;
/** A public product a customer books on a calendar (its own calendar and a length). */
const isBookedOnCalendar = (p: Pick<ProductRow, 'type' | 'durationInMinutes' | 'bookingCalendarId'>) =>
  isBookableType(p.type) && p.durationInMinutes !== null && p.bookingCalendarId !== null;

/** The company's local date (YYYY-MM-DD) of an instant. */
function localDateOf(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (ms: number) => format.format(new Date(ms));
}

/**
 * The public API of a company (`/v1/public/{licenseCode}`, issue 20): its face, its products sold
 * online, their availability, and checkouts: paid with a gift voucher (booked at once) or online (the
 * place held, booking-holds.table.ts, while an order awaits its payment; the payment's settlement turns
 * the hold into the booking through `grantForPaidOrder`, a `PaidOrderGrant`).
 */
export function createPublicService(deps: {
  db: Db;
  settings: SettingsService;
  bookings: BookingsService;
  payments: PaymentsService;
  files: FilesService;
  orders: OrderWorkflowDeps;
  secretBox: SecretBox;
  publicUrl: string;
  log?: (obj: object, msg: string) => void;
}) {
  const { db } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  /** The active company a code names (never the platform): else 404. */
  async function companyOf(licenseCode: string) {
    const license = await createLicensesRepository(db).findByCode(licenseCode);
    if (license?.status !== 'active' || license.isPlatform) throw notFound();
    const settings = await deps.settings.ofLicense(license.id);
    return { license, settings, auth: customerAuth(license.id, settings.timeZone) };
  }

  /** The customer's signed link: the booking its code names, seen, moved and cancelled (manage-booking.ts). */
  const manager = createBookingManager({
    db,
    bookings: deps.bookings,
    orders: deps.orders,
    secretBox: deps.secretBox,
    companyOf,
  });

  const fileUrl = (licenseCode: string, fileId: number) =>
    `${publicUrl}/v1/public/${encodeURIComponent(licenseCode)}/files/${fileId}`;

  /** A public product of the company, else 404 (unknown, another company's, not sold online). */
  async function publicProduct(licenseId: number, productId: number) {
    const product = await createProductsRepository(db).find(licenseId, productId);
    if (!product || !isPublic(product)) throw notFound();
    return product;
  }

  /** The booking a customer is shown: what, when, and its signed code. */
  async function bookingSummary(licenseId: number, bookingId: number) {
    const [row] = await db
      .select({
        productId: bookings.productId,
        productName: products.name,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        quantity: bookings.quantity,
      })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .where(and(eq(bookings.licenseId, licenseId), eq(bookings.id, bookingId)));
    if (!row) return null;
    return {
      productId: row.productId,
      productName: row.productName,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      quantity: row.quantity,
      bookingCode: bookingCode(deps.secretBox, licenseId, bookingId),
    };
  }

  /** The customer the checkout names by email, found in the company or created. */
  async function customerFor(licenseId: number, body: CheckoutBody) {
    return db.transaction(async (tx) => {
      // One at a time per address: two checkouts of a new customer at once make one customer.
      await tx.execute(sql`select pg_advisory_xact_lock(${licenseId}, hashtext(${body.customer.email}))`);
      const customers = createCustomersRepository(tx);
      const found = await customers.findByEmail(licenseId, body.customer.email);
      if (found) return found.id;
      const row = await customers.insert(licenseId, {
        name: body.customer.name,
        surname: body.customer.surname || null,
        email: body.customer.email,
        phone: body.customer.phone,
        language: body.language,
      });
      return row.id;
    });
  }

  /**
   * A hold whose payment came too late for its place (`refund_due`): the sale refunded through its
   * gateway (the refund workflow), the checkout failed. The hold is read locked first, so this waits for
   * the settlement that marked it to commit; a refused refund leaves it due (tried again on the next
   * read of the checkout).
   */
  async function refundDue(licenseId: number, holdId: number) {
    const hold = await db.transaction((tx) => createBookingHoldsRepository(tx).lock(licenseId, holdId));
    if (hold?.state !== 'refund_due' || hold.orderId === null) return;
    const settings = await deps.settings.ofLicense(licenseId);
    try {
      await refundOrder(deps.orders, customerAuth(licenseId, settings.timeZone), hold.orderId, {
        notes: 'Paid after its hold ended: no place left',
      });
    } catch (error) {
      // Refunded already (a parallel read did it): the checkout has failed all the same.
      if (!(error instanceof AppError && error.code === ErrorCode.orderNotRefundable)) {
        deps.log?.({ holdId, error: String(error) }, 'checkout refund failed; kept due');
        return;
      }
    }
    await createBookingHoldsRepository(db).update(licenseId, holdId, { state: 'failed' });
  }

  async function stateOf(licenseId: number, hold: BookingHoldRow, token: string): Promise<PublicCheckout> {
    const base = {
      checkout: token,
      payUrl: null,
      holdExpiresAt: hold.expiresAt.toISOString(),
      booking: null,
    };
    if (hold.state === 'confirmed' && hold.bookingId !== null) {
      const booking = await bookingSummary(licenseId, hold.bookingId);
      if (booking) return { ...base, status: 'confirmed', booking };
    }
    if (hold.state === 'refund_due') await refundDue(licenseId, hold.id);
    let status: CheckoutState = 'failed';
    let payUrl: string | null = null;
    if (hold.state === 'held') {
      if (hold.expiresAt.getTime() > Date.now() && hold.orderId !== null) {
        status = 'awaiting_payment';
        payUrl = await deps.payments.linkUrlOf(db, licenseId, hold.orderId);
      } else status = 'expired';
    }
    return { ...base, status, payUrl };
  }

  const service = {
    /**
     * The origins a browser may call the company's public API from (CORS): those of its settings'
     * `widgetUrl` and `web`; none for an unknown or switched-off license.
     */
    async corsOrigins(licenseCode: string): Promise<string[]> {
      const license = await createLicensesRepository(db).findByCode(licenseCode);
      if (license?.status !== 'active' || license.isPlatform) return [];
      const settings = await deps.settings.ofLicense(license.id);
      return [settings.widgetUrl, settings.web].flatMap((url) => {
        if (!url) return [];
        try {
          const { origin } = new URL(url);
          return origin === 'null' ? [] : [origin];
        } catch {
          return [];
        }
      });
    },

    async company(licenseCode: string): Promise<PublicCompany> {
      const { settings } = await companyOf(licenseCode);
      const other = settings.otherLanguages.filter((l) => l !== settings.locale);
      return {
        name: settings.companyName ?? '',
        logoUrl: settings.logo ? fileUrl(licenseCode, settings.logo) : null,
        color: settings.widgetColor ?? defaultWidgetColor,
        languages: [settings.locale, ...other],
        mainLanguage: settings.locale,
        timeZone: settings.timeZone,
      };
    },

    /** The products sold online, in `language` (its translation, else the main language's texts). */
    async products(licenseCode: string, language?: Language): Promise<{ items: PublicProduct[] }> {
      const { license, settings } = await companyOf(licenseCode);
      const wanted = language ?? settings.locale;
      const t = productTranslations;
      const rows = await db
        .select({
          product: products,
          name: sql<string>`coalesce(nullif(${t.name}, ''), ${products.name})`,
          description: sql<string | null>`coalesce(nullif(${t.description}, ''), ${products.description})`,
        })
        .from(products)
        .leftJoin(
          t,
          and(eq(t.productId, products.id), eq(t.licenseId, products.licenseId), eq(t.language, wanted)),
        )
        .where(
          and(
            eq(products.licenseId, license.id),
            eq(products.status, 'enabled'),
            eq(products.sellOnline, true),
          ),
        )
        .orderBy(products.name, products.id);
      return {
        items: rows.map(({ product: p, name, description }) => ({
          id: p.id,
          name,
          description,
          price: centsToEuros(p.priceCents),
          duration: p.publicDuration ?? p.durationInMinutes,
          imageUrl: p.image ? fileUrl(licenseCode, p.image) : null,
          bookable: isBookedOnCalendar(p),
        })),
      };
    },

    /**
     * The start times of a public product over the company's days [from, to), each day with the start
     * times that take at least one unit and how many units are free there: the availability engine over
     * the calendar's schedule, anomalies, notice and forecast, counting confirmed bookings and live holds.
     */
    async availability(
      licenseCode: string,
      productId: number,
      query: AvailabilityQuery,
    ): Promise<PublicAvailability> {
      const { license, settings } = await companyOf(licenseCode);
      const product = await publicProduct(license.id, productId);
      if (!isBookedOnCalendar(product)) throw invalid('id', 'not a product booked on a calendar');
      const timeZone = settings.timeZone;
      const day = (date: string) => {
        const [year, month, d] = date.split('-').map(Number);
        return zonedToInstant({ year: year!, month: month!, day: d! }, timeZone);
      };
      const calendarId = product.bookingCalendarId!;
      const from = new Date(day(query.from).getTime() - DAY);
      const to = new Date(day(query.to).getTime() + DAY);
      const [calendar, { anomalies, bookings: taken }] = await Promise.all([
        createCalendarsRepository(db).find(license.id, calendarId),
        availabilityReads(db, license.id, calendarId, product.id, from, to),
      ]);
      if (!calendar) throw notFound();
      const columns = availabilityColumns({
        timeZone,
        now: new Date(),
        from: query.from,
        to: query.to,
        calendar: rulesOf(calendar),
        anomalies,
        product: {
          durationInMinutes: product.durationInMinutes!,
          spaces: product.spacesOccupiedInTheCalendar ?? 1,
        },
        bookings: taken,
      });
      const dateOf = localDateOf(timeZone);
      const days = new Map<string, { startsAt: string; freePlaces: number }[]>();
      for (let d = Date.parse(`${query.from}T00:00:00Z`); d < Date.parse(`${query.to}T00:00:00Z`); d += DAY)
        days.set(new Date(d).toISOString().slice(0, 10), []);
      for (let i = 0; i < columns.starts.length; i++) {
        const places = Math.floor(columns.freeSpaces[i]! / columns.spaces);
        if (places < 1) continue;
        const start = columns.starts[i]!;
        days.get(dateOf(start))?.push({ startsAt: new Date(start).toISOString(), freePlaces: places });
      }
      return {
        productId: product.id,
        timeZone,
        days: [...days].map(([date, slots]) => ({ date, slots })),
      };
    },

    /**
     * A customer books and pays. With a gift voucher: booked at once through the bookings service (the
     * staff's creation with the voucher's code). Online: in one transaction, the order awaiting payment
     * (priced from the product, its payment link made), then the place held under the booking's locks
     * and checks for `checkoutHoldMinutes`; the answer names the payment page and the checkout's token.
     */
    async checkout(licenseCode: string, body: CheckoutBody): Promise<PublicCheckout> {
      const { license, settings, auth } = await companyOf(licenseCode);
      const product = await createProductsRepository(db).find(license.id, body.productId);
      if (!product || !isPublic(product)) throw invalid('productId', 'unknown product');
      if (!isBookedOnCalendar(product)) throw invalid('productId', 'not a product booked on a calendar');
      const startsAt = parseClientInstant(body.startsAt, settings.timeZone);
      if (!startsAt) throw invalid('startsAt', 'must be an ISO date-time');
      if (body.payment.method === 'giftVoucher' && body.quantity !== 1)
        throw invalid('quantity', 'a gift voucher pays a booking of one unit');
      // Sold online is a plain booking: a gift product's sale would give a voucher besides, a
      // subscription's its sessions; they are booked with what pays them.
      if (body.payment.method === 'online' && product.type !== 'bookable')
        throw invalid('payment.method', 'this product is booked with a gift voucher or a subscription');
      const customerId = await customerFor(license.id, body);
      const calendarId = product.bookingCalendarId!;

      if (body.payment.method === 'giftVoucher') {
        const booking = await deps.bookings.create(auth, {
          bookingCalendarId: calendarId,
          productId: product.id,
          customerId,
          startsAt: startsAt.toISOString(),
          quantity: 1,
          giftVoucherCode: body.payment.code,
        } as Parameters<BookingsService['create']>[1]);
        return {
          status: 'confirmed',
          checkout: null,
          payUrl: null,
          holdExpiresAt: null,
          booking: await bookingSummary(license.id, booking.id),
        };
      }

      const token = newToken();
      const expiresAt = new Date(Date.now() + checkoutHoldMinutes * MINUTE);
      const payUrl = await db.transaction(async (tx) => {
        // The order first, as every order's writes come before its bookings' locks (no deadlock).
        const priced = await priceOrder(tx, auth, {
          customerId,
          status: 'awaiting_payment',
          paymentMethod: 'online',
          lines: [
            {
              productId: product.id,
              quantity: body.quantity,
              unitPrice: centsToEuros(product.priceCents),
              discount: 0,
            },
          ],
        });
        await deps.payments.prepareOnline(tx, license.id);
        const orders = createOrdersRepository(tx);
        const order = await orders.insert(license.id, {
          customerId,
          status: 'awaiting_payment',
          paymentMethod: 'online',
          notes: null,
          taxBaseCents: priced.taxBaseCents,
          totalCents: priced.totalCents,
          paymentDate: null,
          cashRegisterId: null,
          createdBy: null,
        });
        await orders.insertLines(
          license.id,
          order,
          priced.lines.map((l) => l.values),
        );
        await deps.payments.ensureLink(tx, license.id, order.id);
        await deps.bookings.hold(tx, auth, {
          product,
          calendarId,
          customerId,
          startsAt,
          quantity: body.quantity,
          orderId: order.id,
          tokenHash: hashToken(token),
          language: body.language,
          expiresAt,
        });
        return deps.payments.linkUrlOf(tx, license.id, order.id);
      });
      return {
        status: 'awaiting_payment',
        checkout: token,
        payUrl,
        holdExpiresAt: expiresAt.toISOString(),
        booking: null,
      };
    },

    /** A checkout's state by its token: 404 when the company has none such. */
    async checkoutState(licenseCode: string, token: string): Promise<PublicCheckout> {
      const { license } = await companyOf(licenseCode);
      const hold = await createBookingHoldsRepository(db).byTokenHash(license.id, hashToken(token));
      if (!hold) throw notFound();
      return stateOf(license.id, hold, token);
    },

    /**
     * A public file: the company's logo or the image of a product it sells online (nothing else of the
     * company's files is public), else 404.
     */
    async file(licenseCode: string, fileId: number) {
      const { license, settings, auth } = await companyOf(licenseCode);
      if (settings.logo !== fileId) {
        const [used] = await db
          .select({ id: products.id })
          .from(products)
          .where(
            and(
              eq(products.licenseId, license.id),
              eq(products.image, fileId),
              eq(products.status, 'enabled'),
              eq(products.sellOnline, true),
            ),
          )
          .limit(1);
        if (!used) throw notFound();
      }
      return deps.files.download(auth, fileId);
    },

    /** The booking a customer's signed code names, as its customer sees it (404 for any other code). */
    managedBooking: manager.view,
    /** The start times its customer may move the booking to (409 when it cannot be moved). */
    managedBookingAvailability: manager.availability,
    /** Its customer moves the booking (the product's rules, then the staff move's checks). */
    moveBooking: manager.move,
    /** Its customer cancels the booking in the free window (what paid it comes back). */
    cancelBooking: manager.cancel,

    /**
     * Where the customer's link `/b/<code>` leads: the license code of an active company whose booking
     * the code validly names, else null (a malformed, altered or foreign code, a deleted booking).
     */
    async bookingLinkTarget(code: string): Promise<string | null> {
      return manager.linkTarget(code, async (licenseId) => {
        const license = await createLicensesRepository(db).find(licenseId);
        return license?.status === 'active' && !license.isPlatform ? license.code : null;
      });
    },

    /**
     * What a paid sale gives its buyer, for a checkout's order: the hold becomes its booking in the
     * settlement's transaction (the bookings service's `bookHold`), its confirmation queued; paid too
     * late for a place taken since, the money goes back once the settlement has committed.
     */
    async grantForPaidOrder(tx: Parameters<PaidOrderGrant['grantForPaidOrder']>[0], paid: PaidOrder) {
      const [held] = await tx
        .select({ id: bookingHolds.id })
        .from(bookingHolds)
        .where(and(eq(bookingHolds.licenseId, paid.licenseId), eq(bookingHolds.orderId, paid.orderId)));
      if (!held) return;
      const [line] = await createOrdersRepository(tx).lines(paid.licenseId, paid.orderId);
      if (!line) return;
      const result = await deps.bookings.bookHold(
        tx,
        paid.licenseId,
        paid.orderId,
        { id: line.id, unitPriceCents: line.unitPriceCents },
        paid.mailIds,
      );
      if (!result.hold) return;
      const { licenseId } = paid;
      const holdId = result.hold.id;
      const mailIds = [...paid.mailIds];
      // After the commit (reading the hold locked waits for this transaction to end): the booking's
      // confirmation is handed to the sender (else the outbox's sweep sends it), or the money goes back.
      setImmediate(() => {
        const after =
          result.outcome === 'full'
            ? refundDue(licenseId, holdId)
            : db
                .transaction((t) => createBookingHoldsRepository(t).lock(licenseId, holdId))
                .then(() => deps.bookings.dispatchMails(mailIds));
        after.catch((error) => deps.log?.({ holdId, error: String(error) }, 'checkout follow-up failed'));
      });
    },
  } satisfies PaidOrderGrant & Record<string, unknown>;
  return service;
}
export type PublicService = ReturnType<typeof createPublicService>;
