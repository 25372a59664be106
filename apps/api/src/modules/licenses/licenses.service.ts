import {
  allPermissions,
  type CreateLicenseBody,
  companyPermissions,
  type License,
  type LicenseListItem,
  SUPER_ADMIN,
  type UpdateLicenseBody,
} from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { pageOf, type ZonedListQuery } from '../../lib/list.js';
import { hashPassword } from '../../lib/passwords.js';
import { assertOwned } from '../../lib/references.js';
import { createAuthenticationRepository } from '../authentication/authentication.repository.js';
import { customers } from '../customers/customers.table.js';
import { createEmployeesRepository } from '../employees/employees.repository.js';
import { products } from '../products/products.table.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createLicensesRepository, type LicenseRow } from './licenses.repository.js';
import { licenses } from './licenses.table.js';

function toLicense(row: LicenseRow): License {
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

const codeTaken = () => new AppError('licenseCodeExists', [{ field: 'code', message: 'already exists' }]);
/** Two saves of the same code at once pass the check; the unique index refuses the second. */
const uniqueCode = (error: unknown): never => {
  throw isUniqueViolation(error) ? codeTaken() : error;
};

export function createLicensesService(deps: { db: Db; settings: SettingsService }) {
  const { db } = deps;
  const repo = createLicensesRepository(db);

  /**
   * The customer who holds a license and the license product are the platform's own: the platform
   * sells the licenses. Any other license's id is unknown here (400 naming the field).
   */
  async function checkLinks(body: { customerId?: number | null; productId?: number | null }) {
    if (body.customerId == null && body.productId == null) return;
    const [platform] = await db
      .select({ id: licenses.id })
      .from(licenses)
      .where(eq(licenses.isPlatform, true));
    await assertOwned(db, platform?.id ?? 0, [
      { field: 'customerId', table: customers, id: body.customerId, what: 'customer' },
      { field: 'productId', table: products, id: body.productId, what: 'product' },
    ]);
  }

  return {
    findByCode: repo.findByCode,

    async list(query: ZonedListQuery) {
      const { rows, count } = await repo.list(query);
      const items: LicenseListItem[] = rows.map((r) => ({
        ...toLicense(r),
        productName: null,
        customerName: null,
        customerSurname: null,
      }));
      return pageOf(items, count, query);
    },

    async get(id: number) {
      const row = await repo.find(id);
      if (!row) throw notFound();
      return toLicense(row);
    },

    /**
     * Creates a license with its company settings and its first employee, in one transaction.
     * The first employee holds every permission a company may hold, in both scopes.
     */
    async create(
      body: Omit<CreateLicenseBody, 'status'> & { isPlatform?: boolean; status?: 'active' | 'inactive' },
    ) {
      const code = body.code.trim().toLowerCase();
      if (await repo.findByCode(code)) throw codeTaken();
      const passwordHash = await hashPassword(body.adminPassword);
      const isPlatform = body.isPlatform ?? false;
      await checkLinks(body);
      return db
        .transaction(async (tx) => {
          const [license] = await tx
            .insert(licenses)
            .values({
              name: body.name,
              code,
              status: body.status ?? 'active',
              customerId: body.customerId ?? null,
              productId: body.productId ?? null,
              isPlatform,
            })
            .returning();
          await deps.settings.createFor(tx, license!.id, body.name);
          const employees = createEmployeesRepository(tx);
          const admin = await employees.insert({
            licenseId: license!.id,
            name: body.adminUsername,
            email: body.adminEmail ?? null,
            username: body.adminUsername,
            passwordHash,
            roles: isPlatform ? [SUPER_ADMIN] : [],
          });
          const granted = isPlatform ? allPermissions : companyPermissions;
          await employees.setPermissions(
            license!.id,
            admin.id,
            granted.flatMap((permission) => [
              { scope: 'can_do' as const, permission },
              { scope: 'can_grant' as const, permission },
            ]),
          );
          return { license: license!, admin };
        })
        .catch(uniqueCode);
    },

    async update(id: number, body: UpdateLicenseBody) {
      const current = await repo.find(id);
      if (!current) throw notFound();
      const other = await repo.findByCode(body.code);
      if (other && other.id !== id) throw codeTaken();
      // The platform license cannot be switched off: nobody could log in to switch it back on.
      if (current.isPlatform && body.status !== 'active') {
        throw new AppError('validation', [{ field: 'status', message: 'the platform license stays active' }]);
      }
      await checkLinks(body);
      const row = await db
        .transaction(async (tx) => {
          const updated = await createLicensesRepository(tx).update(id, {
            name: body.name,
            code: body.code,
            status: body.status,
            customerId: body.customerId ?? null,
            productId: body.productId ?? null,
          });
          // A switched-off license's staff are out now, and stay out if it is switched on again.
          if (body.status === 'inactive')
            await createAuthenticationRepository(tx).deleteSessionsOfLicense(id);
          return updated;
        })
        .catch(uniqueCode);
      return toLicense(row!);
    },

    /** Deletes a company license and everything it holds (the foreign keys cascade). */
    async remove(id: number) {
      const current = await repo.find(id);
      if (!current) throw notFound();
      if (current.isPlatform)
        throw new AppError('conflict', undefined, 'The platform license cannot be deleted');
      await repo.remove(id);
    },
  };
}
export type LicensesService = ReturnType<typeof createLicensesService>;
