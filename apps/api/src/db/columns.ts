import { integer, timestamp } from 'drizzle-orm/pg-core';

/** `id`, `created_at`, `updated_at`: the columns every table starts with. */
export const baseColumns = {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
