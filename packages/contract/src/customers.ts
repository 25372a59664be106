import { z } from 'zod';
import { customFieldValueSchema } from './custom-fields.js';
import { languages } from './languages.js';
import { phonePattern } from './phone.js';

export const genders = ['male', 'female', 'none'] as const;

export const customerListFields = [
  'id',
  'companyName',
  'vat',
  'contactName',
  'contactSurname',
  'contactEmail',
  'contactPhone',
  'notes',
  'createdAt',
  // The customer's own fields (contract §2: filters and orders accept them too).
  'name',
  'surname',
  'company',
  'email',
  'phone',
  'birthdate',
  'gender',
  'street',
  'streetNumber',
  'city',
  'state',
  'postalCode',
  'country',
  'updatedAt',
] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** The phone rule of the spec: a plus sign and 11 digits, the country code first. */
export const phoneField = z
  .string()
  .trim()
  .refine((v) => v === '' || phonePattern.test(v), {
    message: 'the phone must begin with a country code (e.g. +34)',
  })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'a date as YYYY-MM-DD' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'not a real date',
    },
  );

export const customerBody = z.object({
  name: z.string().trim().min(1).max(120),
  surname: text(160),
  company: text(160),
  vat: text(32),
  email: z
    .union([z.literal(''), z.string().trim().toLowerCase().pipe(z.email())])
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  phone: phoneField,
  birthdate: z
    .union([z.literal(''), isoDate])
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  gender: z.enum(genders).nullable().optional(),
  street: text(160),
  streetNumber: text(20),
  city: text(80),
  state: text(80),
  postalCode: text(16),
  country: text(80),
  notes: text(4000),
  /** Mails to the customer go in this language; absent or null: the company's main language. */
  language: z.enum(languages).nullable().optional(),
  image: z.number().int().positive().nullable().optional(),
  customFields: z
    .array(customFieldValueSchema)
    .max(100)
    .refine((values) => new Set(values.map((v) => v.customFieldId)).size === values.length, {
      message: 'each custom field at most once',
    })
    .optional(),
});
export type CustomerBody = z.input<typeof customerBody>;

export const customerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string().nullable(),
  company: z.string().nullable(),
  vat: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birthdate: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  street: z.string().nullable(),
  streetNumber: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  notes: z.string().nullable(),
  image: z.number().int().nullable(),
  language: z.enum(languages).nullable(),
  customFields: z.array(customFieldValueSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListItemSchema = z.object({
  id: z.number().int(),
  companyName: z.string().nullable(),
  vat: z.string().nullable(),
  contactName: z.string(),
  contactSurname: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  image: z.number().int().nullable(),
  notes: z.string().nullable(),
  city: z.string().nullable(),
  /** The customer's custom field values (the list's optional columns), by field id; empty ones left out. */
  customFields: z.array(customFieldValueSchema),
  createdAt: z.string(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

/**
 * The quick customer of the booking drawer and the order form: a name and a way to reach them (a phone
 * or an email, at least one). It is a customer body, sent to `POST /admin/customers` like the full form.
 */
export const quickCustomerBody = customerBody
  .pick({ name: true, email: true, phone: true })
  .refine((v) => Boolean(v.phone || v.email), {
    message: 'a phone or an email',
    path: ['phone'],
  });
export type QuickCustomerBody = z.input<typeof quickCustomerBody>;

/** A customer's bookings in figures; `now` splits upcoming from past. Cancelled ones are counted apart. */
export const customerBookingFiguresSchema = z.object({
  upcoming: z.number().int().describe('Confirmed, starting after now'),
  past: z.number().int().describe('Confirmed, started before now'),
  attended: z.number().int(),
  notAttended: z.number().int().describe('Marked as not attended'),
  cancelled: z.number().int(),
  nextBooking: z.string().nullable().describe('The start of the next confirmed booking'),
  lastVisit: z
    .string()
    .nullable()
    .describe('The start of the last confirmed booking already begun, unless marked not attended'),
});

/** A customer's sales in figures: money in cents, VAT included. */
export const customerOrderFiguresSchema = z.object({
  orders: z.number().int().describe('Sales, whatever their status (refunds not counted)'),
  paidOrders: z.number().int().describe('Sales paid (or refunded since)'),
  refunds: z.number().int(),
  paidCents: z
    .number()
    .int()
    .describe(
      "What the paid sales came to in money (those paid with the customer's credit not counted again)",
    ),
  refundedCents: z
    .number()
    .int()
    .describe('What the refunds gave back in money, as a positive amount (credit given back not counted)'),
  totalSpentCents: z.number().int().describe('paidCents minus refundedCents'),
  lastOrderAt: z.string().nullable(),
});

/**
 * `GET /admin/customers/{id}/summary`: the figures of a customer's page. Each part is null when the
 * caller may not find that kind of record (bookings_find, orders_find).
 */
export const customerSummarySchema = z.object({
  customerId: z.number().int(),
  bookings: customerBookingFiguresSchema.nullable(),
  orders: customerOrderFiguresSchema.nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
