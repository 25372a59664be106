import { z } from 'zod';
import { emailSchema } from './common.js';
import { giftVoucherCodeInput } from './gift-vouchers.js';
import { languages } from './languages.js';
import { phonePattern } from './phone.js';

/*
 * The public API (issue 20): what a company's own website and its booking widget read and send under
 * `/v1/public/{licenseCode}/…`, without a staff login. A license code that is unknown or switched off is 404.
 */

/** How long a place stays held while its customer pays online (minutes). */
export const checkoutHoldMinutes = 10;
/** The longest availability window the public API answers, in days. */
export const publicAvailabilityMaxDays = 62;

export const publicLicenseParams = z.object({ licenseCode: z.string().trim().min(1).max(100) });
export const publicProductParams = publicLicenseParams.extend({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const publicCheckoutParams = publicLicenseParams.extend({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'not a checkout token' }),
});

/** The company's public face. */
export const publicCompanySchema = z.object({
  name: z.string(),
  /** Where the logo is served (a public address), null without one. */
  logoUrl: z.string().nullable(),
  /** The widget's colour, '#rrggbb' (white text on it has a contrast of 4.5:1 at least). */
  color: z.string(),
  languages: z.array(z.enum(languages)),
  mainLanguage: z.enum(languages),
  timeZone: z.string(),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;

export const publicProductsQuery = z.object({ language: z.enum(languages).optional() });

export const publicProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The unit price in euros, VAT included. */
  price: z.number(),
  /** The length shown to customers (minutes), else the booked length; null for what is not booked. */
  duration: z.number().int().nullable(),
  /** Where the image is served (a public address), null without one. */
  imageUrl: z.string().nullable(),
  /** Booked on a calendar: it has availability and is checked out with a start time. */
  bookable: z.boolean(),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;
export const publicProductsSchema = z.object({ items: z.array(publicProductSchema) });

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const realDay = z
  .string()
  .regex(dayPattern, { message: 'a date as YYYY-MM-DD' })
  .refine(
    (v) => {
      if (!dayPattern.test(v)) return true;
      const ms = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
    },
    { message: 'not a real date' },
  );

/** Local dates of the company, `to` excluded, at most `publicAvailabilityMaxDays` days. */
export const publicAvailabilityQuery = z.object({ from: realDay, to: realDay }).superRefine((q, ctx) => {
  const from = Date.parse(`${q.from}T00:00:00Z`);
  const to = Date.parse(`${q.to}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) return;
  if (to <= from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
  else if (to - from > publicAvailabilityMaxDays * 86_400_000)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `at most ${publicAvailabilityMaxDays} days after from`,
    });
});

/** One company day: the start times a customer can book, with the units still free at each. */
export const publicAvailabilityDaySchema = z.object({
  date: z.string(),
  slots: z.array(z.object({ startsAt: z.string(), freePlaces: z.number().int() })),
});
export const publicAvailabilitySchema = z.object({
  productId: z.number().int(),
  timeZone: z.string(),
  days: z.array(publicAvailabilityDaySchema),
});
export type PublicAvailability = z.infer<typeof publicAvailabilitySchema>;

export const publicCheckoutBody = z.object({
  productId: z.number().int().positive().max(2_147_483_647),
  /** ISO 8601; without an offset, the company's wall time. */
  startsAt: z.string().min(10).max(40),
  quantity: z.number().int().min(1).max(100).default(1),
  customer: z.object({
    name: z.string().trim().min(1).max(120),
    surname: z.string().trim().max(120).optional(),
    email: emailSchema,
    phone: z
      .string()
      .trim()
      .refine((v) => phonePattern.test(v), {
        message: 'the phone must begin with a country code (e.g. +34)',
      }),
  }),
  language: z.enum(languages),
  payment: z.discriminatedUnion('method', [
    z.object({ method: z.literal('online') }),
    z.object({
      method: z.literal('giftVoucher'),
      code: giftVoucherCodeInput.refine((v) => v !== undefined, { message: 'required' }),
    }),
  ]),
});
export type PublicCheckoutBody = z.input<typeof publicCheckoutBody>;

/** The booking as its customer sees it. */
export const publicBookingSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  quantity: z.number().int(),
  /** The booking's signed code (its QR, its customer link). */
  bookingCode: z.string(),
});

export const checkoutStates = ['awaiting_payment', 'confirmed', 'expired', 'failed'] as const;
export type CheckoutState = (typeof checkoutStates)[number];

export const publicCheckoutSchema = z.object({
  status: z.enum(checkoutStates),
  /** The checkout's token (GET …/checkouts/{token}); null for a booking confirmed at once. */
  checkout: z.string().nullable(),
  /** The payment page, while it awaits payment. */
  payUrl: z.string().nullable(),
  holdExpiresAt: z.string().nullable(),
  booking: publicBookingSchema.nullable(),
});
export type PublicCheckout = z.infer<typeof publicCheckoutSchema>;

/*
 * The customer's signed link (`PUBLIC_URL/b/<code>`, the booking's code `B1.<licenseId>.<bookingId>.<sig>`):
 * the booking as its customer sees it, its start times to move it, moving and cancelling it. A code that
 * is malformed, altered, of another company or of a deleted booking is 404.
 */
export const publicBookingCodeParams = publicLicenseParams.extend({
  code: z.string().trim().min(1).max(200),
});

/** The language of the product's name (else the customer's, else the company's main language). */
export const publicManagedBookingQuery = z.object({ language: z.enum(languages).optional() });

/** Why a booking cannot be moved online. */
export const publicMoveRefusals = ['notAllowed', 'noMovesLeft', 'started', 'cancelled'] as const;
/** Why a booking cannot be cancelled online. */
export const publicCancelRefusals = ['tooLate', 'notPaidOnline', 'started', 'cancelled'] as const;
/**
 * What comes back when the booking is cancelled in time: the gift voucher's use, the pack's session,
 * the online payment (refunded through its gateway) or nothing (nothing was paid for it in advance).
 */
export const publicCancelReturns = ['giftVoucherUse', 'packSession', 'onlineRefund', 'nothing'] as const;
export type PublicCancelReturn = (typeof publicCancelReturns)[number];

export const publicManagedBookingSchema = z.object({
  /** The booking's signed code (what its link and QR carry). */
  bookingCode: z.string(),
  productId: z.number().int(),
  /** In the language asked, else the customer's, else the company's main language. */
  productName: z.string(),
  /** Instants (ISO 8601, UTC). */
  startsAt: z.string(),
  endsAt: z.string(),
  /** The calendar's (the company's) time zone, and the start and end as its wall times, 'YYYY-MM-DDTHH:mm'. */
  timeZone: z.string(),
  localStartsAt: z.string(),
  localEndsAt: z.string(),
  quantity: z.number().int(),
  status: z.enum(['confirmed', 'cancelled']),
  move: z.object({
    /** Whether the customer may move it now (POST …/move). */
    allowed: z.boolean(),
    reason: z.enum(publicMoveRefusals).nullable(),
    /** Until when it may be moved (its start), null when it may not. */
    until: z.string().nullable(),
    /** The moves the customer has left; null: as many as wanted (or none allowed). */
    movesLeft: z.number().int().nullable(),
    /** The moves the customer made online. */
    movesMade: z.number().int(),
  }),
  cancel: z.object({
    /** Whether the customer may cancel it online now (POST …/cancel). */
    allowed: z.boolean(),
    reason: z.enum(publicCancelRefusals).nullable(),
    /** The last instant it may be cancelled online (freeCancellationHours before its start). */
    until: z.string().nullable(),
    /** What comes back when cancelled in time. */
    returns: z.enum(publicCancelReturns),
    /** The amount refunded (euros) when paid online, else null. */
    refundAmount: z.number().nullable(),
  }),
  /** Whom to call or write when it cannot be changed online. */
  contact: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type PublicManagedBooking = z.infer<typeof publicManagedBookingSchema>;

export const publicMoveBody = z.object({
  /** The new start, one of …/availability's; ISO 8601, without an offset the company's wall time. */
  startsAt: z.string().min(10).max(40),
});
export type PublicMoveBody = z.input<typeof publicMoveBody>;

/** A cancellation's outcome: the booking as it is now, and what came back. */
export const publicCancellationSchema = z.object({
  booking: publicManagedBookingSchema,
  returned: z.enum(publicCancelReturns),
  /** The amount refunded through the gateway (euros), else null. */
  refundedAmount: z.number().nullable(),
});
export type PublicCancellation = z.infer<typeof publicCancellationSchema>;
