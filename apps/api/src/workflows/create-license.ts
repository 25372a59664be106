import { allPermissions, type CreateLicenseBody, companyPermissions, SUPER_ADMIN } from '@mostrador/contract';
import type { Db } from '../db/client.js';
import { hashPassword } from '../lib/passwords.js';
import { createEmployeesRepository } from '../modules/employees/employees.repository.js';
import { checkLinks, codeTaken, uniqueCode } from '../modules/licenses/license-rules.js';
import { createLicensesRepository } from '../modules/licenses/licenses.repository.js';
import type { SettingsService } from '../modules/settings/settings.service.js';

export interface LicenseWorkflowDeps {
  db: Db;
  settings: Pick<SettingsService, 'createFor'>;
}

export type CreateLicenseInput = Omit<CreateLicenseBody, 'status'> & {
  isPlatform?: boolean;
  status?: 'active' | 'inactive';
};

/**
 * Creates a license ready to log in to, in one transaction: the license, its company settings through
 * the settings module, then its first employee through the employees module, who holds every permission
 * the license may hold (all of them on the platform, with SUPER_ADMIN), in both scopes. Used by the
 * platform's licenses screen, the bootstrap and the demo.
 */
export async function createLicense(deps: LicenseWorkflowDeps, body: CreateLicenseInput) {
  const code = body.code.trim().toLowerCase();
  if (await createLicensesRepository(deps.db).findByCode(code)) throw codeTaken();
  await checkLinks(deps.db, body);
  const passwordHash = await hashPassword(body.adminPassword);
  const isPlatform = body.isPlatform ?? false;
  return deps.db
    .transaction(async (tx) => {
      // 1. The license.
      const license = await createLicensesRepository(tx).insert({
        name: body.name,
        code,
        status: body.status ?? 'active',
        customerId: body.customerId ?? null,
        productId: body.productId ?? null,
        isPlatform,
      });
      // 2. Its company settings, named after it.
      await deps.settings.createFor(tx, license.id, body.name);
      // 3. Its first employee, with every permission the license may hold, to use and to grant.
      const employees = createEmployeesRepository(tx);
      const admin = await employees.insert({
        licenseId: license.id,
        name: body.adminUsername,
        email: body.adminEmail ?? null,
        username: body.adminUsername,
        passwordHash,
        roles: isPlatform ? [SUPER_ADMIN] : [],
      });
      const granted = isPlatform ? allPermissions : companyPermissions;
      await employees.setPermissions(
        license.id,
        admin.id,
        granted.flatMap((permission) => [
          { scope: 'can_do' as const, permission },
          { scope: 'can_grant' as const, permission },
        ]),
      );
      return { license, admin };
    })
    .catch(uniqueCode);
}
