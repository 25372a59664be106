import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customFields } from './custom-fields.table.js';

export type CustomFieldRow = typeof customFields.$inferSelect;

export function createCustomFieldsRepository(db: DbOrTx) {
  return {
    /** The license's custom fields, ordered by entity and position. */
    async list(licenseId: number): Promise<CustomFieldRow[]> {
      return db
        .select()
        .from(customFields)
        .where(eq(customFields.licenseId, licenseId))
        .orderBy(asc(customFields.entity), asc(customFields.position), asc(customFields.id));
    },
  };
}
