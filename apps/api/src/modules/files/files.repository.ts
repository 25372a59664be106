import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { files } from './files.table.js';

export type FileRow = typeof files.$inferSelect;

export function createFilesRepository(db: DbOrTx) {
  return {
    async insert(values: typeof files.$inferInsert) {
      const [row] = await db.insert(files).values(values).returning();
      return row!;
    },
    async remove(licenseId: number, id: number) {
      await db.delete(files).where(and(eq(files.licenseId, licenseId), eq(files.id, id)));
    },
    async find(licenseId: number, id: number): Promise<FileRow | undefined> {
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.licenseId, licenseId), eq(files.id, id)));
      return row;
    },
  };
}
