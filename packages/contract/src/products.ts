import { z } from 'zod';
import { euros } from './common.js';
import { languages } from './languages.js';
import { hasAtMostTwoDecimals } from './money.js';
import {
  commissionTypes,
  defaultPeriodicity,
  givesCredit,
  givesSessions,
  isBookableType,
  isSubscriptionType,
  namesProducts,
  paymentPeriodicities,
  periodicityUnits,
  productStatuses,
  productTypes,
} from './product-types.js';

export * from './product-types.js';

export const periodicitySchema = z
  .object({
    quantity: z.number().int().min(1).max(1000),
    unit: z.enum(periodicityUnits),
  })
  .describe(
    "A subscription's period: a whole quantity of at least 1 and a unit; the spec's '1 month' is {quantity: 1, unit: 'month'}",
  );
export type Periodicity = z.infer<typeof periodicitySchema>;

export const productListFields = [
  // The spec's list columns.
  'id',
  'image',
  'reference',
  'name',
  'description',
  'type',
  'sellOnline',
  'status',
  'price',
  'bookingCalendarName',
  'duration',
  'supplier',
  // The product's own fields (contract §2).
  'taxType',
  'durationInMinutes',
  'publicDuration',
  'spacesOccupiedInTheCalendar',
  'canCustomersChangeTheBookingDate',
  'periodicityOfSubscriptionPayment',
  'supplierCommissionType',
  'bookingCalendarId',
  'supplierId',
  'createdAt',
  'updatedAt',
] as const;

const dbId = z.number().int().positive().max(2_147_483_647);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const count = (min: number, max: number) => z.number().int().min(min).max(max).nullable().optional();

/** Hundredths (cents, or hundredths of a percent) as a JSON number with at most two decimals. */
const commissionQuantity = z
  .number()
  .min(0)
  .refine(hasAtMostTwoDecimals, { message: 'at most two decimals' })
  .refine((v) => v <= 10_000_000, { message: 'amount too large' });

/**
 * A product as POST and PUT take it (PUT replaces the whole product).
 *
 * Rules by type (`bookableProductTypes`, `subscriptionProductTypes`):
 * - bookable, bookable_gift and bookings_subscription are booked on a calendar: `durationInMinutes` (≥ 1)
 *   is required; `publicDuration`, `spacesOccupiedInTheCalendar` (default 1),
 *   `canCustomersChangeTheBookingDate` and `howManyTimesCanCustomerRescheduleBooking` apply to them only.
 * - subscription, bookings_subscription, program_subscription, supplier_subscription and
 *   credit_subscription are charged periodically: `periodicity` is required (absent: 1 month; null is
 *   refused); `freeSubscriptionTrialDays`, `daysToPaySubscriptionRenewal` and
 *   `periodicityOfSubscriptionPayment` apply to them only.
 * - `bookingCalendarId` applies to the bookable types only.
 * - The server stores the fields that do not apply to the type as null (false for
 *   `canCustomersChangeTheBookingDate`); `howManyTimesCanCustomerRescheduleBooking` only counts when
 *   customers may change the date.
 * - `supplierCommissionType` and `supplierCommissionQuantity` go together (a percentage at most 100).
 * - What a sale or a paid period gives: a pack and a bookings_subscription need `packSessions` and
 *   `packProductIds` (the bookable products the sessions pay for); a program_subscription needs
 *   `packProductIds` (the products booked free while it is active); a credit and a credit_subscription
 *   give `creditAmount` (else the price, which must then be above 0).
 */
