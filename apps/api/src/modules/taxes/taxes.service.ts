import type { ListQuery, Tax, TaxBody } from '@mostrador/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { pageOf } from '../../lib/list.js';
import { createTaxesRepository, type TaxRow } from './taxes.repository.js';

function toTax(row: TaxRow): Tax {
  return {
    id: row.id,
    name: row.name,
    percentage: row.percentage / 100,
    createdAt: row.createdAt.toISOString(),
  };
}

const toHundredths = (percentage: number) => Math.round(percentage * 100);

export function createTaxesService(deps: { db: Db }) {
  const repo = createTaxesRepository(deps.db);
  return {
    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await repo.list(auth.licenseId, { ...query, timeZone: auth.timeZone });
      return pageOf(rows.map(toTax), count, query);
    },
    async get(auth: AuthContext, id: number) {
      const row = await repo.find(auth.licenseId, id);
      if (!row) throw notFound();
      return toTax(row);
    },
    async create(auth: AuthContext, body: TaxBody) {
      const row = await repo.insert({
        licenseId: auth.licenseId,
        name: body.name,
        percentage: toHundredths(body.percentage),
      });
      return toTax(row);
    },
    async update(auth: AuthContext, id: number, body: TaxBody) {
      const row = await repo.update(auth.licenseId, id, {
        name: body.name,
        percentage: toHundredths(body.percentage),
      });
      if (!row) throw notFound();
      return toTax(row);
    },
    /** A tax that charges products stays: their foreign key refuses the delete (taxInUse, lib/db-errors.ts). */
    async remove(auth: AuthContext, id: number) {
      if (!(await repo.remove(auth.licenseId, id))) throw notFound();
    },
  };
}
export type TaxesService = ReturnType<typeof createTaxesService>;
