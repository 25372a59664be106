import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { LicensesService } from './licenses.service.js';
import { licenses } from './licenses.table.js';

/**
 * On an empty database: the platform license and its SUPER_ADMIN, made by the create-license workflow
 * (`licenses.create`). Never touches an existing one.
 * Returns the generated password when none was configured, so that it can be printed once.
 */
export async function bootstrapPlatform(
  db: Db,
  service: Pick<LicensesService, 'create'>,
  options: { license: string; username: string; password?: string },
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [platform] = await db.select({ id: licenses.id }).from(licenses).where(eq(licenses.isPlatform, true));
  if (platform) return { created: false };
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  try {
    await service.create({
      name: 'Mostrador',
      code: options.license,
      adminUsername: options.username,
      adminPassword: options.password ?? generatedPassword!,
      isPlatform: true,
    });
  } catch (error) {
    // Another instance bootstrapped at the same moment: the unique index refused ours.
    const [again] = await db.select({ id: licenses.id }).from(licenses).where(eq(licenses.isPlatform, true));
    if (again) return { created: false };
    throw error;
  }
  return { created: true, generatedPassword };
}
