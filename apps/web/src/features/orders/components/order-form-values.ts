import {
  type Booking,
  eurosToCents,
  type Order,
  type OrderBody,
  type OrderStatus,
  type PaymentMethod,
  taxBaseOf,
} from '@mostrador/contract';

/** One line of the form. `day` is the company's local date of the start; `startsAt` an ISO instant. */
export interface OrderLineValues {
  /** On edit: the order's line, changed in place (keeping its booking). */
  id?: number;
  productId?: number;
  quantity?: number | null;
  unitPrice?: number | null;
  discount?: number | null;
  /** The booking the line already holds (edit), or the one it charges (checkout from a booking). */
  bookingId?: number | null;
  /** A new line charging `bookingId`, a booking made in the calendar: sent as the line's `bookingId`. */
  chargesBooking?: boolean;
  bookingCalendarId?: number;
  day?: string;
  startsAt?: string;
  /** The product's name as the order knows it (label before the product loads). */
  productName?: string;
  /** The tax of the line when sold (before the product loads). */
  taxPercentage?: number;
}

export interface OrderFormValues {
  customerId?: number | null;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  notes: string;
  lines: OrderLineValues[];
}

export const emptyLine = (): OrderLineValues => ({ quantity: 1, discount: 0 });

/** A new order: paid at the counter in the first method the user may take, one empty line. */
export function newOrderValues(allowed: readonly PaymentMethod[], customerId?: number): OrderFormValues {
  return {
    customerId,
    status: 'paid',
    paymentMethod: allowed.find((m) => m !== 'online') ?? allowed[0] ?? 'transfer',
    notes: '',
    lines: [emptyLine()],
  };
}

/**
 * The status an order is saved with for its payment method: online, it is paid by its gateway when the
 * customer pays the link, so one chosen paid awaits payment (as the server saves it).
 */
export function statusForPayment(status: OrderStatus, method: PaymentMethod): OrderStatus {
  return method === 'online' && status === 'paid' ? 'awaiting_payment' : status;
}

/** An order being edited: its lines keep their ids (and bookings). */
export function editValues(order: Order): OrderFormValues {
  return {
    customerId: order.customerId,
    status: order.status,
    paymentMethod: order.paymentMethod,
    notes: order.notes ?? '',
    lines: order.lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      productName: line.productName,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      discount: line.discount,
      bookingId: line.bookingId,
      taxPercentage: line.taxPercentage,
    })),
  };
}

/**
 * A new draft from an order: its customer and lines, without the lines' ids or bookings (a booked line
 * needs a new start), in the same payment method when the user may take it.
 */
export function cloneValues(order: Order, allowed: readonly PaymentMethod[]): OrderFormValues {
  const base = newOrderValues(allowed, order.customerId ?? undefined);
  return {
    ...base,
    status: 'draft',
    paymentMethod: allowed.includes(order.paymentMethod) ? order.paymentMethod : base.paymentMethod,
    lines: order.lines.map((line) => ({
      productId: line.productId,
      productName: line.productName,
      quantity: Math.abs(line.quantity),
      unitPrice: line.unitPrice,
      discount: Math.abs(line.discount),
      taxPercentage: line.taxPercentage,
    })),
  };
}

/**
 * Checkout from bookings made in the calendar (of one customer): a sale paid at once, one line charging
 * each booking at its price and quantity, in the first method the user may take at the counter.
 */
export function chargeValues(
  bookings: readonly Booking[],
  allowed: readonly PaymentMethod[],
): OrderFormValues {
  const base = newOrderValues(allowed, bookings[0]?.customerId);
  return {
    ...base,
    lines: bookings.map((booking) => ({
      productId: booking.productId,
      quantity: booking.quantity,
      unitPrice: booking.price,
      discount: 0,
      bookingId: booking.id,
      chargesBooking: true,
    })),
  };
}

/** Cents of a euro amount typed in the form, or undefined when it is none (empty, over two decimals). */
export function centsOf(value: number | null | undefined): number | undefined {
  if (value === null || value === undefined || !Number.isFinite(value)) return undefined;
  try {
    return eurosToCents(value);
  } catch {
    return undefined;
  }
}

