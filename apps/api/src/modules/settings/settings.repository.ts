import { eq, sql } from 'drizzle-orm';
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
    /** Licenses with a mail server host and a sender address set. */
    async withMailServer(): Promise<number[]> {
      const rows = await db
        .select({ licenseId: companySettings.licenseId })
        .from(companySettings)
        .where(
          sql`coalesce(${companySettings.data}->'mail'->>'host', '') <> '' and coalesce(${companySettings.data}->'mail'->>'fromMailAddress', ${companySettings.data}->>'email', '') <> ''`,
        );
      return rows.map((r) => r.licenseId);
    },
    /** Licenses with a notification switched on, and their settings (for the reminder scheduler). */
    async withNotifications() {
      return db
        .select({ licenseId: companySettings.licenseId, data: companySettings.data })
        .from(companySettings)
        .where(
          sql`(${companySettings.data}->'notifications'->'booking'->>'status' = 'true' or ${companySettings.data}->'notifications'->'birthday'->>'status' = 'true')`,
        );
    },
    async update(licenseId: number, data: Record<string, unknown>, secrets: Record<string, string>) {
      await db.update(companySettings).set({ data, secrets }).where(eq(companySettings.licenseId, licenseId));
    },
  };
}
