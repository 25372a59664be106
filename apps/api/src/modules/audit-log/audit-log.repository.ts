import type { DbOrTx } from '../../db/client.js';
import { auditLog } from './audit-log.table.js';

export function createAuditLogRepository(db: DbOrTx) {
  return {
    async record(entry: {
      licenseId: number;
      actorUserId: number | null;
      action: string;
      details?: Record<string, unknown>;
    }) {
      await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
    },
  };
}
