import {
  type CashCountLine,
  cashDenominations,
  centsToEuros,
  eurosToCents,
  type OrderStatus,
  type PaymentMethod,
  type ProductType,
  refundShare,
  taxBaseOf,
  type Weekday,
} from '@mostrador/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import {
  bookingCalendars,
  bookings,
  cashRegisters,
  customers,
  orderLines,
  orders,
  products,
  taxes,
  users,
} from '../db/schema.js';
import { zonedToInstant } from '../lib/time.js';
import { registerFigures } from '../modules/cash-registers/cash-registers.service.js';
import type { ClosingFigures } from '../modules/cash-registers/cash-registers.table.js';
import { cashCountOf } from '../modules/cash-registers/register-figures.js';
import { random } from './random.js';

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Two years of registers and counter sales back, as the bookings. */
const daysBack = 730;
/** Rows per INSERT statement. */
const batch = 1000;

const weekdayOf: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
};

const closingNotes = [
  'Sin incidencias',
  'Cuadre correcto',
  'Faltan 0,50 € en monedas',
  'Sobran 2 € en el cajón',
  'Datáfono lento por la tarde',
  'Cambio de 50 € en monedas pedido al banco',
  'Cierre hecho por Lucía',
];
/** What the drawer held against what it should: the notes that say so, else mostly exact. */
const countDifferenceCents = (notes: string | null, r: number) =>
  notes === 'Faltan 0,50 € en monedas'
    ? -50
    : notes === 'Sobran 2 € en el cajón'
      ? 200
      : notes === 'Cuadre correcto' || notes === 'Sin incidencias' || r < 0.9
        ? 0
        : [-1000, -200, -20, 10, 100][Math.floor(((r - 0.9) / 0.1) * 5)]!;

/** An amount in the fewest notes and coins, largest first (the demo's counts note by note). */
function inNotesAndCoins(cents: number): CashCountLine[] {
  const lines: CashCountLine[] = [];
  let rest = cents;
  for (const value of cashDenominations) {
    const unit = eurosToCents(value);
    const count = Math.floor(rest / unit);
    if (count > 0) lines.push({ value, count });
    rest -= count * unit;
  }
  return lines;
}

/** Counter products: how often each type sells against the others. */
const counterWeight: Partial<Record<ProductType, number>> = {
  regular: 5,
  pack: 1,
  credit: 1,
  bookable_gift: 1.5,
  subscription: 0.6,
  bookings_subscription: 0.3,
  program_subscription: 0.3,
  credit_subscription: 0.3,
};

interface Register {
  date: string;
  openedAt: Date;
  closesAt: Date;
  /** Null while today's is still open. */
  closedAt: Date | null;
  openedBy: number;
  closedBy: number | null;
  initialAmountCents: number;
  notes: string | null;
  id?: number;
}

interface Line {
  productId: number;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  taxPercentage: number;
  taxBaseCents: number;
  totalCents: number;
  refundedQuantity: number;
  bookingId?: number;
  /** On a refund's line. */
  original?: Line;
  id?: number;
}

interface Order {
  createdAt: Date;
  customerId: number | null;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentDate: Date | null;
  register: Register | null;
  createdBy: number | null;
  lines: Line[];
  original?: Order;
  updatedAt: Date;
  code?: number;
  id?: number;
}

export interface DemoOrdersResult {
  orders: number;
  refunds: number;
  registers: number;
}

/**
 * Two years of sales consistent with the demo bookings: each booking sold by an order (paid, or awaiting
 * payment for some to come), counter sales of the other products on every day the centre opened, about
 * 3 % refunded (cancelled bookings in full, some counter sales in part), and a register per open day
 * holding its cash and card sales and refunds, closed in the evening with its figures (today's stays
 * open once its opening hour has passed). Priced as the orders service prices, numbered in creation
 * order; written in one transaction, a thousand rows a statement.
 */
