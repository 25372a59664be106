import type { CustomField } from '@mostrador/contract';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { type CustomFieldRow, createCustomFieldsRepository } from './custom-fields.repository.js';

function toCustomField(row: CustomFieldRow): CustomField {
  return {
    id: row.id,
    entity: row.entity as CustomField['entity'],
    name: row.name,
    type: row.type as CustomField['type'],
    options: row.options,
    required: row.required,
    position: row.position,
  };
}

export function createCustomFieldsService(deps: { db: Db }) {
  const repo = createCustomFieldsRepository(deps.db);
  return {
    /** The company's custom fields, ordered by entity and position. */
    async list(auth: AuthContext): Promise<CustomField[]> {
      return (await repo.list(auth.licenseId)).map(toCustomField);
    },
  };
}
export type CustomFieldsService = ReturnType<typeof createCustomFieldsService>;
