import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { licenses } from '../licenses/licenses.table.js';
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
    /** Active licenses with a notification switched on (for the reminder scheduler). */
    async withNotifications() {
      return db
        .select({ licenseId: companySettings.licenseId })
        .from(companySettings)
        .innerJoin(licenses, eq(licenses.id, companySettings.licenseId))
        .where(
          and(
            eq(licenses.status, 'active'),
            sql`(${companySettings.data}->'notifications'->'booking'->>'status' = 'true' or ${companySettings.data}->'notifications'->'birthday'->>'status' = 'true')`,
          ),
        );
    },
    async update(licenseId: number, data: Record<string, unknown>, secrets: Record<string, string>) {
      await db.update(companySettings).set({ data, secrets }).where(eq(companySettings.licenseId, licenseId));
    },
  };
}
