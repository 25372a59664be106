import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines } from './order-lines.table.js';

export function createOrderLinesRepository(db: DbOrTx) {
  return {
    /** Whether any order line of the license sells the product. */
    async productIsUsed(licenseId: number, productId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(orderLines)
        .where(and(eq(orderLines.licenseId, licenseId), eq(orderLines.productId, productId)))
        .limit(1);
      return row !== undefined;
    },
  };
}
