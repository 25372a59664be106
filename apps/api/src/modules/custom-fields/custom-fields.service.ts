import {
  type CustomField,
  type customFieldBody,
  type customFieldOrderBody,
  customFieldValueFits,
} from '@mostrador/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { type CustomFieldRow, createCustomFieldsRepository } from './custom-fields.repository.js';

type Body = z.output<typeof customFieldBody>;
type OrderBody = z.output<typeof customFieldOrderBody>;

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

const nameTaken = () => new AppError('customFieldNameExists', [{ field: 'name', message: 'already exists' }]);

const valuesOf = (body: Body) => ({
  name: body.name,
  type: body.type,
  options: body.type === 'select' ? (body.options ?? []) : [],
  required: body.required ?? false,
});

export function createCustomFieldsService(deps: { db: Db }) {
  const { db } = deps;
  const repo = createCustomFieldsRepository(db);

  /** Runs a write; two writes giving one name at once meet the unique index, and one is told so. */
  async function named<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  return {
    /** The company's custom fields, ordered by entity and position. */
    async list(auth: AuthContext): Promise<CustomField[]> {
      return (await repo.list(auth.licenseId)).map(toCustomField);
    },
    /** A new field, last of its entity's. */
    async create(auth: AuthContext, body: Body): Promise<CustomField> {
      if (await repo.nameTaken(auth.licenseId, body.entity, body.name)) throw nameTaken();
      const row = await named(() => repo.insert(auth.licenseId, { entity: body.entity, ...valuesOf(body) }));
      return toCustomField(row);
    },
    /**
     * Renames or redefines a field; its entity and position stay (the order changes with `reorder`).
     * A new type, or select options dropped, are taken only while every value saved still fits them
     * (text takes anything; a number, a day, yes/no or an option must read as such), else 409 1000167:
     * a value is never lost or left unreadable by a change of definition.
     */
    async update(auth: AuthContext, id: number, body: Body): Promise<CustomField> {
      const row = await named(() =>
        db.transaction(async (tx) => {
          const r = createCustomFieldsRepository(tx);
          const current = await r.find(auth.licenseId, id, true);
          if (!current) throw notFound();
          if (current.entity !== body.entity) {
            throw new AppError('customFieldEntityChanged', [{ field: 'entity', message: 'cannot change' }]);
          }
          if (await r.nameTaken(auth.licenseId, current.entity, body.name, id)) throw nameTaken();
          const values = valuesOf(body);
          const redefined =
            values.type !== current.type ||
            (values.type === 'select' && current.options.some((o) => !values.options.includes(o)));
          if (redefined && current.entity === 'customer') {
            const misfits = (await r.customerValues(auth.licenseId, id)).filter(
              (value) => !customFieldValueFits(values, value),
            );
            if (misfits.length) {
              throw new AppError('customFieldValuesDoNotFit', [
                {
                  field: values.type === current.type ? 'options' : 'type',
                  message: `saved values that would not fit: ${misfits.slice(0, 5).join(', ')}`,
                },
              ]);
            }
          }
          return (await r.update(auth.licenseId, id, values))!;
        }),
      );
      return toCustomField(row);
    },
    /**
     * Puts one entity's fields in the order given: `ids` lists every one of them once (else 400 naming
     * `ids`), their positions become 0, 1, 2… Answers the entity's fields in their new order.
     */
    async reorder(auth: AuthContext, body: OrderBody): Promise<CustomField[]> {
      return db.transaction(async (tx) => {
        const r = createCustomFieldsRepository(tx);
        const current = await r.ofEntity(auth.licenseId, body.entity, true);
        const known = new Set(current.map((f) => f.id));
        if (body.ids.length !== known.size || body.ids.some((fieldId) => !known.has(fieldId))) {
          throw invalid('ids', `must list every ${body.entity} field once`);
        }
        for (const [position, fieldId] of body.ids.entries()) {
          await r.setPosition(auth.licenseId, fieldId, position);
        }
        return (await r.ofEntity(auth.licenseId, body.entity)).map(toCustomField);
      });
    },
    /**
     * Removes a field and every value saved in it (their foreign key cascades), then closes the gap in
     * its entity's positions; all in one transaction.
     */
    async remove(auth: AuthContext, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const r = createCustomFieldsRepository(tx);
        const field = await r.find(auth.licenseId, id, true);
        if (!field) throw notFound();
        await r.remove(auth.licenseId, id);
        const rest = await r.ofEntity(auth.licenseId, field.entity, true);
        for (const [position, other] of rest.entries()) {
          if (other.position !== position) await r.setPosition(auth.licenseId, other.id, position);
        }
      });
    },
  };
}
export type CustomFieldsService = ReturnType<typeof createCustomFieldsService>;
