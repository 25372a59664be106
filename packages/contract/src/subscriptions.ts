import { z } from 'zod';
import { clientDateTimeKey } from './calendars.js';
import { idSchema } from './common.js';
import { paymentPeriodicities } from './products.js';
import { subscriptionPaymentMethods, subscriptionStatuses } from './subscription-values.js';

export * from './subscription-values.js';

/**
 * Subscriptions: a customer holds a subscription product (one of `subscriptionProductTypes`) from
 * `startsAt`, charged every `paymentPeriodicity` with a renewal order awaiting payment (see
 * `subscription-periods.ts` for the periods and what each renewal charges).
 *
 * Status: a new subscription is `inactive`; activate makes it `active` (its first period's order is made
 * then, or none during the product's free trial); cancel makes it `inactive` again, at once or at the end
 * of the period already charged (`cancelAt`). A renewal order left unpaid beyond the product's
 * `daysToPaySubscriptionRenewal` (else the company's setting) cancels it.
 */

/** Why a subscription stopped: staff cancelled it, at once or at its period's end; a renewal went unpaid. */
export const subscriptionCancelReasons = ['cancelled', 'period_end', 'unpaid'] as const;
export type SubscriptionCancelReason = (typeof subscriptionCancelReasons)[number];

const dbId = z.number().int().positive().max(2_147_483_647);

/**
 * A subscription as POST and PUT take it (PUT replaces it). The product must be one of the company's
 * subscription products (400 naming productId otherwise) and the payment periodicity a whole number of
 * its service periods, not shorter (409 1000195). Absent, the payment periodicity is the product's
 * `periodicityOfSubscriptionPayment`, else once per service period when that is one of the five.
 * An active subscription keeps its customer, product, start and periodicity (409 1000198): only its
 * payment method changes, for the renewals to come.
 */
export const subscriptionBody = z
  .object({
    customerId: dbId.describe('A customer of the company (GET /admin/customers)'),
    productId: dbId.describe(
      'A subscription product of the company: subscription, bookings_subscription, program_subscription, supplier_subscription or credit_subscription',
    ),
    startsAt: z
      .string()
      .trim()
      .refine((v) => clientDateTimeKey(v) !== undefined, {
        message: 'a date (2027-01-31) or an ISO date-time',
      })
      .describe(
        "When the first period starts: ISO 8601; a plain date is its 00:00 and a date-time without an offset is read in the company's time zone",
      ),
    paymentPeriodicity: z
      .enum(paymentPeriodicities)
      .optional()
      .describe("How often a renewal order is made; absent: the product's periodicityOfSubscriptionPayment"),
    paymentMethod: z.enum(subscriptionPaymentMethods).describe('How its orders are paid'),
  })
  .describe('A whole subscription (PUT replaces it; an active one only changes its payment method)');
export type SubscriptionBody = z.input<typeof subscriptionBody>;

/** `POST /admin/subscriptions/{id}/cancel`: at once (default) or at the end of the period charged. */
export const subscriptionCancelBody = z.object({
  atPeriodEnd: z
    .boolean()
    .default(false)
    .describe(
      'true: it stays active until the end of the period already charged (cancelAt), then turns inactive; false: inactive now',
    ),
});
export type SubscriptionCancelBody = z.input<typeof subscriptionCancelBody>;

export const subscriptionListFields = [
  // The spec's list columns.
  'id',
  'customerName',
  'customerSurname',
  'customerCompanyName',
  'status',
  'paymentPeriodicity',
  'paymentMethod',
  'startsAt',
  'productName',
  // Filters and sorts of our own.
  'customerId',
  'productId',
  'cancelAt',
  'createdAt',
] as const;

export const subscriptionListItemSchema = z.object({
  id: z.number().int(),
  customerName: z.string(),
  customerSurname: z.string().nullable(),
  customerCompanyName: z.string().nullable(),
  status: z.enum(subscriptionStatuses),
  paymentPeriodicity: z.enum(paymentPeriodicities),
  paymentMethod: z.enum(subscriptionPaymentMethods),
  startsAt: z.string(),
  productName: z.string(),
  customerId: z.number().int(),
  productId: z.number().int(),
  cancelAt: z.string().nullable().describe('Set: it turns inactive then (cancelled at its period’s end)'),
  createdAt: z.string(),
});
export type SubscriptionListItem = z.infer<typeof subscriptionListItemSchema>;

/** One payment period: what it charged and the order that charges it. */
export const subscriptionPeriodSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  servicePeriods: z.number().int().describe("How many of the product's periods it covers"),
  amount: z.number().describe('Euros charged'),
  orderId: z.number().int().nullable(),
  orderStatus: z.string().nullable().describe("The order's status: awaiting_payment, paid…"),
});
export type SubscriptionPeriod = z.infer<typeof subscriptionPeriodSchema>;

export const subscriptionSchema = subscriptionListItemSchema.extend({
  trialEndsAt: z.string().nullable().describe('The end of the free trial given at its first activation'),
  activatedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.enum(subscriptionCancelReasons).nullable(),
  nextRenewalAt: z
    .string()
    .nullable()
    .describe('When the next renewal order is made; null while inactive or when cancelled at period end'),
  periods: z.array(subscriptionPeriodSchema).describe('Its payment periods, latest first'),
  updatedAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `GET /admin/customers/{id}/program-subscriptions?productId=`: what the booking drawer offers. */
export const programSubscriptionsQuery = z.object({ productId: idSchema });
export const usableProgramSchema = z.object({
  id: z.number().int().describe("The subscription id to send as the booking's subscriptionId"),
  productId: z.number().int().describe('The program_subscription product'),
  productName: z.string(),
  cancelAt: z.string().nullable().describe('Set: it ends then, and bookings starting from then are not free'),
});
export type UsableProgram = z.infer<typeof usableProgramSchema>;
export const usableProgramsSchema = z.object({ items: z.array(usableProgramSchema) });
export type UsablePrograms = z.infer<typeof usableProgramsSchema>;
