import {
  centsToEuros,
  eurosToCents,
  type FieldError,
  isBookableType,
  type ListQuery,
  type Order,
  type OrderListItem,
  type orderBody,
  physicalPaymentMethods,
  type refundBody,
  refundShare,
  taxBaseOf,
} from '@mostrador/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { pageOf } from '../../lib/list.js';
import type { AuthContext } from '../../plugins/auth.js';
import { createBookingsRepository } from '../bookings/bookings.repository.js';
import type { BookingsService } from '../bookings/bookings.service.js';
import { createCalendarsRepository } from '../calendars/calendars.repository.js';
import { createCashRegistersRepository } from '../cash-registers/cash-registers.repository.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import { createProductsRepository, type ProductRow } from '../products/products.repository.js';
import { createTaxesRepository } from '../taxes/taxes.repository.js';
import {
  createOrdersRepository,
  type OrderLineRecord,
  type OrderLineValues,
  type OrderRow,
} from './orders.repository.js';

type Body = z.output<typeof orderBody>;
type LineBody = Body['lines'][number];
type RefundBody = z.output<typeof refundBody>;

const maxCents = 2_147_483_647;

function toOrder(row: OrderRow, lines: OrderLineRecord[]): Order {
  return {
    id: row.id,
    code: row.code,
    customerId: row.customerId,
    status: row.status,
    paymentMethod: row.paymentMethod,
    notes: row.notes,
    taxBase: centsToEuros(row.taxBaseCents),
    taxes: centsToEuros(row.totalCents - row.taxBaseCents),
    total: centsToEuros(row.totalCents),
    invoiceCode: row.invoiceCode,
    paymentDate: row.paymentDate?.toISOString() ?? null,
    paymentTransactionToken: row.paymentTransactionToken,
    originalOrderId: row.originalOrderId,
    cashRegisterId: row.cashRegisterId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      productName: l.productName,
      quantity: l.quantity,
      unitPrice: centsToEuros(l.unitPriceCents),
      discount: centsToEuros(l.discountCents),
      taxPercentage: l.taxPercentage / 100,
      taxBase: centsToEuros(l.taxBaseCents),
      total: centsToEuros(l.totalCents),
      refundedQuantity: l.refundedQuantity,
      bookingId: l.bookingId,
      originalLineId: l.originalLineId,
    })),
  };
}

/** A validation error's fields moved under `prefix` (a booking's refusal names the line's fields). */
function prefixed(error: unknown, prefix: string): unknown {
  if (!(error instanceof AppError) || !Array.isArray(error.details)) return error;
  const fields = error.details.map((d) => ({ ...d, field: `${prefix}${d.field}` }));
  return new AppError('validation', fields, error.message);
}

const isPhysical = (method: Body['paymentMethod']) => physicalPaymentMethods.includes(method);

