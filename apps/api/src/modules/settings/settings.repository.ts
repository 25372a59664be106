import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companySettings } from './settings.table.js';

export function createSettingsRepository(db: DbOrTx) {
  return {
    async find(licenseId: number) {
      const [row] = await db.select().from(companySettings).where(eq(companySettings.licenseId, licenseId));
      return row;
    },
    async insert(licenseId: number, data: Record<string, unknown>) {
      await db.insert(companySettings).values({ licenseId, data, secrets: {} });
    },
    async update(licenseId: number, data: Record<string, unknown>, secrets: Record<string, string>) {
      await db.update(companySettings).set({ data, secrets }).where(eq(companySettings.licenseId, licenseId));
    },
  };
}
