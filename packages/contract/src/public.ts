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
