// Types only: drizzle-kit loads this file with require, which the contract's exports do not serve.
import type {
  CommissionType,
  Language,
  PaymentPeriodicity,
  PeriodicityUnit,
  ProductStatus,
  ProductType,
} from '@mostrador/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns.js';
import { foldedSearchText } from '../../lib/search.js';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { files } from '../files/files.table.js';
import { licenses } from '../licenses/licenses.table.js';
import { suppliers } from '../suppliers/suppliers.table.js';
import { taxes } from '../taxes/taxes.table.js';

/**
 * The catalogue. `name` and `description` are the texts in the company's main language (what the
 * default sort, "translations.name asc", reads); every language's texts are in product_translations.
 */
export const products = pgTable(
  'products',
  {
    ...baseColumns,
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    /** The SKU; null when the product has none. */
    reference: text('reference'),
    name: text('name').notNull(),
    description: text('description'),
    priceCents: integer('price_cents').notNull(),
    image: integer('image').references(() => files.id, { onDelete: 'set null' }),
    type: text('type').$type<ProductType>().notNull(),
    taxId: integer('tax_id')
      .notNull()
      .references(() => taxes.id, { onDelete: 'restrict' }),
    status: text('status').$type<ProductStatus>().notNull().default('enabled'),
    sellOnline: boolean('sell_online').notNull().default(false),
    durationInMinutes: integer('duration_in_minutes'),
    publicDuration: integer('public_duration'),
    spacesOccupiedInTheCalendar: integer('spaces_occupied_in_the_calendar'),
    canCustomersChangeTheBookingDate: boolean('can_customers_change_the_booking_date')
      .notNull()
      .default(false),
    howManyTimesCanCustomerRescheduleBooking: integer('how_many_times_can_customer_reschedule_booking'),
    periodicityQuantity: integer('periodicity_quantity'),
    periodicityUnit: text('periodicity_unit').$type<PeriodicityUnit>(),
    freeSubscriptionTrialDays: integer('free_subscription_trial_days'),
    daysToPaySubscriptionRenewal: integer('days_to_pay_subscription_renewal'),
    periodicityOfSubscriptionPayment: text('periodicity_of_subscription_payment').$type<PaymentPeriodicity>(),
    supplierCommissionType: text('supplier_commission_type').$type<CommissionType>(),
    /** Hundredths: cents for `money`, hundredths of a percent for `percentage`. */
    supplierCommissionQuantity: integer('supplier_commission_quantity'),
    /** The calendar a bookable product is booked on; a calendar with products cannot be deleted. */
    bookingCalendarId: integer('booking_calendar_id').references(() => bookingCalendars.id, {
      onDelete: 'restrict',
    }),
    /** The supplier whose product it is; a supplier with products cannot be deleted. */
    supplierId: integer('supplier_id').references((): AnyPgColumn => suppliers.id, { onDelete: 'restrict' }),
    /** A pack: how many sessions one unit sold gives, of the products in product_pack_items. */
    packSessions: integer('pack_sessions'),
    /** A credit: the money one unit sold gives to spend, in cents (the price unless set). */
    creditCents: integer('credit_cents'),
    /** What the free-text search reads, kept by PostgreSQL itself; a trigram index serves substrings. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => foldedSearchText(['name', 'reference', 'description']),
    ),
  },
  (t) => [
    uniqueIndex('products_license_reference_key')
      .on(t.licenseId, sql`lower(${t.reference})`)
      .where(sql`${t.reference} is not null`),
    index('products_license_name_idx').on(t.licenseId, t.name, t.id),
    index('products_license_supplier_idx')
      .on(t.licenseId, t.supplierId, t.name, t.id)
      .where(sql`${t.supplierId} is not null`),
    index('products_license_calendar_idx')
      .on(t.licenseId, t.bookingCalendarId)
      .where(sql`${t.bookingCalendarId} is not null`),
    index('products_tax_idx').on(t.taxId),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** A product's name and description per interface language, the main language's included. */
export const productTranslations = pgTable(
  'product_translations',
  {
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    language: text('language').$type<Language>().notNull(),
    name: text('name'),
    description: text('description'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.language] })],
);

/** The products a pack's sessions pay for (a pack of "5 massages" names the massage). */
export const productPackItems = pgTable(
  'product_pack_items',
  {
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references((): AnyPgColumn => products.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.packId, t.productId] }),
    index('product_pack_items_product_idx').on(t.productId),
  ],
);
