import type { PaymentPeriodicity, Periodicity, PeriodicityUnit } from './products.js';
import { periodicityUnits } from './products.js';

/*
 * Subscription periods (contract §9), pure calendar arithmetic for web and API.
 *
 * The product's `periodicity` is the service period and its price is per service period. The
 * subscription's `paymentPeriodicity` is how often a renewal order is made; each renewal charges the price
 * once per service period it covers (quarterly on a monthly 30 € product: 3 × 30 € = 90 €). A payment
 * periodicity shorter than the service period is refused, and so is one that does not cover a whole
 * number of service periods (a month is not a whole number of weeks).
 *
 * Renewal dates are wall-clock days in the company's time zone, counted from the anchor each time (never
 * chained), so a subscription anchored on 31 January renews on 28 (29) February and on 31 March. The API
 * turns a local day and the anchor's time of day into an instant in the company's zone.
 */

/** A calendar day in the company's time zone. */
export interface LocalDay {
  year: number;
  month: number;
  day: number;
}

/** Each payment periodicity as a period. */
export const paymentPeriodicityLength: Record<PaymentPeriodicity, Periodicity> = {
  weekly: { quantity: 1, unit: 'week' },
  monthly: { quantity: 1, unit: 'month' },
  quarterly: { quantity: 3, unit: 'month' },
  biannual: { quantity: 6, unit: 'month' },
  annual: { quantity: 1, unit: 'year' },
};

/**
 * The spec's text form of a periodicity ('1 month', '2 weeks', '1 year'): a whole quantity ≥ 1 and a
 * unit of day, week, month or year (singular or plural); undefined when it is not one.
 */
export function parsePeriodicity(text: string): Periodicity | undefined {
  const m = /^\s*(\d{1,4})\s+(day|week|month|year)s?\s*$/i.exec(text);
  if (!m) return undefined;
  const quantity = Number(m[1]);
  const unit = m[2]!.toLowerCase() as PeriodicityUnit;
  if (quantity < 1 || quantity > 1000 || !periodicityUnits.includes(unit)) return undefined;
  return { quantity, unit };
}

/** '1 month', '3 months': the spec's text form. */
export function formatPeriodicity(p: Periodicity): string {
  return `${p.quantity} ${p.unit}${p.quantity === 1 ? '' : 's'}`;
}

/** A period in the smallest unit of its kind: days (day, week) or months (month, year). */
function measure(p: Periodicity): { kind: 'days' | 'months'; amount: number } {
  switch (p.unit) {
    case 'day':
      return { kind: 'days', amount: p.quantity };
    case 'week':
      return { kind: 'days', amount: 7 * p.quantity };
    case 'month':
      return { kind: 'months', amount: p.quantity };
    case 'year':
      return { kind: 'months', amount: 12 * p.quantity };
  }
}

/** Why a payment periodicity does not fit a service period, or null when it does. */
export type PaymentPeriodicityRefusal = 'shorter' | 'notWhole';

/**
 * How many service periods one payment period covers, or why it cannot be charged so:
 * `shorter` when the payment period is shorter than the service period (a weekly payment of a monthly
 * product; a month counts as at least 28 days against a days-based period), `notWhole` when it is not a
 * whole number of them (a monthly payment of a weekly product: months and weeks do not divide).
 */
export function servicePeriodsPerPayment(
  service: Periodicity,
  payment: PaymentPeriodicity,
): { periods: number } | { refusal: PaymentPeriodicityRefusal } {
  const s = measure(service);
  const p = measure(paymentPeriodicityLength[payment]);
  if (s.kind === p.kind) {
    if (p.amount < s.amount) return { refusal: 'shorter' };
    if (p.amount % s.amount !== 0) return { refusal: 'notWhole' };
    return { periods: p.amount / s.amount };
  }
  // Months against days: shorter when the payment period is shorter even at its longest.
  const paymentMaxDays = p.kind === 'days' ? p.amount : p.amount * 31;
  const serviceMinDays = s.kind === 'days' ? s.amount : s.amount * 28;
  if (paymentMaxDays < serviceMinDays) return { refusal: 'shorter' };
  return { refusal: 'notWhole' };
}

/** The refusal of a payment periodicity for a service period, or null when it fits. */
export function paymentPeriodicityRefusal(
  service: Periodicity,
  payment: PaymentPeriodicity,
): PaymentPeriodicityRefusal | null {
  const fit = servicePeriodsPerPayment(service, payment);
  return 'refusal' in fit ? fit.refusal : null;
}

/**
 * The payment periodicities a product of this service period may be charged with: the product's own
 * first choice is the caller's; these are all that fit.
 */
export function allowedPaymentPeriodicities(service: Periodicity): PaymentPeriodicity[] {
  return (Object.keys(paymentPeriodicityLength) as PaymentPeriodicity[]).filter(
    (p) => paymentPeriodicityRefusal(service, p) === null,
  );
}

/** What one renewal charges, in cents: the price per service period times the periods it covers. */
export function renewalAmountCents(
  priceCents: number,
  service: Periodicity,
  payment: PaymentPeriodicity,
): number {
  const fit = servicePeriodsPerPayment(service, payment);
  if ('refusal' in fit) throw new Error(`payment periodicity ${payment} does not fit the service period`);
  return priceCents * fit.periods;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * `anchor` plus `times` periods, counted from the anchor: months and years keep the anchor's day of the
 * month, clamped to the month's last day (31 January + 1 month = 28 or 29 February; + 2 months = 31 March).
 */
export function addPeriods(anchor: LocalDay, period: Periodicity, times: number): LocalDay {
  const m = measure(period);
  if (m.kind === 'days') {
    const t = new Date(Date.UTC(anchor.year, anchor.month - 1, anchor.day + m.amount * times));
    return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
  }
  const index = anchor.year * 12 + (anchor.month - 1) + m.amount * times;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(anchor.day, daysInMonth(year, month)) };
}

/** The `index`-th payment period (0 is the first) from the anchor: its first day and the next one's. */
export function paymentPeriod(
  anchor: LocalDay,
  payment: PaymentPeriodicity,
  index: number,
): { start: LocalDay; end: LocalDay } {
  const length = paymentPeriodicityLength[payment];
  return { start: addPeriods(anchor, length, index), end: addPeriods(anchor, length, index + 1) };
}

/** The first `count` renewal days from the anchor (the anchor is the first). */
export function renewalDays(anchor: LocalDay, payment: PaymentPeriodicity, count: number): LocalDay[] {
  return Array.from({ length: count }, (_, i) => paymentPeriod(anchor, payment, i).start);
}

/** YYYY-MM-DD. */
export const isoLocalDay = (d: LocalDay) =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** Compares two local days: negative, zero or positive. */
export const compareLocalDays = (a: LocalDay, b: LocalDay) =>
  a.year - b.year || a.month - b.month || a.day - b.day;
