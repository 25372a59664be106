import { type FieldError, isBookableType, type PaymentMethod } from '@mostrador/contract';
import type { Db, DbOrTx } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import type { AuthContext } from '../lib/auth-context.js';
import { isForeignKeyViolation } from '../lib/db-errors.js';
import { linkCharged, lockChargeable } from '../modules/bookings/booking-charges.js';
import type { BookingsService } from '../modules/bookings/bookings.service.js';
import { createCashRegistersRepository } from '../modules/cash-registers/cash-registers.repository.js';
import { createCustomersRepository } from '../modules/customers/customers.repository.js';
import type { InvoicesService } from '../modules/invoices/invoices.service.js';
import type { OrderBody } from '../modules/orders/order-rules.js';
import { type PricedLine, priceLines } from '../modules/orders/pricing.js';
import type { PaymentsService } from '../modules/payments/payments.service.js';
import { createProductsRepository } from '../modules/products/products.repository.js';
import { createTaxesRepository } from '../modules/taxes/taxes.repository.js';
import type { PaidOrderGrant } from './order-paid.js';

/*
 * Steps the order workflows share, each reading or writing through the module that owns the tables.
 */

export interface OrderWorkflowDeps {
  db: Db;
  bookings: BookingsService;
  /** Invoices a paid sale (simplified) and a refund of an invoiced one (rectifying). */
  invoices?: InvoicesService;
  /** Online orders: the gateway checked, the payment link made, refunds through the gateway. */
  payments?: Pick<PaymentsService, 'prepareOnline' | 'ensureLink' | 'refundThroughGateway' | 'recordRefusal'>;
  /** What a paid sale gives its buyer (vouchers, pack sessions, credit): `onOrderPaid`. */
  grants?: readonly PaidOrderGrant[];
}

/** The customer an order names, read in `tx`: 400 when unknown, 1000047 online without an email. */
export async function checkCustomer(
  tx: DbOrTx,
  auth: AuthContext,
  customerId: number | null,
  paymentMethod: PaymentMethod,
) {
  const customer =
    customerId === null ? undefined : await createCustomersRepository(tx).find(auth.licenseId, customerId);
  if (customerId !== null && !customer)
    throw new AppError('validation', [{ field: 'customerId', message: 'unknown customer' }]);
  if (paymentMethod === 'online' && !customer?.email) throw new AppError('onlineOrderCustomerWithoutEmail');
}

/**
 * The order's lines priced from the company's products and taxes, read in `tx` with the products locked
 * in share mode (a type change waits): 400 naming each unknown product or customer and each booking on a
 * product that takes none; 1000047 for an online order whose customer has no email.
 */
export async function priceOrder(tx: DbOrTx, auth: AuthContext, body: OrderBody) {
  const customerId = body.customerId ?? null;
  const ids = [...new Set(body.lines.map((l) => l.productId))];
  const [found, customer] = await Promise.all([
    createProductsRepository(tx).findManyForShare(auth.licenseId, ids),
    customerId === null ? undefined : createCustomersRepository(tx).find(auth.licenseId, customerId),
  ]);
  const products = new Map(found.map((p) => [p.id, p]));
  const errors: FieldError[] = [];
  if (customerId !== null && !customer) errors.push({ field: 'customerId', message: 'unknown customer' });
  body.lines.forEach((l, i) => {
    const product = products.get(l.productId);
    if (!product) errors.push({ field: `lines.${i}.productId`, message: 'unknown product' });
    else if (l.booking && !isBookableType(product.type))
      errors.push({ field: `lines.${i}.booking`, message: 'the product is not booked on a calendar' });
    if ((l.booking || l.bookingId !== undefined) && customerId === null)
      errors.push({ field: 'customerId', message: 'a line with a booking needs a customer' });
  });
  if (errors.length) throw new AppError('validation', errors);
  // A pack's sessions and a credit's money are the buyer's: such a sale names its customer.
  if (customerId === null && found.some((p) => p.type === 'pack' || p.type === 'credit'))
    throw new AppError('balanceSaleWithoutCustomer', [
      { field: 'customerId', message: 'a pack or credit is sold to a customer' },
    ]);
  if (body.paymentMethod === 'online' && !customer?.email)
    throw new AppError('onlineOrderCustomerWithoutEmail');

  const taxIds = [...new Set(found.map((p) => p.taxId))];
  const taxRows = await createTaxesRepository(tx).findMany(auth.licenseId, taxIds);
  const taxes = new Map(taxRows.map((t) => [t.id, t.percentage]));
  return { ...priceLines(body.lines, products, taxes), customerId };
}

/** The open register for a cash or card sale, locked in share mode (a closing waits): 409 1000013. */
export async function lockOpenRegister(tx: DbOrTx, auth: AuthContext) {
  const register = await createCashRegistersRepository(tx).lockOpen(auth.licenseId, 'share');
  if (!register) throw new AppError('cashRegisterClosed');
  return register;
}

/** A priced line that carries a booking, and the order line written for it. */
export interface LineToBook {
  /** Its place in the request (refusals name `lines.<index>.booking.*`). */
  index: number;
  lineId: number;
  line: PricedLine;
}

