import { ErrorCode } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForeignKeyViolation, referencedRowRefusal, referencedRowRefusals } from '../src/lib/db-errors.js';
import { buildTestApp, call, createLicense, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * Keys whose referenced rows the API never deletes: registers stay, a refunded line is never removed,
 * files (a mail's attachments among them) have no delete.
 */
const neverDeleted = [
  'mail_attachments_file_id_files_id_fk',
  'orders_cash_register_id_cash_registers_id_fk',
  'order_lines_cash_register_id_cash_registers_id_fk',
  'order_lines_original_line_id_order_lines_id_fk',
  // Invoices are immutable: neither is ever deleted but with its license.
  'invoices_rectified_invoice_id_invoices_id_fk',
  'invoices_replaced_invoice_id_invoices_id_fk',
  // Vouchers and balances come from paid sales, whose lines stay; balances are never deleted.
  'gift_vouchers_order_line_id_order_lines_id_fk',
  'customer_balances_order_line_id_order_lines_id_fk',
  'bookings_balance_id_customer_balances_id_fk',
];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function failure(query: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await t.database.db.execute(query);
  } catch (error) {
    return error;
  }
  throw new Error('the statement went through');
}

describe('foreign keys that keep a referenced row', () => {
  it('each one that refuses a delete has its business code, and each mapped name is a real key', async () => {
    // confdeltype: a = no action, r = restrict (c cascade, n set null: those never refuse).
    const keys = await rows<{ name: string }>(
      sql`select conname as name from pg_constraint where contype = 'f' and confdeltype in ('a', 'r') order by 1`,
    );
    const names = keys.map((k) => k.name);
    expect(names.filter((n) => !neverDeleted.includes(n)).sort()).toEqual(
      Object.keys(referencedRowRefusals).sort(),
    );
  });

  it('answers a delete of a referenced row with its code, and leaves a write naming a missing row alone', async () => {
    const { token } = await createLicense(t);
    const tax = await call(t, 'POST', '/v1/admin/taxes', { token, payload: { name: 'IVA', percentage: 21 } });
    const product = await call(t, 'POST', '/v1/admin/products', {
      token,
      payload: { name: 'Aceite', type: 'regular', price: 10, taxType: tax.body.data.id },
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);

    // PostgreSQL 18 (PGlite) reports the RESTRICT key as 23001, earlier servers as 23503: same answer.
    const deleted = await failure(sql`delete from taxes where id = ${tax.body.data.id}`);
    expect(referencedRowRefusal(deleted)?.code).toBe(ErrorCode.taxInUse);
    expect(referencedRowRefusal(deleted)?.status).toBe(409);

    // The same key refusing a product that names a tax that does not exist is no business refusal.
    const missing = await failure(
      sql`update products set tax_id = 2147483000 where id = ${product.body.data.id}`,
    );
    expect(isForeignKeyViolation(missing)).toBe(true);
    expect(referencedRowRefusal(missing)).toBeUndefined();
    expect(referencedRowRefusal(new Error('anything else'))).toBeUndefined();
  });
});
