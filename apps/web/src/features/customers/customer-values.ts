import type {
  Customer,
  CustomerBody,
  CustomerListItem,
  CustomField,
  genders,
  Language,
} from '@mostrador/contract';
import { normalizePhone } from '@mostrador/contract';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../lib/dayjs';

const isoDay = 'YYYY-MM-DD';

/** What a custom field holds while it is edited: by type, a text, a number, a date, 'true'/'false' or an option. */
export type CustomFieldInput = string | number | Dayjs | null | undefined;

/** The customer form's values: texts as typed, the birthdate as a date, custom fields keyed by their id. */
export interface CustomerFormValues {
  name: string;
  surname: string;
  email: string;
  phone: string;
  company: string;
  vat: string;
  birthdate: Dayjs | null;
  gender: (typeof genders)[number] | null;
  /** The language of the mails the customer gets; null: the company's main language. */
  language: Language | null;
  street: string;
  streetNumber: string;
  postalCode: string;
  city: string;
  state: string;
  country: string;
  notes: string;
  custom: Record<string, CustomFieldInput>;
}

/** The form's plain text fields, in the record's terms. */
export const textFields = [
  'name',
  'surname',
  'email',
  'phone',
  'company',
  'vat',
  'street',
  'streetNumber',
  'postalCode',
  'city',
  'state',
  'country',
  'notes',
] as const;
export type TextField = (typeof textFields)[number];

/**
 * A phone field's value as it is typed: spaces, dots, dashes and brackets dropped, "00" read as "+", and
 * a Spanish number typed without its country code (nine digits from 6 to 9) given +34, the company's.
 */
export function typedPhone(value: string | undefined): string {
  if (!value) return '';
  return normalizePhone(value.replace(/[\s.\-()]/g, ''));
}

/** "Ana García López": the name a person is called by, for titles and confirmations. */
export function fullName(customer: { name: string; surname: string | null }): string {
  return [customer.name, customer.surname].filter(Boolean).join(' ');
}

export function listItemName(item: CustomerListItem): string {
  return fullName({ name: item.contactName, surname: item.contactSurname });
}

/** A stored custom field value (always a string) as its input edits it. */
export function customFieldInput(field: CustomField, stored: string | null | undefined): CustomFieldInput {
  if (stored === null || stored === undefined || stored === '') return null;
  switch (field.type) {
    case 'number': {
      const value = Number(stored);
      return Number.isFinite(value) ? value : null;
    }
    case 'date': {
      const value = dayjs(stored, isoDay);
      return value.isValid() ? value : null;
    }
    case 'boolean':
      if (stored === 'true' || stored === '1') return 'true';
      if (stored === 'false' || stored === '0') return 'false';
      return null;
    default:
      return stored;
  }
}

/** An input's value as the API stores it: text, `12.5`, `2026-03-01`, `true`/`false`; empty is null. */
export function storedCustomFieldValue(field: CustomField, input: CustomFieldInput): string | null {
  if (input === null || input === undefined) return null;
  if (field.type === 'date') return dayjs.isDayjs(input) && input.isValid() ? input.format(isoDay) : null;
  if (typeof input === 'number') return Number.isFinite(input) ? String(input) : null;
  const text = String(input).trim();
  return text === '' ? null : text;
}

/** The form's starting values: the customer's, or an empty customer living in `defaultCountry`. */
export function toFormValues(
  customer: Customer | undefined,
  fields: CustomField[],
  defaultCountry: string,
): CustomerFormValues {
  const texts = Object.fromEntries(
    textFields.map((field) => [field, customer ? (customer[field] ?? '') : '']),
  ) as Record<TextField, string>;
  if (!customer) texts.country = defaultCountry;
  const stored = new Map(customer?.customFields.map((v) => [v.customFieldId, v.value]));
  return {
    ...texts,
    birthdate: customer?.birthdate ? dayjs(customer.birthdate, isoDay) : null,
    gender: customer?.gender ?? null,
    language: customer?.language ?? null,
    custom: Object.fromEntries(
      fields.map((field) => [field.id, customFieldInput(field, stored.get(field.id))]),
    ),
  };
}

/**
 * The request body: every text as typed (the contract trims and turns empty into null), the birthdate as
 * `YYYY-MM-DD`, and the custom field values. Values of fields this session does not know (added meanwhile
 * by someone else) are sent back as they were, since a save replaces them all.
 */
export function toBody(values: CustomerFormValues, fields: CustomField[], customer?: Customer): CustomerBody {
  const known = new Set(fields.map((field) => field.id));
  const texts = Object.fromEntries(textFields.map((field) => [field, values[field] ?? ''])) as Record<
    TextField,
    string
  >;
  return {
    ...texts,
    birthdate: values.birthdate?.isValid() ? values.birthdate.format(isoDay) : null,
    gender: values.gender ?? null,
    language: values.language ?? null,
    image: customer?.image ?? null,
    customFields: [
      ...fields.map((field) => ({
        customFieldId: field.id,
        value: storedCustomFieldValue(field, values.custom?.[field.id]),
      })),
      ...(customer?.customFields ?? []).filter((value) => !known.has(value.customFieldId)),
    ],
  };
}
