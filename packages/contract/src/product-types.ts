/**
 * Product types, statuses and periodicities with their rules, without zod: a screen that only needs these
 * (the web's calendar) does not download the schemas (products.ts re-exports them).
 */
export const productTypes = [
  'subscription',
  'pack',
  'credit',
  'bookable',
  'bookable_gift',
  'bookings_subscription',
  'program_subscription',
  'supplier_subscription',
  'credit_subscription',
  'regular',
] as const;
export type ProductType = (typeof productTypes)[number];

export const productStatuses = ['enabled', 'disabled'] as const;
export type ProductStatus = (typeof productStatuses)[number];

/** The units of a subscription's periodicity ('1 month' is `{quantity: 1, unit: 'month'}`). */
export const periodicityUnits = ['day', 'week', 'month', 'year'] as const;
export type PeriodicityUnit = (typeof periodicityUnits)[number];

/** How often a subscription is charged. */
export const paymentPeriodicities = ['weekly', 'monthly', 'quarterly', 'biannual', 'annual'] as const;
export type PaymentPeriodicity = (typeof paymentPeriodicities)[number];

/** A supplier's commission: a percentage of the price or an amount of money per sale. */
export const commissionTypes = ['percentage', 'money'] as const;
export type CommissionType = (typeof commissionTypes)[number];

/** Types booked on a calendar: they take a duration and the booking fields. */
export const bookableProductTypes = [
  'bookable',
  'bookable_gift',
  'bookings_subscription',
] as const satisfies readonly ProductType[];
/** Types charged periodically: they take a periodicity and the subscription fields. */
export const subscriptionProductTypes = [
  'subscription',
  'bookings_subscription',
  'program_subscription',
  'supplier_subscription',
  'credit_subscription',
] as const satisfies readonly ProductType[];

/** Types that name the bookable products their sessions or free bookings are for (`packProductIds`). */
export const productTypesNamingProducts = [
  'pack',
  'bookings_subscription',
  'program_subscription',
] as const satisfies readonly ProductType[];
/** Types that give sessions (`packSessions`): a pack per unit sold, a bookings_subscription per service period. */
export const productTypesWithSessions = [
  'pack',
  'bookings_subscription',
] as const satisfies readonly ProductType[];
/** Types that give credit (`creditAmount`, else the price): a credit per unit, a credit_subscription per service period. */
export const productTypesWithCredit = [
  'credit',
  'credit_subscription',
] as const satisfies readonly ProductType[];

export function namesProducts(type: ProductType): boolean {
  return (productTypesNamingProducts as readonly ProductType[]).includes(type);
}
export function givesSessions(type: ProductType): boolean {
  return (productTypesWithSessions as readonly ProductType[]).includes(type);
}
export function givesCredit(type: ProductType): boolean {
  return (productTypesWithCredit as readonly ProductType[]).includes(type);
}

export function isBookableType(type: ProductType): boolean {
  return (bookableProductTypes as readonly ProductType[]).includes(type);
}
export function isSubscriptionType(type: ProductType): boolean {
  return (subscriptionProductTypes as readonly ProductType[]).includes(type);
}

/** The spec's default periodicity: 1 month. */
export const defaultPeriodicity = { quantity: 1, unit: 'month' } as const;