export interface LineFigures {
  totalCents: number;
  taxBaseCents: number;
}

/**
 * A line's figures as the server computes them: total = quantity × unit price − discount (VAT included),
 * tax base = total / (1 + percentage / 100) half up to the cent. Integer cents only.
 */
export function lineFigures(line: OrderLineValues | undefined, percentage: number | undefined): LineFigures {
  const quantity = line?.quantity;
  const price = centsOf(line?.unitPrice);
  if (!quantity || !Number.isInteger(quantity) || quantity < 1 || price === undefined)
    return { totalCents: 0, taxBaseCents: 0 };
  const totalCents = price * quantity - (centsOf(line?.discount) ?? 0);
  const hundredths = centsOf(percentage ?? 0) ?? 0;
  return { totalCents, taxBaseCents: taxBaseOf(totalCents, hundredths) };
}

export interface OrderFigures {
  taxBaseCents: number;
  taxesCents: number;
  totalCents: number;
}

/** The order's figures: the sums of its lines'. */
export function orderFigures(lines: LineFigures[]): OrderFigures {
  const taxBaseCents = lines.reduce((sum, l) => sum + l.taxBaseCents, 0);
  const totalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  return { taxBaseCents, totalCents, taxesCents: totalCents - taxBaseCents };
}

const trimmed = (text: string | undefined) => {
  const value = text?.trim() ?? '';
  return value === '' ? null : value;
};

/** The body the API takes; a line's booking only for a new start (an existing booking stays as it is). */
export function toBody(values: OrderFormValues): OrderBody {
  return {
    customerId: values.customerId ?? null,
    status: statusForPayment(values.status, values.paymentMethod),
    paymentMethod: values.paymentMethod,
    notes: trimmed(values.notes),
    lines: (values.lines ?? []).map((line) => ({
      ...(line.id !== undefined ? { id: line.id } : {}),
      productId: line.productId as number,
      quantity: line.quantity as number,
      unitPrice: line.unitPrice as number,
      discount: line.discount ?? 0,
      ...(line.chargesBooking && line.id === undefined && line.bookingId
        ? { bookingId: line.bookingId }
        : {}),
      ...(!line.bookingId && line.startsAt && line.bookingCalendarId
        ? { booking: { bookingCalendarId: line.bookingCalendarId, startsAt: line.startsAt } }
        : {}),
    })),
  };
}

type NamePath = (string | number)[];

/**
 * Where a field of the body (a zod issue's path, or a server error's `field`) lands in the form: a line's
 * booking fields are the line's own start and calendar; the line's id is its product.
 */
export function formName(path: readonly PropertyKey[] | string): NamePath {
  const parts = (typeof path === 'string' ? path.replace(/^body\./, '').split('.') : [...path]).map((part) =>
    typeof part === 'number' || /^\d+$/.test(String(part)) ? Number(part) : String(part),
  );
  const [head, index, field, sub] = parts;
  if (head === 'lines' && typeof index === 'number') {
    if (field === 'booking')
      return ['lines', index, sub === 'bookingCalendarId' ? 'bookingCalendarId' : 'startsAt'];
    if (field === 'id' || field === undefined) return ['lines', index, 'productId'];
    return ['lines', index, String(field)];
  }
  return parts;
}

/** Messages of the contract and the server about an order, and the catalogue key that says them. */
const orderMessages: Record<string, string> = {
  'at most quantity × unitPrice': 'orders.form.discountTooLarge',
  'at most two decimals': 'validation.twoDecimals',
  'a line with a booking needs a customer': 'orders.form.bookingNeedsCustomer',
  'the line total is too large': 'validation.amountTooLarge',
  'the order total is too large': 'validation.amountTooLarge',
  'unknown product': 'orders.form.unknownProduct',
  'unknown customer': 'orders.form.unknownCustomer',
  'a line with a booking keeps its product': 'orders.form.bookedKeepsProduct',
  "credit pays from a customer's balances: choose the customer": 'orders.form.creditNeedsCustomer',
};

export function orderMessageKey(message: string): string | undefined {
  return orderMessages[message];
}
