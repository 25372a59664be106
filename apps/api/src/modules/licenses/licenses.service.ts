import type { LicenseListItem, UpdateLicenseBody } from '@mostrador/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { pageOf, type ZonedListQuery } from '../../lib/list.js';
import { type CreateLicenseInput, createLicense } from '../../workflows/create-license.js';
import { updateLicense } from '../../workflows/update-license.js';
import type { SettingsService } from '../settings/settings.service.js';
import { toLicense } from './license-rules.js';
import { createLicensesRepository } from './licenses.repository.js';

/**
 * The licenses the routes call: reads and deletes here; creating (with the company settings and first
 * employee) and updating (switching off ends the sessions) span modules and are workflows.
 */
export function createLicensesService(deps: { db: Db; settings: Pick<SettingsService, 'createFor'> }) {
  const repo = createLicensesRepository(deps.db);

  return {
    findByCode: repo.findByCode,

    async list(query: ZonedListQuery) {
      const { rows, count } = await repo.list(query);
      const items: LicenseListItem[] = rows.map((r) => ({
        ...toLicense(r),
        productName: null,
        customerName: null,
        customerSurname: null,
      }));
      return pageOf(items, count, query);
    },

    async get(id: number) {
      const row = await repo.find(id);
      if (!row) throw notFound();
      return toLicense(row);
    },

    create: (body: CreateLicenseInput) => createLicense(deps, body),
    update: (id: number, body: UpdateLicenseBody) => updateLicense(deps, id, body),

    /** Deletes a company license and everything it holds (the foreign keys cascade). */
    async remove(id: number) {
      const current = await repo.find(id);
      if (!current) throw notFound();
      if (current.isPlatform)
        throw new AppError('conflict', undefined, 'The platform license cannot be deleted');
      await repo.remove(id);
    },
  };
}
export type LicensesService = ReturnType<typeof createLicensesService>;
