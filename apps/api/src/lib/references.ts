import type { FieldError } from '@mostrador/contract';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { files } from '../modules/files/files.table.js';
import { AppError } from './app-error.js';

/** A table whose rows belong to a license: it has `id` and `license_id`. */
export type OwnedTable = PgTable & { id: PgColumn; licenseId: PgColumn };

export type Reference = {
  /** The body's field, as the 400 names it (e.g. `image`, `verifactu.certificateFile`). */
  field: string;
  /** Absent or null: nothing to check. */
  id: number | null | undefined;
  /** What the message calls it: `unknown <what>`. */
  what: string;
} & (
  | { table: OwnedTable }
  /** A file of the license; `image: true` also demands an image. */
  | { table: 'file'; image?: boolean }
);

/**
 * The field errors of the ids sent in a body that are not the license's own: another license's record
 * is as unknown as one that does not exist. One query per id sent.
 */
export async function referenceErrors(
  db: DbOrTx,
  licenseId: number,
  refs: Reference[],
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const ref of refs) {
    if (ref.id == null) continue;
    const unknown = { field: ref.field, message: `unknown ${ref.what}` };
    if (ref.table === 'file') {
      const [file] = await db
        .select({ mimeType: files.mimeType })
        .from(files)
        .where(and(eq(files.licenseId, licenseId), eq(files.id, ref.id)));
      if (!file) errors.push(unknown);
      else if (ref.image && !file.mimeType.startsWith('image/'))
        errors.push({ field: ref.field, message: 'file is not an image' });
    } else {
      const table = ref.table;
      const [row] = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(eq(table.licenseId, licenseId), eq(table.id, ref.id)));
      if (!row) errors.push(unknown);
    }
  }
  return errors;
}

/** Answers 400 naming each field whose id is not the license's own (see `referenceErrors`). */
export async function assertOwned(db: DbOrTx, licenseId: number, refs: Reference[]): Promise<void> {
  const errors = await referenceErrors(db, licenseId, refs);
  if (errors.length) throw new AppError('validation', errors);
}
