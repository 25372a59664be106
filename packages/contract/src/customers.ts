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
  createdAt: z.string(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;
