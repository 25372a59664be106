import { and, asc, eq, max, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customerCustomFieldValues } from '../customers/customers.table.js';
import { customFields } from './custom-fields.table.js';

export type CustomFieldRow = typeof customFields.$inferSelect;
export type CustomFieldValues = Pick<
  typeof customFields.$inferInsert,
  'entity' | 'name' | 'type' | 'options' | 'required'
>;

export function createCustomFieldsRepository(db: DbOrTx) {
  const scope = (licenseId: number, id: number) =>
    and(eq(customFields.licenseId, licenseId), eq(customFields.id, id));
  return {
    /** The license's custom fields, ordered by entity and position. */
    async list(licenseId: number): Promise<CustomFieldRow[]> {
      return db
        .select()
        .from(customFields)
        .where(eq(customFields.licenseId, licenseId))
        .orderBy(asc(customFields.entity), asc(customFields.position), asc(customFields.id));
    },
    /** One entity's fields in their order; `lock` takes their rows for update (a reorder, a delete). */
    async ofEntity(licenseId: number, entity: string, lock = false): Promise<CustomFieldRow[]> {
      const query = db
        .select()
        .from(customFields)
        .where(and(eq(customFields.licenseId, licenseId), eq(customFields.entity, entity)))
        .orderBy(asc(customFields.position), asc(customFields.id));
      return lock ? query.for('update') : query;
    },
    async find(licenseId: number, id: number, lock = false): Promise<CustomFieldRow | undefined> {
      const query = db.select().from(customFields).where(scope(licenseId, id));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },
    /** Another field of the entity with this name, case aside (`except` one's own id). */
    async nameTaken(licenseId: number, entity: string, name: string, except?: number) {
      const conditions: SQL[] = [
        eq(customFields.licenseId, licenseId),
        eq(customFields.entity, entity),
        sql`lower(${customFields.name}) = lower(${name})`,
      ];
      if (except !== undefined) conditions.push(sql`${customFields.id} <> ${except}`);
      const [row] = await db
        .select({ id: customFields.id })
        .from(customFields)
        .where(and(...conditions));
      return Boolean(row);
    },
    /** A new field goes last among its entity's. */
    async insert(licenseId: number, values: CustomFieldValues): Promise<CustomFieldRow> {
      const [last] = await db
        .select({ position: max(customFields.position) })
        .from(customFields)
        .where(and(eq(customFields.licenseId, licenseId), eq(customFields.entity, values.entity)));
      const position = last?.position === null || last?.position === undefined ? 0 : last.position + 1;
      const [row] = await db
        .insert(customFields)
        .values({ ...values, licenseId, position })
        .returning();
      return row!;
    },
    async update(licenseId: number, id: number, values: Omit<CustomFieldValues, 'entity'>) {
      const [row] = await db.update(customFields).set(values).where(scope(licenseId, id)).returning();
      return row;
    },
    async setPosition(licenseId: number, id: number, position: number) {
      await db.update(customFields).set({ position }).where(scope(licenseId, id));
    },
    /** Removes the field; its values go with it (their foreign key cascades) in the same statement. */
    async remove(licenseId: number, id: number) {
      const rows = await db
        .delete(customFields)
        .where(scope(licenseId, id))
        .returning({ id: customFields.id });
      return rows.length > 0;
    },
    /** The values saved for a customer field, distinct, empty ones left out. */
    async customerValues(licenseId: number, id: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ value: customerCustomFieldValues.value })
        .from(customerCustomFieldValues)
        .where(
          and(
            eq(customerCustomFieldValues.licenseId, licenseId),
            eq(customerCustomFieldValues.customFieldId, id),
            sql`coalesce(${customerCustomFieldValues.value}, '') <> ''`,
          ),
        );
      return rows.map((r) => r.value!);
    },
  };
}
