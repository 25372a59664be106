import {
  centsToEuros,
  eurosToCents,
  type ListQuery,
  type Supplier,
  type SupplierListItem,
  type SupplierStatus,
  type supplierBody,
} from '@mostrador/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { pageOf } from '../../lib/list.js';
import { assertOwned } from '../../lib/references.js';
import { customers } from '../customers/customers.table.js';
import { type ReportFormat, sheetsFile } from '../reports/bookings-report-sheets.js';
import type { SettingsService } from '../settings/settings.service.js';
import { settlementSheets, supplierSettlement } from './supplier-settlement.js';
import { createSuppliersRepository, type SupplierRow, type SupplierValues } from './suppliers.repository.js';

type Body = z.output<typeof supplierBody>;

const hundredthsToNumber = (value: number | null) => (value === null ? null : centsToEuros(value));

function toSupplier(row: SupplierRow, customerName: string | null, productCount: number): Supplier {
  return {
    id: row.id,
    name: row.name,
    customerId: row.customerId,
    customerName,
    status: row.status,
    startsAt: row.startsAt,
    commissionType: row.commissionType,
    commissionQuantity: hundredthsToNumber(row.commissionQuantity),
    automaticActivation: row.automaticActivation,
    appLoginUrl: row.appLoginUrl,
    passwordChangeUrl: row.passwordChangeUrl,
    productCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The body as columns; `status` only when sent (see supplierBody). */
function valuesOf(body: Body): Omit<SupplierValues, 'status'> & { status?: SupplierStatus } {
  const hasCommission = body.commissionType != null && body.commissionQuantity != null;
  return {
    name: body.name,
    customerId: body.customerId ?? null,
    ...(body.status ? { status: body.status } : {}),
    startsAt: body.startsAt ?? null,
    commissionType: hasCommission ? body.commissionType! : null,
    commissionQuantity: hasCommission ? eurosToCents(body.commissionQuantity!) : null,
    automaticActivation: body.automaticActivation,
    appLoginUrl: body.appLoginUrl ?? null,
    passwordChangeUrl: body.passwordChangeUrl ?? null,
  };
}

export function createSuppliersService(deps: { db: Db; settings: SettingsService }) {
  const { db } = deps;
  const repo = createSuppliersRepository(db);

  /** The customer must be the company's own: another company's id is unknown here. */
  const checkLinks = (licenseId: number, body: Body) =>
    assertOwned(db, licenseId, [
      { field: 'customerId', table: customers, id: body.customerId, what: 'customer' },
    ]);

  /** Writes, naming the customer when it went meanwhile (its foreign key refuses). */
  async function write<T>(licenseId: number, body: Body, run: () => Promise<T>): Promise<T> {
    await checkLinks(licenseId, body);
    try {
      return await run();
    } catch (error) {
      if (isForeignKeyViolation(error)) await checkLinks(licenseId, body);
      throw error;
    }
  }

  const service = {
    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await repo.list(auth.licenseId, { ...query, timeZone: auth.timeZone });
      const items: SupplierListItem[] = rows.map(({ supplier: s, customerName, customerSurname }) => ({
        id: s.id,
        name: s.name,
        customerName,
        customerSurname,
        status: s.status,
        startsAt: s.startsAt,
        customerId: s.customerId,
        commissionType: s.commissionType,
        commissionQuantity: hundredthsToNumber(s.commissionQuantity),
        automaticActivation: s.automaticActivation,
        createdAt: s.createdAt.toISOString(),
      }));
      return pageOf(items, count, query);
    },
    async get(auth: AuthContext, id: number): Promise<Supplier> {
      const row = await repo.find(auth.licenseId, id);
      if (!row) throw notFound();
      return toSupplier(row.supplier, row.customerName, row.productCount);
    },
    /** A new supplier is active when it activates itself (automaticActivation), unless `status` says. */
    async create(auth: AuthContext, body: Body) {
      const { status, ...values } = valuesOf(body);
      const row = await write(auth.licenseId, body, () =>
        repo.insert(auth.licenseId, {
          ...values,
          status: status ?? (body.automaticActivation ? 'active' : 'inactive'),
        }),
      );
      return service.get(auth, row.id);
    },
    async update(auth: AuthContext, id: number, body: Body) {
      if (!(await repo.find(auth.licenseId, id))) throw notFound();
      const row = await write(auth.licenseId, body, () => repo.update(auth.licenseId, id, valuesOf(body)));
      if (!row) throw notFound();
      return service.get(auth, id);
    },
    async setStatus(auth: AuthContext, id: number, status: SupplierStatus) {
      const row = await repo.update(auth.licenseId, id, { status });
      if (!row) throw notFound();
      return service.get(auth, id);
    },
    /** A supplier with products stays: their foreign key refuses the delete (supplierHasProducts). */
    async remove(auth: AuthContext, id: number) {
      if (!(await repo.remove(auth.licenseId, id))) throw notFound();
    },
    /** What each supplier sold in a period and what it is owed (see supplier-settlement.ts). */
    async settlement(auth: AuthContext, from: string, to: string) {
      return supplierSettlement(db, auth.licenseId, { from, to, timeZone: auth.timeZone });
    },
    /** The same as a CSV or XLSX file, its labels in the company's main language. */
    async settlementFile(auth: AuthContext, from: string, to: string, format: ReportFormat) {
      const [report, settings] = await Promise.all([
        service.settlement(auth, from, to),
        deps.settings.ofLicense(auth.licenseId),
      ]);
      return sheetsFile(
        settlementSheets(report, settings.locale),
        format,
        auth.timeZone,
        `liquidacion-proveedores-${from}-${to}`,
      );
    },
  };
  return service;
}
export type SuppliersService = ReturnType<typeof createSuppliersService>;
