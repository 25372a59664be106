import type { ErrorKey } from '@mostrador/contract';
import { AppError } from './app-error.js';

/** PostgreSQL's unique_violation, as thrown by pg or PGlite, directly or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * PostgreSQL's foreign_key_violation: a row written naming one that does not exist (deleting a row
 * still referenced is answered by `referencedRowRefusal`).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23503' || e?.cause?.code === '23503';
}

/**
 * What deleting a row answers while another row still references it, by the referencing foreign key
 * (named as drizzle-kit names them: `<table>_<column>_<referenced table>_<referenced column>_fk`).
 * The database refuses the delete; the error handler turns the refusal into the business code, so a
 * service deletes without asking first whether another module's rows point at the record.
 *
 * A row referenced from two tables answers for the key PostgreSQL checks first: its checks run in the
 * order the keys were created (`RI_ConstraintTrigger_a_<oid>`), which the migrations fix. A product
 * sold and booked answers productUsedInOrder (order_lines' key is from 0003, bookings' from 0004); a
 * customer or a calendar answers the same code for either table. products.test.ts pins the product's.
 */
export const referencedRowRefusals = {
  bookings_customer_id_customers_id_fk: 'cannotDeleteCustomer',
  orders_customer_id_customers_id_fk: 'cannotDeleteCustomer',
  order_lines_product_id_products_id_fk: 'productUsedInOrder',
  bookings_product_id_products_id_fk: 'productHasBookings',
  products_tax_id_taxes_id_fk: 'taxInUse',
  products_booking_calendar_id_booking_calendars_id_fk: 'calendarInUse',
  bookings_booking_calendar_id_booking_calendars_id_fk: 'calendarInUse',
  orders_original_order_id_orders_id_fk: 'orderNotDeletable',
  invoices_customer_id_customers_id_fk: 'cannotDeleteCustomer',
  invoices_order_id_orders_id_fk: 'orderHasInvoice',
  gift_vouchers_customer_id_customers_id_fk: 'cannotDeleteCustomer',
  customer_balances_customer_id_customers_id_fk: 'cannotDeleteCustomer',
  // A product with vouchers or balances was sold: its order lines refuse first, the same code.
  gift_vouchers_product_id_products_id_fk: 'productUsedInOrder',
  customer_balances_product_id_products_id_fk: 'productUsedInOrder',
  product_pack_items_product_id_products_id_fk: 'productInPack',
  products_supplier_id_suppliers_id_fk: 'supplierHasProducts',
  bookings_gift_voucher_id_gift_vouchers_id_fk: 'giftVoucherUsed',
  subscriptions_customer_id_customers_id_fk: 'cannotDeleteCustomer',
  // A product whose subscription orders were placed answers productUsedInOrder first (order_lines' key).
  subscriptions_product_id_products_id_fk: 'productHasSubscriptions',
  bookings_subscription_id_subscriptions_id_fk: 'subscriptionHasBookings',
} as const satisfies Record<string, ErrorKey>;

interface PgError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/**
 * The business refusal for a delete (or key update) of a row another row still references, or
 * undefined. ON DELETE RESTRICT is reported as restrict_violation (23001) since PostgreSQL 18 (PGlite)
 * and as foreign_key_violation (23503) before, like NO ACTION. A 23503 also answers a row written
 * naming a missing one, with the same constraint and table: only its message tells the two apart
 * ("insert or update on table …" there, "update or delete on table … on table …" here); that one
 * stays what it was (the services name the field, or a 500).
 */
export function referencedRowRefusal(error: unknown): AppError | undefined {
  const top = error as (PgError & { cause?: PgError }) | undefined;
  const e = top?.cause?.code !== undefined ? top.cause : top;
  if (typeof e?.constraint !== 'string' || !Object.hasOwn(referencedRowRefusals, e.constraint))
    return undefined;
  const stillReferenced =
    e.code === '23001' ||
    (e.code === '23503' &&
      typeof e.message === 'string' &&
      e.message.startsWith('update or delete on table '));
  if (!stillReferenced) return undefined;
  return new AppError(referencedRowRefusals[e.constraint as keyof typeof referencedRowRefusals]);
}