export const productBody = z
  .object({
    reference: optionalText(64).describe('The SKU: unique in the company, any letter case; empty is none'),
    name: z.string().trim().min(1).max(160).describe("The name in the company's main language"),
    description: optionalText(4000).describe("The description in the company's main language"),
    price: euros.min(0).describe('Euros, VAT included, at most two decimals'),
    image: dbId.nullable().optional().describe('An image file of the company (POST /admin/files)'),
    type: z.enum(productTypes),
    taxType: dbId.describe('A tax of the company (GET /admin/taxes)'),
    status: z.enum(productStatuses).default('enabled'),
    sellOnline: z.boolean().default(false),
    durationInMinutes: count(1, 43_200).describe('Minutes a booking occupies; required for bookable types'),
    publicDuration: count(1, 43_200).describe(
      'Minutes shown to customers when they differ from durationInMinutes (e.g. 60 for a 75-minute slot); null shows durationInMinutes',
    ),
    spacesOccupiedInTheCalendar: z.number().int().min(1).max(1000).default(1),
    canCustomersChangeTheBookingDate: z.boolean().default(false),
    howManyTimesCanCustomerRescheduleBooking: count(0, 1000).describe(
      'How often a customer may move a booking; null is no limit',
    ),
    periodicity: periodicitySchema.nullable().default(defaultPeriodicity),
    freeSubscriptionTrialDays: count(0, 3650).describe("Null: the company's subscription setting"),
    daysToPaySubscriptionRenewal: count(0, 365).describe("Null: the company's subscription setting"),
    periodicityOfSubscriptionPayment: z
      .enum(paymentPeriodicities)
      .nullable()
      .optional()
      .describe('How often the subscription is charged; null is once per periodicity'),
    supplierCommissionType: z.enum(commissionTypes).nullable().optional(),
    supplierCommissionQuantity: commissionQuantity
      .nullable()
      .optional()
      .describe('A percentage (0 to 100) or euros, as supplierCommissionType says'),
    bookingCalendarId: dbId
      .nullable()
      .optional()
      .describe(
        'The booking calendar of the company the product is booked on (GET /admin/booking-calendars)',
      ),
    supplierId: dbId.nullable().optional(),
    packSessions: count(1, 1000).describe(
      'A pack: the sessions one unit sold gives; a bookings_subscription: the sessions each paid service period gives. Required for both',
    ),
    packProductIds: z
      .array(dbId)
      .max(100)
      .nullable()
      .optional()
      .describe(
        "The company's bookable products (at least one) a pack's or a bookings_subscription's sessions pay for, or a program_subscription makes free; required for those types",
      ),
    creditAmount: euros
      .min(0.01)
      .nullable()
      .optional()
      .describe(
        'A credit: the euros one unit sold gives to spend; a credit_subscription: the euros each paid service period gives. Absent or null: the price',
      ),
  })
  .superRefine((p, ctx) => {
    if (givesSessions(p.type) && p.packSessions == null)
      ctx.addIssue({
        code: 'custom',
        path: ['packSessions'],
        message: p.type === 'pack' ? 'required for a pack' : 'required for a bookings subscription',
      });
    if (namesProducts(p.type) && !p.packProductIds?.length)
      ctx.addIssue({
        code: 'custom',
        path: ['packProductIds'],
        message:
          p.type === 'pack'
            ? 'a pack names at least one product'
            : 'the subscription names at least one product',
      });
    if (givesCredit(p.type) && p.creditAmount == null && p.price <= 0)
      ctx.addIssue({ code: 'custom', path: ['creditAmount'], message: 'a credit gives more than 0 €' });
    if (isBookableType(p.type) && p.durationInMinutes == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['durationInMinutes'],
        message: 'required for a product booked on a calendar',
      });
    }
    if (isSubscriptionType(p.type) && p.periodicity === null) {
      ctx.addIssue({ code: 'custom', path: ['periodicity'], message: 'required for a subscription' });
    }
    const hasType = p.supplierCommissionType != null;
    const hasQuantity = p.supplierCommissionQuantity != null;
    if (hasType && !hasQuantity) {
      ctx.addIssue({
        code: 'custom',
        path: ['supplierCommissionQuantity'],
        message: 'required with a commission type',
      });
    }
    if (hasQuantity && !hasType) {
      ctx.addIssue({
        code: 'custom',
        path: ['supplierCommissionType'],
        message: 'required with a commission quantity',
      });
    }
    if (p.supplierCommissionType === 'percentage' && (p.supplierCommissionQuantity ?? 0) > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['supplierCommissionQuantity'],
        message: 'a percentage is at most 100',
      });
    }
  })
  .describe(
    'A whole product (PUT replaces it). bookable, bookable_gift and bookings_subscription need durationInMinutes ≥ 1; ' +
      'publicDuration, spacesOccupiedInTheCalendar, canCustomersChangeTheBookingDate and ' +
      'howManyTimesCanCustomerRescheduleBooking apply to them only. The subscription types (subscription, ' +
      'bookings_subscription, program_subscription, supplier_subscription, credit_subscription) need a ' +
      'periodicity (absent: 1 month); freeSubscriptionTrialDays, daysToPaySubscriptionRenewal and ' +
      'periodicityOfSubscriptionPayment apply to them only. Fields that do not apply to the type are stored as ' +
      'null (false for canCustomersChangeTheBookingDate). supplierCommissionType and supplierCommissionQuantity go together. ' +
      'A pack and a bookings_subscription need packSessions and packProductIds (bookable products of the company), a program_subscription packProductIds; ' +
      'a credit and a credit_subscription give creditAmount euros (default: the price).',
  );
