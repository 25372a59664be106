import { sql } from 'drizzle-orm';
import { customers } from './customers.table.js';

/** A customer's full name in SQL ("name surname", trimmed), as mails, reminders and greetings say it. */
export const customerFullName = () =>
  sql<string>`trim(${customers.name} || ' ' || coalesce(${customers.surname}, ''))`;

/** The full name through a left join: null where no customer was found (or the name is blank). */
export const customerNameOrNull = () => sql<string | null>`nullif(${customerFullName()}, '')`;