export async function seedDemoOrders(
  db: Db,
  options: { licenseId: number; timeZone: string; now?: Date },
): Promise<DemoOrdersResult> {
  const { licenseId, timeZone } = options;
  const now = options.now ?? new Date();
  const next = random(20_260_202);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const between = (from: number, to: number) => new Date(from + Math.floor(next() * Math.max(0, to - from)));

  const [productRows, taxRows, customerRows, staffRows, calendarRows] = await Promise.all([
    db
      .select({
        id: products.id,
        type: products.type,
        priceCents: products.priceCents,
        taxId: products.taxId,
      })
      .from(products)
      .where(eq(products.licenseId, licenseId))
      .orderBy(asc(products.id)),
    db
      .select({ id: taxes.id, percentage: taxes.percentage })
      .from(taxes)
      .where(eq(taxes.licenseId, licenseId)),
    db
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(eq(customers.licenseId, licenseId))
      .orderBy(asc(customers.id)),
    db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.licenseId, licenseId), inArray(users.username, ['demo', 'lucia'])))
      .orderBy(asc(users.id)),
    db
      .select({ schedule: bookingCalendars.schedule })
      .from(bookingCalendars)
      .where(eq(bookingCalendars.licenseId, licenseId)),
  ]);
  const bookingRows = await db
    .select({
      id: bookings.id,
      productId: bookings.productId,
      customerId: bookings.customerId,
      startsAt: bookings.startsAt,
      quantity: bookings.quantity,
      priceCents: bookings.priceCents,
      status: bookings.status,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .where(eq(bookings.licenseId, licenseId))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));

  const taxOf = new Map(taxRows.map((t) => [t.id, t.percentage]));
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const emailOf = new Map(customerRows.map((c) => [c.id, c.email]));
  const staff = staffRows.map((s) => s.id);
  const cashier = () => (staff.length ? pick(staff) : null);
  const regulars = customerRows.map((c) => c.id);
  const customer = () => regulars[Math.floor(regulars.length * next() ** 2)] ?? null;

  // The company's local date and clock of an instant.
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const localDate = (instant: Date) => parts.format(instant);
  const at = (date: string, minutes: number) => {
    const [year, month, day] = date.split('-').map(Number);
    return zonedToInstant(
      { year: year!, month: month!, day: day!, hour: Math.floor(minutes / 60), minute: minutes % 60 },
      timeZone,
    );
  };

  // The centre's hours on each weekday: from the earliest calendar opening to the latest closing.
  const hours = new Map<Weekday, { open: number; close: number }>();
  for (const weekday of weekdayOf) {
    const ranges = calendarRows.flatMap((c) => c.schedule[weekday]);
    if (!ranges.length) continue;
    hours.set(weekday, {
      open: Math.min(...ranges.map((r) => minutesOf(r.openAt))) - 15,
      close: Math.max(...ranges.map((r) => minutesOf(r.closedAt))) + 15,
    });
  }

  // A register on each day the centre opened (a day with bookings), opened before the first one.
  const today = localDate(now);
  const bookedDays = new Set(bookingRows.filter((b) => b.startsAt <= now).map((b) => localDate(b.startsAt)));
  const registers: Register[] = [];
  const registerOf = new Map<string, Register>();
  for (let offset = -daysBack; offset <= 0; offset++) {
    const date = addDays(today, offset);
    const h = hours.get(weekdayOf[new Date(`${date}T12:00:00Z`).getUTCDay()]!);
    if (!h || !(bookedDays.has(date) || date === today)) continue;
    const openedAt = at(date, h.open - Math.floor(next() * 10));
    if (openedAt >= now) continue;
    const closesAt = at(date, h.close + Math.floor(next() * 20));
    const open = date === today;
    const openedBy = cashier()!;
    const r = next();
    const register: Register = {
      date,
      openedAt,
      closesAt,
      closedAt: open ? null : closesAt,
      openedBy,
      closedBy: open ? null : next() < 0.8 ? openedBy : cashier(),
      initialAmountCents: r < 0.75 ? 30_000 : r < 0.9 ? 20_000 : r < 0.97 ? 25_000 : 15_000,
      notes: open || next() > 0.15 ? null : pick(closingNotes),
    };
    registers.push(register);
    registerOf.set(date, register);
  }
  /** The register taking a cash or card payment at that instant, if the centre was open. */
  const registerAt = (instant: Date) => {
    const register = registerOf.get(localDate(instant));
    return register && register.openedAt < instant && instant < (register.closedAt ?? now) && instant < now
      ? register
      : undefined;
  };

  const line = (productId: number, quantity: number, unitPriceCents: number, discountCents = 0): Line => {
    const product = productById.get(productId)!;
    const totalCents = unitPriceCents * quantity - discountCents;
    const taxPercentage = taxOf.get(product.taxId) ?? 0;
    return {
      productId,
      quantity,
      unitPriceCents,
      discountCents,
      taxPercentage,
      taxBaseCents: taxBaseOf(totalCents, taxPercentage),
      totalCents,
      refundedQuantity: 0,
    };
  };
  const sales: Order[] = [];
  const refunds: Order[] = [];

  /**
   * Refunds `wanted` units of the order's lines (all that is left when not given) at a time in
   * [from, to): cash and card refunds at a register, so at an instant one was open (or not at all).
   */
  function refund(order: Order, from: number, to: number, wanted?: Map<Line, number>) {
    let createdAt: Date | undefined;
    let register: Register | null = null;
    if (order.paymentMethod === 'cash' || order.paymentMethod === 'card') {
      const days = registers.filter((r) => r.openedAt.getTime() < to && (r.closedAt ?? now).getTime() > from);
      if (!days.length) return;
      register = days[Math.floor(next() ** 2 * days.length)]!;
      const start = Math.max(from, register.openedAt.getTime() + MINUTE);
      const end = Math.min(to, (register.closedAt ?? now).getTime() - MINUTE, now.getTime());
      if (end <= start) return;
      createdAt = between(start, end);
    } else {
      const end = Math.min(to, now.getTime() - MINUTE);
      if (end <= from) return;
      createdAt = between(from, end);
    }
    const lines: Line[] = [];
    for (const l of order.lines) {
      const quantity = wanted ? (wanted.get(l) ?? 0) : l.quantity - l.refundedQuantity;
      if (quantity <= 0) continue;
      const share = refundShare(l, quantity);
      lines.push({
        productId: l.productId,
        quantity: -share.quantity,
        unitPriceCents: l.unitPriceCents,
        discountCents: -share.discountCents,
        taxPercentage: l.taxPercentage,
        taxBaseCents: -share.taxBaseCents,
        totalCents: -share.totalCents,
        refundedQuantity: 0,
        original: l,
      });
      l.refundedQuantity += quantity;
    }
    if (!lines.length) return;
    if (order.lines.every((l) => l.refundedQuantity === l.quantity)) order.status = 'refunded';
    order.updatedAt = createdAt;
    refunds.push({
      createdAt,
      updatedAt: createdAt,
      customerId: order.customerId,
      status: 'paid',
      paymentMethod: order.paymentMethod,
      paymentDate: createdAt,
      register,
      createdBy: register ? cashier() : null,
      lines,
      original: order,
    });
  }

  // Each booking sold by its own order a few minutes before it was made: at the counter when the
  // centre was open, online (or by transfer) otherwise; a few to come are still awaiting payment.
  for (const b of bookingRows) {
    const createdAt = new Date(b.createdAt.getTime() - (1 + Math.floor(next() * 9)) * MINUTE);
    const future = b.startsAt > now;
    const register = registerAt(createdAt);
    let paymentMethod: PaymentMethod;
    let status: OrderStatus = 'paid';
    let paymentDate: Date | null = createdAt;
    if (register) paymentMethod = future || next() < 0.6 ? 'card' : 'cash';
    else {
      paymentMethod = emailOf.get(b.customerId) && next() < 0.85 ? 'online' : 'transfer';
      // Only bookings a day or more ahead still await payment: none starts while the demo is in use.
      if (b.startsAt.getTime() > now.getTime() + DAY && next() < 0.15) {
        status = 'awaiting_payment';
        paymentDate = null;
      } else if (paymentMethod === 'transfer') {
        paymentDate = new Date(Math.min(now.getTime() - MINUTE, createdAt.getTime() + next() * DAY));
      }
    }
    const order: Order = {
      createdAt,
      updatedAt: paymentDate ?? createdAt,
      customerId: b.customerId,
      status,
      paymentMethod,
      paymentDate,
      register: register ?? null,
      createdBy: register ? register.openedBy : null,
      lines: [{ ...line(b.productId, b.quantity, b.priceCents), bookingId: b.id }],
    };
    sales.push(order);
    // A cancelled booking was refunded in full before its day.
    if (b.status === 'cancelled' && status === 'paid')
      refund(order, createdAt.getTime() + 10 * MINUTE, Math.min(b.startsAt.getTime(), now.getTime()));
  }

  // Counter sales of the other products on every open day, some to passing customers; a few refunded.
  const counter = productRows.filter((p) => counterWeight[p.type]);
  const counterTotal = counter.reduce((sum, p) => sum + counterWeight[p.type]!, 0);
  const counterProduct = () => {
    let r = next() * counterTotal;
    for (const p of counter) {
      r -= counterWeight[p.type]!;
      if (r < 0) return p;
    }
    return counter[counter.length - 1]!;
  };
  for (const register of counter.length ? registers : []) {
    const end = Math.min((register.closedAt ?? now).getTime() - 10 * MINUTE, now.getTime() - MINUTE);
    const start = register.openedAt.getTime() + 10 * MINUTE;
    const count = 2 + Math.floor(next() * 7);
    for (let i = 0; i < count && end > start; i++) {
      const createdAt = between(start, end);
      const r = next();
      const size = r < 0.7 ? 1 : r < 0.92 ? 2 : 3;
      const chosen = new Set<(typeof counter)[number]>();
      for (let k = 0; k < size; k++) chosen.add(counterProduct());
      const lines = [...chosen].map((p) => {
        const quantity = p.type === 'regular' && next() < 0.3 ? 2 + Math.floor(next() * 2) : 1;
        // Now and then 10 % off the line.
        const discount = next() < 0.08 ? Math.round((p.priceCents * quantity) / 10) : 0;
        return line(p.id, quantity, p.priceCents, discount);
      });
      const onlyShop = [...chosen].every((p) => p.type === 'regular');
      const order: Order = {
        createdAt,
        updatedAt: createdAt,
        customerId: onlyShop && next() < 0.5 ? null : customer(),
        status: 'paid',
        paymentMethod: next() < 0.45 ? 'cash' : 'card',
        paymentDate: createdAt,
        register,
        createdBy: register.openedBy,
        lines,
      };
      sales.push(order);
      if (next() < 0.03) {
        // Half of them in part: some lines, or some of the units.
        let wanted: Map<Line, number> | undefined;
        if (next() < 0.5) {
          const one = pick(lines);
          if (lines.length > 1) wanted = new Map([[one, one.quantity]]);
          else if (one.quantity > 1) wanted = new Map([[one, 1]]);
        }
        refund(order, createdAt.getTime() + 5 * MINUTE, createdAt.getTime() + 14 * DAY, wanted);
      }
    }
  }

  // Numbered 1, 2, 3… in creation order, sales and refunds alike.
  const all = [...sales, ...refunds].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  all.forEach((o, i) => {
    o.code = i + 1;
  });

  await db.transaction(async (tx) => {
    for (let i = 0; i < registers.length; i += batch) {
      const chunk = registers.slice(i, i + batch);
      const ids = await tx
        .insert(cashRegisters)
        .values(
          chunk.map((r) => ({
            licenseId,
            openedAt: r.openedAt,
            openedBy: r.openedBy,
            initialAmountCents: r.initialAmountCents,
            closedAt: r.closedAt,
            closedBy: r.closedBy,
            notes: r.notes,
            createdAt: r.openedAt,
            updatedAt: r.closedAt ?? r.openedAt,
          })),
        )
        .returning({ id: cashRegisters.id, openedAt: cashRegisters.openedAt });
      ids.forEach((row, k) => {
        chunk[k]!.id = row.id;
      });
    }
    // Sales first, so that every refund finds its original's ids.
    await insertOrders(tx, licenseId, sales);
    await insertOrders(tx, licenseId, refunds);

    const sold = sales.flatMap((o) => o.lines.filter((l) => l.bookingId !== undefined));
    for (let i = 0; i < sold.length; i += batch) {
      const values = sold.slice(i, i + batch).map((l) => sql`(${l.bookingId}::int, ${l.id}::int)`);
      await tx.execute(sql`
        update ${bookings} set order_line_id = v.line_id
        from (values ${sql.join(values, sql`, `)}) as v(id, line_id)
        where ${bookings.id} = v.id`);
    }

    // The closing figures, as closing computes them, once the registers' orders are in.
    // Fresh statistics, or the figures' queries plan for empty tables (three times slower on PGlite).
    await tx.execute(sql`analyze ${orders}, ${orderLines}`);
    const closed = registers.filter((r) => r.closedAt);
    const figures: [number, ClosingFigures][] = [];
    for (const r of closed) {
      const f = await registerFigures(tx, licenseId, { id: r.id!, initialAmountCents: r.initialAmountCents });
      // The drawer counted at closing: note by note on about half the days, else as one amount.
      const countedCents = Math.max(
        0,
        eurosToCents(f.currentCashAmount) + countDifferenceCents(r.notes, next()),
      );
      const cashCount = cashCountOf(
        next() < 0.5
          ? { denominations: inNotesAndCoins(countedCents) }
          : { countedCash: centsToEuros(countedCents) },
        f,
      );
      figures.push([r.id!, { ...f, cashCount }]);
    }
    for (let i = 0; i < figures.length; i += 200) {
      const values: SQL[] = figures
        .slice(i, i + 200)
        .map(([id, f]) => sql`(${id}::int, ${JSON.stringify(f)}::jsonb)`);
      await tx.execute(sql`
        update ${cashRegisters} set closing_figures = v.figures
        from (values ${sql.join(values, sql`, `)}) as v(id, figures)
        where ${cashRegisters.id} = v.id`);
    }
  });
  return { orders: sales.length, refunds: refunds.length, registers: registers.length };
}

