import type { License, UpdateLicenseBody } from '@mostrador/contract';
import { AppError, notFound } from '../lib/app-error.js';
import { createAuthenticationRepository } from '../modules/authentication/authentication.repository.js';
import { checkLinks, codeTaken, toLicense, uniqueCode } from '../modules/licenses/license-rules.js';
import { createLicensesRepository } from '../modules/licenses/licenses.repository.js';
import type { LicenseWorkflowDeps } from './create-license.js';

/**
 * Updates a license in one transaction; switching it off also ends its staff's sessions through the
 * authentication module, so they are out now and stay out if it is switched on again.
 */
export async function updateLicense(
  deps: Pick<LicenseWorkflowDeps, 'db'>,
  id: number,
  body: UpdateLicenseBody,
): Promise<License> {
  const repo = createLicensesRepository(deps.db);
  const current = await repo.find(id);
  if (!current) throw notFound();
  const other = await repo.findByCode(body.code);
  if (other && other.id !== id) throw codeTaken();
  // The platform license cannot be switched off: nobody could log in to switch it back on.
  if (current.isPlatform && body.status !== 'active') {
    throw new AppError('validation', [{ field: 'status', message: 'the platform license stays active' }]);
  }
  await checkLinks(deps.db, body);
  const row = await deps.db
    .transaction(async (tx) => {
      // 1. The license.
      const updated = await createLicensesRepository(tx).update(id, {
        name: body.name,
        code: body.code,
        status: body.status,
        customerId: body.customerId ?? null,
        productId: body.productId ?? null,
      });
      // 2. Switched off: its staff's sessions end.
      if (body.status === 'inactive') await createAuthenticationRepository(tx).deleteSessionsOfLicense(id);
      return updated;
    })
    .catch(uniqueCode);
  return toLicense(row!);
}
