import { z } from 'zod';
import { calendarColorPattern } from './calendars.js';
import { emailSchema, optionalText, urlSchema } from './common.js';
import { certificateInfoSchema, invoiceSeriesPrefix, spanishTaxIdPattern } from './invoices.js';
import { languages } from './languages.js';
import { mailSecurities } from './mails.js';
import { paymentGateways, stripeModes } from './payments.js';
import { phonePattern } from './phone.js';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Relative luminance of '#rrggbb' (WCAG 2.1). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
/** The contrast ratio of white text on a '#rrggbb' background (WCAG 2.1: AA wants 4.5 for text). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}
/** The booking widget's colour when the company chose none (white text on it: 5.5:1). */
export const defaultWidgetColor = '#0f766e';
/**
 * The widget's colour: '#rrggbb' dark enough for white text on it (WCAG AA, 4.5:1), since its
 * buttons and selected times are that colour with white text. '' or null: the default.
 */
const widgetColor = z
  .union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(calendarColorPattern, { message: 'a colour as #rrggbb' })
      .transform((v) => v.toLowerCase())
      .refine((v) => contrastWithWhite(v) >= 4.5, {
        message: 'too light: white text on it must have a contrast of 4.5:1 at least',
      }),
  ])
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const optionalUrl = z
  .union([z.literal(''), urlSchema])
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();
const optionalEmail = z
  .union([z.literal(''), emailSchema])
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();
const optionalPhone = z
  .string()
  .trim()
  .refine((v) => v === '' || phonePattern.test(v), { message: 'phone must begin with a country code' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();
/** A write-only secret: absent keeps it, null or empty clears it, a string replaces it. */
const secretInput = z.string().max(4096).nullable().optional();

export const companySettingsSchema = z.object({
  companyName: optionalText(160),
  vat: optionalText(32),
  email: optionalEmail,
  phone: optionalPhone,
  street: optionalText(160),
  postalCode: optionalText(16),
  city: optionalText(80),
  state: optionalText(80),
  country: optionalText(80),
  web: optionalUrl,
  widgetUrl: optionalUrl,
  widgetColor,
  logo: z.number().int().positive().nullable().optional(),
  locale: z.enum(languages),
  otherLanguages: z.array(z.enum(languages)).max(languages.length),
  timeZone: z
    .string()
    .refine(isTimeZone, { message: 'unknown time zone' })
    .transform((v) => new Intl.DateTimeFormat('en', { timeZone: v }).resolvedOptions().timeZone),
});

const notificationSchema = z.object({
  status: z.boolean(),
  hour: z.number().int().min(0).max(23),
  daysInAdvance: z.number().int().min(0).max(365),
  subject: z.string().trim().max(200),
  body: z.string().max(20000),
});

const mailPublic = z.object({
  host: optionalText(255),
  port: z.number().int().min(1).max(65535).nullable().optional(),
  user: optionalText(255),
  fromMailAddress: optionalEmail,
  supplierFromMailAddress: optionalEmail,
  security: z.enum(mailSecurities).optional(),
});
const stripePublic = z.object({
  mode: z.enum(stripeModes).optional(),
  publishKey: optionalText(255),
  testPublishKey: optionalText(255),
  successUrl: optionalUrl,
  errorUrl: optionalUrl,
});
export const redsysTransactionTypes = ['authorization', 'pre-authorization', 'authentication'] as const;
const redsysPublic = z.object({
  url: optionalUrl,
  fuc: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{9}$/.test(v), { message: 'nine digits' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  terminal: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{1,3}$/.test(v), { message: 'up to three digits' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  currency: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{3}$/.test(v), { message: 'an ISO 4217 numeric code, 978 for euros' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  transactionType: z.enum(redsysTransactionTypes).nullable().optional(),
  version: optionalText(32),
});
/** Which gateway new online payments use (none: online orders cannot await payment). */
const paymentPublic = z.object({ gateway: z.enum(paymentGateways).nullable() });
const verifactuPublic = z.object({
  status: z.boolean(),
  environment: z.enum(['test', 'production']),
  taxId: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || spanishTaxIdPattern.test(v), {
      message: 'a Spanish tax id of nine characters',
    })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});

/**
 * The invoicing data (billing screen): the legal name and address printed on invoices (the company's
 * name and address when empty), the series prefixes, and whether paid sales get a simplified invoice.
 */
const billingSchema = z.object({
  legalName: optionalText(120),
  street: optionalText(160),
  postalCode: optionalText(16),
  city: optionalText(80),
  state: optionalText(80),
  country: optionalText(80),
  fullSeries: invoiceSeriesPrefix,
  simplifiedSeries: invoiceSeriesPrefix,
  rectifyingSeries: invoiceSeriesPrefix,
  simplifiedInvoices: z.boolean(),
  simplifiedInvoiceLimit: z.union([z.literal(400), z.literal(3000)]),
});

const nullableText = z.string().nullable();
const notificationsSchema = z.object({ booking: notificationSchema, birthday: notificationSchema });
const giftVoucherSettings = z.object({
  daysQuantityForAGiftVoucherExpiration: z.number().int().min(1).max(3650),
  numberOfBookings: z.number().int().min(1).max(1000),
});
/**
 * Booking rules: a booking paid with a gift voucher (or a pack session) gives it back when cancelled or
 * deleted at least `freeCancellationHours` before its start.
 */
const bookingSettings = z.object({
  freeCancellationHours: z.number().int().min(0).max(8760),
});
const subscriptionSettings = z.object({
  daysToPaySubscriptionRenewal: z.number().int().min(0).max(365),
  freeSubscriptionTrialDays: z.number().int().min(0).max(365),
});
/** The company's own Google OAuth client (Google Cloud console), for linking calendars to Google Calendar. */
const googlePublic = z.object({ clientId: optionalText(255) });

/** What `GET /admin/settings` answers: plain values; secrets only say whether they are set. */
export const settingsSchema = z.object({
  companyName: nullableText,
  vat: nullableText,
  email: nullableText,
  phone: nullableText,
  street: nullableText,
  postalCode: nullableText,
  city: nullableText,
  state: nullableText,
  country: nullableText,
  web: nullableText,
  widgetUrl: nullableText,
  /** The booking widget's colour, '#rrggbb'; null: `defaultWidgetColor`. */
  widgetColor: nullableText,
  logo: z.number().int().nullable(),
  locale: z.enum(languages),
  otherLanguages: z.array(z.enum(languages)),
  timeZone: z.string(),
  mail: z.object({
    host: nullableText,
    port: z.number().int().nullable(),
    user: nullableText,
    fromMailAddress: nullableText,
    supplierFromMailAddress: nullableText,
    security: z.enum(mailSecurities),
    passSet: z.boolean(),
  }),
  payment: z.object({ gateway: z.enum(paymentGateways).nullable() }),
  stripe: z.object({
    mode: z.enum(stripeModes),
    publishKey: nullableText,
    testPublishKey: nullableText,
    successUrl: nullableText,
    errorUrl: nullableText,
    secretKeySet: z.boolean(),
    testSecretKeySet: z.boolean(),
    webhookSecretSet: z.boolean(),
  }),
  redsys: z.object({
    url: nullableText,
    fuc: nullableText,
    terminal: nullableText,
    currency: nullableText,
    transactionType: z.enum(redsysTransactionTypes).nullable(),
    version: nullableText,
    encryptionKeySet: z.boolean(),
  }),
  verifactu: z.object({
    status: z.boolean(),
    environment: z.enum(['test', 'production']),
    taxId: nullableText,
    certificate: certificateInfoSchema
      .nullable()
      .describe('The uploaded PKCS#12 certificate as read; the file and its password never come back'),
  }),
  billing: z.object({
    legalName: nullableText,
    street: nullableText,
    postalCode: nullableText,
    city: nullableText,
    state: nullableText,
    country: nullableText,
    fullSeries: z.string(),
    simplifiedSeries: z.string(),
    rectifyingSeries: z.string(),
    simplifiedInvoices: z.boolean(),
    simplifiedInvoiceLimit: z.union([z.literal(400), z.literal(3000)]),
  }),
  notifications: notificationsSchema,
  giftVouchers: giftVoucherSettings,
  bookings: bookingSettings,
  subscriptions: subscriptionSettings,
  google: z.object({
    clientId: nullableText,
    clientSecretSet: z.boolean(),
    /** Where Google sends staff back after consenting (PUBLIC_URL/v1/google/oauth/callback): the client's authorised redirect URI. */
    redirectUrl: z.string(),
  }),
});
export type Settings = z.infer<typeof settingsSchema>;

/** `PUT /admin/settings`: any section may be sent; what is sent replaces what was there. */
export const updateSettingsBody = companySettingsSchema.partial().extend({
  mail: mailPublic.extend({ pass: secretInput }).optional(),
  payment: paymentPublic.optional(),
  stripe: stripePublic
    .extend({ secretKey: secretInput, testSecretKey: secretInput, webhookSecret: secretInput })
    .optional(),
  redsys: redsysPublic.extend({ encryptionKey: secretInput }).optional(),
  verifactu: verifactuPublic.optional(),
  billing: billingSchema.optional(),
  notifications: notificationsSchema.optional(),
  giftVouchers: giftVoucherSettings.optional(),
  bookings: bookingSettings.optional(),
  subscriptions: subscriptionSettings.optional(),
  google: googlePublic.extend({ clientSecret: secretInput }).optional(),
});
export type UpdateSettingsBody = z.input<typeof updateSettingsBody>;

/** The general section the company settings screen edits. */
export const generalSettingsForm = companySettingsSchema;
export type GeneralSettings = z.input<typeof companySettingsSchema>;

/**
 * What the widget settings screen shows: the company's code and where the booking widget is served
 * (built from the server's PUBLIC_URL), for the snippet a company pastes into its website.
 */
export const widgetEmbedSchema = z.object({
  licenseCode: z.string(),
  /** The loader of the script-tag variant. */
  scriptUrl: z.string(),
  /** The widget's page, for the iframe variant and the preview. */
  frameUrl: z.string(),
});
export type WidgetEmbed = z.infer<typeof widgetEmbedSchema>;
