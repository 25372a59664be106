import type { License } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { assertOwned } from '../../lib/references.js';
import { customers } from '../customers/customers.table.js';
import { products } from '../products/products.table.js';
import type { LicenseRow } from './licenses.repository.js';
import { licenses } from './licenses.table.js';

export function toLicense(row: LicenseRow): License {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    status: row.status,
    customerId: row.customerId,
    productId: row.productId,
    isPlatform: row.isPlatform,
    createdAt: row.createdAt.toISOString(),
  };
}

export const codeTaken = () =>
  new AppError('licenseCodeExists', [{ field: 'code', message: 'already exists' }]);

/** Two saves of the same code at once pass the check; the unique index refuses the second. */
export const uniqueCode = (error: unknown): never => {
  throw isUniqueViolation(error) ? codeTaken() : error;
};

/**
 * The customer who holds a license and the license product are the platform's own: the platform
 * sells the licenses. Any other license's id is unknown here (400 naming the field).
 */
export async function checkLinks(
  db: DbOrTx,
  body: { customerId?: number | null; productId?: number | null },
) {
  if (body.customerId == null && body.productId == null) return;
  const [platform] = await db.select({ id: licenses.id }).from(licenses).where(eq(licenses.isPlatform, true));
  await assertOwned(db, platform?.id ?? 0, [
    { field: 'customerId', table: customers, id: body.customerId, what: 'customer' },
    { field: 'productId', table: products, id: body.productId, what: 'product' },
  ]);
}
