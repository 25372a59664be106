import { type SQL, sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { accented, plain } from '../../lib/search.js';
import { customFields } from '../custom-fields/custom-fields.table.js';
import { licenses } from '../licenses/licenses.table.js';

export const customers = pgTable(
  'customers',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    surname: text('surname'),
    company: text('company'),
    vat: text('vat'),
    email: text('email'),
    phone: text('phone'),
    birthdate: date('birthdate', { mode: 'string' }),
    gender: text('gender', { enum: ['male', 'female', 'none'] }),
    street: text('street'),
    streetNumber: text('street_number'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country'),
    notes: text('notes'),
    image: integer('image'),
    /** One of the ten languages: mails to the customer use it, else the company's main language. */
    language: text('language'),
    /** What the free-text search reads, kept by PostgreSQL itself; a trigram index serves substrings. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`translate(lower(coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(company, '') || ' ' || coalesce(vat, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')), ${sql.raw(`'${accented}', '${plain}'`)})`,
    ),
    /**
     * The phone's digits alone (+34 689 921 849 → 34689921849), kept by PostgreSQL itself: a search typed
     * as a phone ("689 921 849", "+34 689-921-849") matches by digits through its trigram index.
     */
    phoneDigits: text('phone_digits').generatedAlwaysAs(
      (): SQL => sql`nullif(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), '')`,
    ),
  },
  (t) => [
    uniqueIndex('customers_license_email_key')
      .on(t.licenseId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    index('customers_license_name_idx').on(t.licenseId, t.name, t.id),
    // New customers of a period (the dashboard), counted from the index alone.
    index('customers_license_created_idx').on(t.licenseId, t.createdAt),
    index('customers_license_birthday_idx')
      .on(t.licenseId, sql`extract(month from ${t.birthdate})`, sql`extract(day from ${t.birthdate})`)
      .where(sql`${t.birthdate} is not null`),
    index('customers_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('customers_phone_digits_trgm_idx').using('gin', sql`${t.phoneDigits} gin_trgm_ops`),
  ],
);

export const customerCustomFieldValues = pgTable(
  'customer_custom_field_values',
  {
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    customFieldId: integer('custom_field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    value: text('value'),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.customFieldId] })],
);