/** Inserts orders and their lines a thousand rows a statement, keeping the ids they got. */
async function insertOrders(tx: DbOrTx, licenseId: number, list: Order[]) {
  for (let i = 0; i < list.length; i += batch) {
    const chunk = list.slice(i, i + batch);
    const rows = await tx
      .insert(orders)
      .values(
        chunk.map((o) => ({
          licenseId,
          code: o.code!,
          customerId: o.customerId,
          status: o.status,
          paymentMethod: o.paymentMethod,
          taxBaseCents: o.lines.reduce((sum, l) => sum + l.taxBaseCents, 0),
          totalCents: o.lines.reduce((sum, l) => sum + l.totalCents, 0),
          paymentDate: o.paymentDate,
          originalOrderId: o.original?.id ?? null,
          cashRegisterId: o.register?.id ?? null,
          createdBy: o.createdBy,
          createdAt: o.createdAt,
          updatedAt: o.updatedAt,
        })),
      )
      .returning({ id: orders.id, code: orders.code });
    const idOf = new Map(rows.map((r) => [r.code, r.id]));
    for (const o of chunk) o.id = idOf.get(o.code!)!;
  }
  const lines = list.flatMap((o) => o.lines.map((l) => ({ order: o, line: l })));
  for (let i = 0; i < lines.length; i += batch) {
    const chunk = lines.slice(i, i + batch);
    const rows = await tx
      .insert(orderLines)
      .values(
        chunk.map(({ order, line }) => ({
          licenseId,
          orderId: order.id!,
          productId: line.productId,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          discountCents: line.discountCents,
          taxPercentage: line.taxPercentage,
          taxBaseCents: line.taxBaseCents,
          totalCents: line.totalCents,
          refundedQuantity: line.refundedQuantity,
          originalLineId: line.original?.id ?? null,
          // The register's lines are read through their own copy of the order's register.
          cashRegisterId: order.register?.id ?? null,
          createdAt: order.createdAt,
          updatedAt: order.updatedAt,
        })),
      )
      .returning({ id: orderLines.id, orderId: orderLines.orderId });
    // Identity values follow the VALUES order; checked against the order of each line.
    rows.forEach((row, k) => {
      const { order, line } = chunk[k]!;
      if (row.orderId !== order.id) throw new Error('demo order lines came back out of order');
      line.id = row.id;
    });
  }
}
