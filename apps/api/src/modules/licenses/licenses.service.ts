import { allPermissions, type CreateLicenseBody, companyPermissions, SUPER_ADMIN } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { createEmployeesRepository } from '../employees/employees.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import { licenses } from './licenses.table.js';

export function createLicensesService(deps: { db: Db; settings: SettingsService }) {
  const { db } = deps;
  return {
    async findByCode(code: string) {
      const [row] = await db.select().from(licenses).where(eq(licenses.code, code.toLowerCase()));
      return row;
    },

    /**
     * Creates a license with its company settings and its first employee, in one transaction.
     * The first employee holds every permission a company may hold, in both scopes.
     */
    async create(
      body: Omit<CreateLicenseBody, 'status'> & { isPlatform?: boolean; status?: 'active' | 'inactive' },
    ) {
      const code = body.code.trim().toLowerCase();
      if (await this.findByCode(code))
        throw new AppError('licenseCodeExists', [{ field: 'code', message: 'already exists' }]);
      const passwordHash = await hashPassword(body.adminPassword);
      const isPlatform = body.isPlatform ?? false;
      return db.transaction(async (tx) => {
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
      });
    },
  };
}
export type LicensesService = ReturnType<typeof createLicensesService>;
