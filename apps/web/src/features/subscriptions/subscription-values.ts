import {
  allowedPaymentPeriodicities,
  defaultPeriodicity,
  eurosToCents,
  isoLocalDay,
  type LocalDay,
  type PaymentPeriodicity,
  type Periodicity,
  paymentPeriodicities,
  renewalAmountCents,
  renewalDays,
  type Subscription,
  type SubscriptionBody,
  type SubscriptionPaymentMethod,
  servicePeriodsPerPayment,
} from '@mostrador/contract';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../lib/dayjs';

/** The subscription form's fields: the body's, the start as a day of the company's calendar. */
export interface SubscriptionFormValues {
  customerId: number | null;
  productId: number | null;
  paymentPeriodicity: PaymentPeriodicity | null;
  startsAt: Dayjs | null;
  paymentMethod: SubscriptionPaymentMethod | null;
}

/** The day of an instant in the company's time zone, as a plain date for the date picker. */
const companyDay = (iso: string, timeZone: string) => dayjs(dayjs(iso).tz(timeZone).format('YYYY-MM-DD'));

export function toFormValues(
  subscription: Subscription | undefined,
  timeZone: string,
  defaults: { customerId?: number; paymentMethod?: SubscriptionPaymentMethod } = {},
): SubscriptionFormValues {
  return {
    customerId: subscription?.customerId ?? defaults.customerId ?? null,
    productId: subscription?.productId ?? null,
    paymentPeriodicity: subscription?.paymentPeriodicity ?? null,
    startsAt: subscription ? companyDay(subscription.startsAt, timeZone) : dayjs().startOf('day'),
    paymentMethod: subscription?.paymentMethod ?? defaults.paymentMethod ?? null,
  };
}

/**
 * The body to send. The start goes as a plain date (its 00:00 in the company's zone), or as the instant it
 * was when its day did not change: an active subscription keeps its start to the millisecond.
 */
export function toBody(
  values: SubscriptionFormValues,
  subscription: Subscription | undefined,
  timeZone: string,
): SubscriptionBody {
  const day = values.startsAt?.format('YYYY-MM-DD') ?? '';
  const sameDay =
    subscription !== undefined && companyDay(subscription.startsAt, timeZone).format('YYYY-MM-DD') === day;
  return {
    customerId: values.customerId as number,
    productId: values.productId as number,
    startsAt: sameDay ? subscription.startsAt : day,
    ...(values.paymentPeriodicity ? { paymentPeriodicity: values.paymentPeriodicity } : {}),
    paymentMethod: values.paymentMethod as SubscriptionPaymentMethod,
  };
}

/** A product's service period: its periodicity, else the spec's default (1 month). */
export const servicePeriodOf = (product: { periodicity: Periodicity | null }): Periodicity =>
  product.periodicity ?? defaultPeriodicity;

/** The payment periodicities that fit the product's service period, in the catalogue's order. */
export const periodicitiesFor = (product: { periodicity: Periodicity | null }) =>
  allowedPaymentPeriodicities(servicePeriodOf(product));

/**
 * The payment periodicity a product proposes: its own (when it fits), else the one charging once per
 * service period, else the first that fits; null when none does.
 */
export function defaultPaymentPeriodicity(product: {
  periodicity: Periodicity | null;
  periodicityOfSubscriptionPayment: PaymentPeriodicity | null;
}): PaymentPeriodicity | null {
  const allowed = periodicitiesFor(product);
  const own = product.periodicityOfSubscriptionPayment;
  if (own && allowed.includes(own)) return own;
  const service = servicePeriodOf(product);
  const once = paymentPeriodicities.find((p) => {
    const fit = servicePeriodsPerPayment(service, p);
    return 'periods' in fit && fit.periods === 1;
  });
  return once ?? allowed[0] ?? null;
}

const localDayOf = (day: Dayjs): LocalDay => ({ year: day.year(), month: day.month() + 1, day: day.date() });

/** The first `count` renewal days from the start (the start is the first), as plain dates YYYY-MM-DD. */
export function nextRenewalDays(startsAt: Dayjs, periodicity: PaymentPeriodicity, count = 3): string[] {
  return renewalDays(localDayOf(startsAt), periodicity, count).map(isoLocalDay);
}

/** What each renewal charges, in cents, and how many service periods it covers. */
export function renewalCharge(
  product: { price: number; periodicity: Periodicity | null },
  periodicity: PaymentPeriodicity,
): { cents: number; periods: number } | null {
  const service = servicePeriodOf(product);
  const fit = servicePeriodsPerPayment(service, periodicity);
  if ('refusal' in fit) return null;
  return {
    cents: renewalAmountCents(eurosToCents(product.price), service, periodicity),
    periods: fit.periods,
  };
}