export type ProductBody = z.input<typeof productBody>;

export const productSchema = z.object({
  id: z.number().int(),
  reference: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  image: z.number().int().nullable(),
  type: z.enum(productTypes),
  taxType: z.number().int(),
  status: z.enum(productStatuses),
  sellOnline: z.boolean(),
  durationInMinutes: z.number().int().nullable(),
  publicDuration: z.number().int().nullable(),
  spacesOccupiedInTheCalendar: z.number().int().nullable(),
  canCustomersChangeTheBookingDate: z.boolean(),
  howManyTimesCanCustomerRescheduleBooking: z.number().int().nullable(),
  periodicity: periodicitySchema.nullable(),
  freeSubscriptionTrialDays: z.number().int().nullable(),
  daysToPaySubscriptionRenewal: z.number().int().nullable(),
  periodicityOfSubscriptionPayment: z.enum(paymentPeriodicities).nullable(),
  supplierCommissionType: z.enum(commissionTypes).nullable(),
  supplierCommissionQuantity: z.number().nullable(),
  bookingCalendarId: z.number().int().nullable(),
  supplierId: z.number().int().nullable(),
  /**
   * A pack (per unit) or bookings_subscription (per service period): sessions and the products they pay
   * for; a program_subscription: the products it makes free; null and [] for other types.
   */
  packSessions: z.number().int().nullable(),
  packProductIds: z.array(z.number().int()),
  /** A credit (per unit) or credit_subscription (per service period): the euros it gives; null for other types. */
  creditAmount: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** The spec's product list columns; `duration` is durationInMinutes. */
export const productListItemSchema = z.object({
  id: z.number().int(),
  image: z.number().int().nullable(),
  reference: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(productTypes),
  sellOnline: z.boolean(),
  status: z.enum(productStatuses),
  price: z.number(),
  bookingCalendarName: z.string().nullable().describe("The booking calendar's name; null without one"),
  duration: z.number().int().nullable(),
  supplier: z.string().nullable().describe("The supplier's name; null without one"),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** One language's text of a product; null is not translated (the main language's text stands in). */
export const productTranslationSchema = z.object({
  language: z.enum(languages),
  name: z.string().nullable(),
  description: z.string().nullable(),
});
export type ProductTranslation = z.infer<typeof productTranslationSchema>;

/** GET answers one entry per interface language, in `languages` order. */
export const productTranslationsSchema = z.array(productTranslationSchema);

/**
 * PUT replaces the translations: each language at most once. The entry of the company's main language
 * is the product's own name and description (its name is required); a language left out, or sent
 * with neither name nor description, is not translated. Leaving out the main language keeps it.
 */
export const productTranslationsBody = z
  .array(
    z.object({
      language: z.enum(languages),
      name: optionalText(160),
      description: optionalText(4000),
    }),
  )
  .max(languages.length)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((e, i) => {
      if (seen.has(e.language))
        ctx.addIssue({ code: 'custom', path: [i, 'language'], message: 'each language at most once' });
      seen.add(e.language);
    });
  });
export type ProductTranslationsBody = z.input<typeof productTranslationsBody>;

/**
 * PATCH changes only the languages sent: an entry with neither name nor description removes that
 * language's translation. The main language's entry changes the product's own name and description.
 */
export const productTranslationsPatchBody = productTranslationsBody;

/** The translation list: one language's texts of every product beside the main language's. */
export const productTranslationListFields = ['id', 'reference', 'name', 'translated'] as const;

export const productTranslationListQuery = z.object({
  language: z.enum(languages).describe('The language whose texts are listed beside the main language'),
});

export const productTranslationListItemSchema = z.object({
  id: z.number().int(),
  reference: z.string().nullable().describe('The SKU that identifies the product in translation work'),
  name: z.string().describe("The name in the company's main language"),
  description: z.string().nullable(),
  translation: z
    .object({ name: z.string().nullable(), description: z.string().nullable() })
    .describe('The texts in `language`; null texts are not translated'),
});
export type ProductTranslationListItem = z.infer<typeof productTranslationListItemSchema>;