export function createOrdersService(deps: { db: Db; bookings: BookingsService }) {
  const { db, bookings } = deps;
  const repo = createOrdersRepository(db);

  /** Cash and card sales (and refunds) need `sales_physical`, online ones `sales_online`. */
  function checkPaymentPermission(auth: AuthContext, method: Body['paymentMethod']) {
    if (isPhysical(method) && !auth.permissions.has('sales_physical'))
      throw new AppError('forbidden', undefined, 'Cash and card sales need the sales_physical permission');
    if (method === 'online' && !auth.permissions.has('sales_online'))
      throw new AppError('forbidden', undefined, 'Online sales need the sales_online permission');
  }

  /** The payment method's permission and the customer rules that need no lookup. */
  function checkRules(auth: AuthContext, body: Body) {
    checkPaymentPermission(auth, body.paymentMethod);
    if (body.status === 'refunded') throw invalid('status', 'an order becomes refunded through its refunds');
    const customerId = body.customerId ?? null;
    if (body.paymentMethod === 'online' && customerId === null)
      throw new AppError('onlineOrderWithoutCustomer');
    if (body.status === 'awaiting_payment' && customerId === null)
      throw new AppError('awaitingPaymentWithoutCustomer');
  }

  /**
   * The lines' figures from the company's products and taxes, read in `tx` with the products locked in
   * share mode (a type change waits): 400 naming each unknown product or customer.
   */
  async function priceLines(tx: DbOrTx, auth: AuthContext, body: Body) {
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
      if (l.booking && customerId === null)
        errors.push({ field: 'customerId', message: 'a line with a booking needs a customer' });
    });
    if (errors.length) throw new AppError('validation', errors);
    if (body.paymentMethod === 'online' && !customer?.email)
      throw new AppError('onlineOrderCustomerWithoutEmail');

    const taxIds = [...new Set(found.map((p) => p.taxId))];
    const taxRows = await createTaxesRepository(tx).findMany(auth.licenseId, taxIds);
    const taxes = new Map(taxRows.map((t) => [t.id, t.percentage]));

    let taxBaseCents = 0;
    let totalCents = 0;
    const lines = body.lines.map((l: LineBody, i) => {
      const product = products.get(l.productId)!;
      const unitPriceCents = eurosToCents(l.unitPrice);
      const discountCents = eurosToCents(l.discount);
      const lineTotal = unitPriceCents * l.quantity - discountCents;
      if (lineTotal > maxCents) throw invalid(`lines.${i}.quantity`, 'the line total is too large');
      const taxPercentage = taxes.get(product.taxId) ?? 0;
      const lineTaxBase = taxBaseOf(lineTotal, taxPercentage);
      taxBaseCents += lineTaxBase;
      totalCents += lineTotal;
      const values: OrderLineValues = {
        productId: product.id,
        quantity: l.quantity,
        unitPriceCents,
        discountCents,
        taxPercentage,
        taxBaseCents: lineTaxBase,
        totalCents: lineTotal,
      };
      return { body: l, product, values };
    });
    if (totalCents > maxCents) throw invalid('lines', 'the order total is too large');
    return { lines, taxBaseCents, totalCents, customerId };
  }

  /** The open register for a cash or card sale, locked in share mode (a closing waits): 409 1000013. */
  async function openRegister(tx: DbOrTx, auth: AuthContext) {
    const register = await createCashRegistersRepository(tx).lockOpen(auth.licenseId, 'share');
    if (!register) throw new AppError('cashRegisterClosed');
    return register;
  }

  /** Books the new lines that carry a booking, calendars locked in id order (no deadlock between orders). */
  async function bookLines(
    tx: DbOrTx,
    auth: AuthContext,
    customerId: number,
    toBook: { index: number; lineId: number; body: LineBody; product: ProductRow; priceCents: number }[],
  ) {
    const calendarIds = [...new Set(toBook.map((b) => b.body.booking!.bookingCalendarId))].sort(
      (a, b) => a - b,
    );
    for (const id of calendarIds) await createCalendarsRepository(tx).lock(auth.licenseId, id);
    const booked = new Map<number, number>();
    for (const b of toBook) {
      try {
        const booking = await bookings.bookForOrderLine(tx, auth, {
          bookingCalendarId: b.body.booking!.bookingCalendarId,
          product: b.product,
          customerId,
          startsAt: b.body.booking!.startsAt,
          quantity: b.body.quantity,
          priceCents: b.priceCents,
          orderLineId: b.lineId,
        });
        booked.set(b.lineId, booking.id);
      } catch (error) {
        throw prefixed(error, `lines.${b.index}.booking.`);
      }
    }
    return booked;
  }

  /**
   * A deleted refund gives its units back to the original's lines (the original, locked, is a sale
   * again). Bookings it released are not restored: their places may be taken since.
   */
  async function undoRefund(tx: DbOrTx, auth: AuthContext, originalId: number, lines: OrderLineRecord[]) {
    const r = createOrdersRepository(tx);
    const original = await r.lock(auth.licenseId, originalId);
    if (!original) return;
    for (const line of lines)
      if (line.originalLineId !== null)
        await r.addRefunded(auth.licenseId, line.originalLineId, line.quantity); // quantity is negative
    if (original.status === 'refunded') await r.update(auth.licenseId, originalId, { status: 'paid' });
  }

  async function answer(auth: AuthContext, id: number, tx: DbOrTx = db) {
    const r = createOrdersRepository(tx);
    const row = await r.find(auth.licenseId, id);
    if (!row) throw notFound();
    return toOrder(row, await r.lines(auth.licenseId, id));
  }

  /** Foreign keys refusing a write (a product or customer deleted meanwhile) name the fields again. */
  async function rethrow(error: unknown, auth: AuthContext, body: Body): Promise<never> {
    if (isForeignKeyViolation(error)) await priceLines(db, auth, body);
    throw error;
  }

  return {
    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await repo.list(auth.licenseId, { ...query, timeZone: auth.timeZone });
      const items: OrderListItem[] = rows.map((r) => ({
        id: r.id,
        originalOrderId: r.originalOrderId,
        code: r.code,
        image: r.image,
        createdAt: r.createdAt.toISOString(),
        contactEmail: r.contactEmail,
        contactPhone: r.contactPhone,
        companyName: r.companyName,
        name: r.name,
        surname: r.surname,
        amount: centsToEuros(r.totalCents),
        status: r.status,
        invoiceCode: r.invoiceCode,
        paymentDate: r.paymentDate?.toISOString() ?? null,
        paymentMethod: r.paymentMethod,
        paymentTransactionToken: r.paymentTransactionToken,
        customerId: r.customerId,
        cashRegisterId: r.cashRegisterId,
      }));
      return pageOf(items, count, query);
    },

    async get(auth: AuthContext, id: number): Promise<Order> {
      return answer(auth, id);
    },

    /**
     * Creates an order, its lines and the bookings its lines carry in one transaction; a cash or card
     * sale is attached to the open register.
     */
    async create(auth: AuthContext, body: Body): Promise<Order> {
      checkRules(auth, body);
      if (body.lines.some((l) => l.id !== undefined))
        throw invalid('lines.0.id', 'a new order has no lines yet');
      try {
        return await db.transaction(async (tx) => {
          const priced = await priceLines(tx, auth, body);
          const register = isPhysical(body.paymentMethod) ? await openRegister(tx, auth) : undefined;
          const r = createOrdersRepository(tx);
          const order = await r.insert(auth.licenseId, {
            customerId: priced.customerId,
            status: body.status,
            paymentMethod: body.paymentMethod,
            notes: body.notes ?? null,
            taxBaseCents: priced.taxBaseCents,
            totalCents: priced.totalCents,
            paymentDate: body.status === 'paid' ? new Date() : null,
            cashRegisterId: register?.id ?? null,
            createdBy: auth.userId,
          });
          const inserted = await r.insertLines(
            auth.licenseId,
            order,
            priced.lines.map((l) => l.values),
          );
          const toBook = priced.lines.flatMap((l, index) =>
            l.body.booking
              ? [
                  {
                    index,
                    lineId: inserted[index]!.id,
                    body: l.body,
                    product: l.product,
                    priceCents: l.values.unitPriceCents,
                  },
                ]
              : [],
          );
          const booked = toBook.length
            ? await bookLines(tx, auth, priced.customerId!, toBook)
            : new Map<number, number>();
          // Answered from what was written: nothing else touches a new order inside its transaction.
          return toOrder(
            order,
            inserted.map((line, index) => ({
              ...line,
              productName: priced.lines[index]!.product.name,
              bookingId: booked.get(line.id) ?? null,
            })),
          );
        });
      } catch (error) {
        return rethrow(error, auth, body);
      }
    },

    /**
     * Changes an order: its fields and lines (a line with `id` is changed in place and keeps its booking;
     * lines left out go with their bookings; new lines with a booking book it). paymentDate is set when
     * the order becomes paid.
     */
    async update(auth: AuthContext, id: number, body: Body): Promise<Order> {
      checkRules(auth, body);
      try {
        return await db.transaction(async (tx) => {
          const r = createOrdersRepository(tx);
          const current = await r.lock(auth.licenseId, id);
          if (!current) throw notFound();
          if (current.originalOrderId !== null) throw new AppError('refundNotEditable');
          const currentLines = await r.lines(auth.licenseId, id);
          const byId = new Map(currentLines.map((l) => [l.id, l]));
          const errors: FieldError[] = [];
          body.lines.forEach((l, i) => {
            if (l.id === undefined) return;
            const line = byId.get(l.id);
            if (!line) errors.push({ field: `lines.${i}.id`, message: 'not a line of this order' });
            else if (line.bookingId !== null && line.productId !== l.productId)
              errors.push({
                field: `lines.${i}.productId`,
                message: 'a line with a booking keeps its product',
              });
          });
          if (errors.length) throw new AppError('validation', errors);
          const priced = await priceLines(tx, auth, body);

          // A cash or card order stays on its register while nothing it counts changes; otherwise it
          // moves to the open one, which must be open.
          let cashRegisterId: number | null = null;
          if (isPhysical(body.paymentMethod)) {
            const unchanged =
              current.cashRegisterId !== null &&
              current.paymentMethod === body.paymentMethod &&
              current.status === body.status &&
              current.totalCents === priced.totalCents;
            cashRegisterId = unchanged ? current.cashRegisterId : (await openRegister(tx, auth)).id;
          }
          const paymentDate =
            body.status === 'paid' ? (current.status === 'paid' ? current.paymentDate : new Date()) : null;
          await r.update(auth.licenseId, id, {
            customerId: priced.customerId,
            status: body.status,
            paymentMethod: body.paymentMethod,
            notes: body.notes ?? null,
            taxBaseCents: priced.taxBaseCents,
            totalCents: priced.totalCents,
            paymentDate,
            cashRegisterId,
          });

          const kept = new Set(body.lines.flatMap((l) => (l.id === undefined ? [] : [l.id])));
          const gone = currentLines.filter((l) => !kept.has(l.id)).map((l) => l.id);
          await createBookingsRepository(tx).removeForOrderLines(auth.licenseId, gone);
          await r.removeLines(auth.licenseId, gone);
          const fresh = priced.lines.filter((l) => l.body.id === undefined);
          const inserted = await r.insertLines(
            auth.licenseId,
            { id, cashRegisterId },
            fresh.map((l) => l.values),
          );
          for (const l of priced.lines)
            if (l.body.id !== undefined) await r.updateLine(auth.licenseId, l.body.id, l.values);
          const toBook = fresh.flatMap((l, k) =>
            l.body.booking
              ? [
                  {
                    index: priced.lines.indexOf(l),
                    lineId: inserted[k]!.id,
                    body: l.body,
                    product: l.product,
                    priceCents: l.values.unitPriceCents,
                  },
                ]
              : [],
          );
          if (toBook.length) await bookLines(tx, auth, priced.customerId!, toBook);
          return answer(auth, id, tx);
        });
      } catch (error) {
        return rethrow(error, auth, body);
      }
    },

    /**
     * Refunds a paid sale: all that is left, or the chosen lines and quantities. The refund is a new paid
     * order pointing at the original, with negative quantities and amounts (each line's share of what it
     * sold, so partial refunds add up to the cent), in the original's payment method unless another is
     * given; cash and card refunds go on the open register. The original is locked first: parallel
     * refunds take turns and none gives back more than is left (409 1000128). Bookings still ahead
     * shrink with their refunded units or go; past ones stay. The original becomes `refunded` when
     * nothing is left.
     */
    async refund(auth: AuthContext, id: number, body: RefundBody): Promise<Order> {
      const paymentMethodOf = (original: OrderRow) => body.paymentMethod ?? original.paymentMethod;
      return db.transaction(async (tx) => {
        const r = createOrdersRepository(tx);
        const original = await r.lock(auth.licenseId, id);
        if (!original) throw notFound();
        if (original.originalOrderId !== null)
          throw new AppError('orderNotRefundable', undefined, 'A refund cannot be refunded');
        if (original.status !== 'paid' && original.status !== 'refunded')
          throw new AppError('orderNotRefundable', undefined, 'Only a paid order can be refunded');
        const paymentMethod = paymentMethodOf(original);
        checkPaymentPermission(auth, paymentMethod);
        const lines = await r.lines(auth.licenseId, id);
        const byId = new Map(lines.map((l) => [l.id, l]));
        const left = (l: OrderLineRecord) => l.quantity - l.refundedQuantity;

        let wanted: { line: OrderLineRecord; quantity: number }[];
        if (body.lines) {
          const unknown: FieldError[] = [];
          const over: FieldError[] = [];
          wanted = [];
          body.lines.forEach((w, i) => {
            const line = byId.get(w.lineId);
            if (!line) unknown.push({ field: `lines.${i}.lineId`, message: 'not a line of this order' });
            else if (w.quantity > left(line))
              over.push({ field: `lines.${i}.quantity`, message: `at most ${left(line)}` });
            else wanted.push({ line, quantity: w.quantity });
          });
          if (unknown.length) throw new AppError('validation', unknown);
          if (over.length) throw new AppError('refundExceedsRemaining', over);
        } else {
          wanted = lines.filter((l) => left(l) > 0).map((line) => ({ line, quantity: left(line) }));
          if (!wanted.length)
            throw new AppError('orderNotRefundable', undefined, 'Everything in this order is refunded');
        }

        const shares = wanted.map((w) => ({ ...w, share: refundShare(w.line, w.quantity) }));
        const register = isPhysical(paymentMethod) ? await openRegister(tx, auth) : undefined;
        const refund = await r.insert(auth.licenseId, {
          customerId: original.customerId,
          status: 'paid',
          paymentMethod,
          notes: body.notes ?? null,
          taxBaseCents: -shares.reduce((sum, s) => sum + s.share.taxBaseCents, 0),
          totalCents: -shares.reduce((sum, s) => sum + s.share.totalCents, 0),
          paymentDate: new Date(),
          cashRegisterId: register?.id ?? null,
          originalOrderId: original.id,
          createdBy: auth.userId,
        });
        await r.insertLines(
          auth.licenseId,
          refund,
          shares.map(({ line, share }) => ({
            productId: line.productId,
            quantity: -share.quantity,
            unitPriceCents: line.unitPriceCents,
            discountCents: -share.discountCents,
            taxPercentage: line.taxPercentage,
            taxBaseCents: -share.taxBaseCents,
            totalCents: -share.totalCents,
            originalLineId: line.id,
          })),
        );
        const now = new Date();
        const bookingsRepo = createBookingsRepository(tx);
        for (const { line, quantity } of wanted) {
          await r.addRefunded(auth.licenseId, line.id, quantity);
          if (line.bookingId !== null)
            await bookingsRepo.releaseRefunded(auth.licenseId, line.id, left(line) - quantity, now);
        }
        const refundedAll = lines.every(
          (l) => left(l) === (wanted.find((w) => w.line.id === l.id)?.quantity ?? 0),
        );
        if (refundedAll) await r.update(auth.licenseId, original.id, { status: 'refunded' });
        return answer(auth, refund.id, tx);
      });
    },

    /** Deletes an order with its lines and the bookings they sold; an invoiced one stays (1000006). */
    async remove(auth: AuthContext, id: number) {
      await db.transaction(async (tx) => {
        const r = createOrdersRepository(tx);
        const order = await r.lock(auth.licenseId, id);
        if (!order) throw notFound();
        if (order.invoiceCode !== null) throw new AppError('orderHasInvoice');
        const lines = await r.lines(auth.licenseId, id);
        if (order.originalOrderId !== null) await undoRefund(tx, auth, order.originalOrderId, lines);
        await createBookingsRepository(tx).removeForOrderLines(
          auth.licenseId,
          lines.map((l) => l.id),
        );
        try {
          await r.remove(auth.licenseId, id);
        } catch (error) {
          // A refund points at it.
          if (isForeignKeyViolation(error))
            throw new AppError('conflict', undefined, 'An order with refunds cannot be deleted');
          throw error;
        }
      });
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