/** The priced lines that carry a booking, with the ids their written lines got (same order). */
export const linesToBook = (lines: PricedLine[], written: { id: number }[], indexOf = (k: number) => k) =>
  lines.flatMap((line, k): LineToBook[] =>
    line.body.booking ? [{ index: indexOf(k), lineId: written[k]!.id, line }] : [],
  );

/**
 * Books the lines through the bookings module in the order's transaction, the room of all of them locked
 * first in one order (calendars in id order, then their days: no deadlock between orders). Answers the
 * booking id of each line id.
 */
export async function bookLines(
  tx: DbOrTx,
  deps: OrderWorkflowDeps,
  auth: AuthContext,
  customerId: number,
  toBook: LineToBook[],
  /** Collects the bookings' confirmation mails, to dispatch after the commit; none when not given. */
  mailIds?: number[],
) {
  const booked = new Map<number, number>();
  if (!toBook.length) return booked;
  await deps.bookings.lockForOrderLines(
    tx,
    auth,
    toBook.map(({ line }) => ({
      bookingCalendarId: line.body.booking!.bookingCalendarId,
      startsAt: line.body.booking!.startsAt,
      durationInMinutes: line.product.durationInMinutes,
    })),
  );
  for (const { index, lineId, line } of toBook) {
    try {
      const booking = await deps.bookings.bookForOrderLine(
        tx,
        auth,
        {
          bookingCalendarId: line.body.booking!.bookingCalendarId,
          product: line.product,
          customerId,
          startsAt: line.body.booking!.startsAt,
          quantity: line.body.quantity,
          priceCents: line.values.unitPriceCents,
          orderLineId: lineId,
        },
        mailIds,
      );
      booked.set(lineId, booking.id);
    } catch (error) {
      throw prefixed(error, `lines.${index}.booking.`);
    }
  }
  return booked;
}

/** A validation error's fields moved under `prefix` (a booking's refusal names the line's fields). */
function prefixed(error: unknown, prefix: string): unknown {
  if (!(error instanceof AppError) || !Array.isArray(error.details)) return error;
  const fields = error.details.map((d) => ({ ...d, field: `${prefix}${d.field}` }));
  return new AppError('validation', fields, error.message);
}

/** A foreign key refusing a write (a product or customer deleted meanwhile) names the fields again. */
export async function rethrowNamed(
  error: unknown,
  deps: OrderWorkflowDeps,
  auth: AuthContext,
  body: OrderBody,
): Promise<never> {
  if (isForeignKeyViolation(error)) await priceOrder(deps.db, auth, body);
  throw error;
}

/** A new line that charges a booking made before (in the calendar), and its place in the request. */
export interface LineToCharge {
  index: number;
  line: PricedLine;
}

/**
 * The bookings new lines charge, locked and checked before anything is written (400 naming the line's
 * field): the company's, of the order's customer and the line's product and quantity, confirmed, and
 * not sold yet (nor twice in one order). Marks those lines as charging a booking.
 */
export async function checkCharges(
  tx: DbOrTx,
  auth: AuthContext,
  customerId: number | null,
  toCharge: LineToCharge[],
) {
  if (!toCharge.length) return;
  const ids = toCharge.map((c) => c.line.body.bookingId!);
  const found = new Map((await lockChargeable(tx, auth.licenseId, [...new Set(ids)])).map((b) => [b.id, b]));
  const errors: FieldError[] = [];
  const seen = new Set<number>();
  for (const { index, line } of toCharge) {
    const id = line.body.bookingId!;
    const field = `lines.${index}.bookingId`;
    const booking = found.get(id);
    if (!booking) errors.push({ field, message: 'unknown booking' });
    else if (seen.has(id)) errors.push({ field, message: 'the booking is charged by another line' });
    else if (booking.customerId !== customerId)
      errors.push({ field, message: "the booking is another customer's" });
    else if (booking.productId !== line.product.id)
      errors.push({ field: `lines.${index}.productId`, message: "the booking's product is another" });
    else if (booking.quantity !== line.body.quantity)
      errors.push({ field: `lines.${index}.quantity`, message: `the booking is for ${booking.quantity}` });
    else if (booking.status !== 'confirmed') errors.push({ field, message: 'the booking is cancelled' });
    else if (booking.orderLineId !== null) errors.push({ field, message: 'the booking is sold already' });
    seen.add(id);
    line.values = { ...line.values, chargesBooking: true };
  }
  if (errors.length) throw new AppError('validation', errors);
}

/** The checked bookings are charged by the lines written for them (same order as `written`). */
export async function linkCharges(
  tx: DbOrTx,
  auth: AuthContext,
  lines: PricedLine[],
  written: { id: number }[],
) {
  const pairs = lines.flatMap((line, k) =>
    line.body.bookingId === undefined ? [] : [{ bookingId: line.body.bookingId, lineId: written[k]!.id }],
  );
  await linkCharged(tx, auth.licenseId, pairs);
}
