import { randomBytes } from 'node:crypto';
import type { CashCount, CashRegisterFigures, cashRegisterCloseBody, Settings } from '@mostrador/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import type { AuthContext } from '../lib/auth-context.js';
import {
  type CashRegisterRow,
  createCashRegistersRepository,
} from '../modules/cash-registers/cash-registers.repository.js';
import { cashCountOf, registerFigures } from '../modules/cash-registers/register-figures.js';
import { renderCashRegisterReport, reportFileName } from '../modules/cash-registers/report.js';
import { createEmployeesRepository } from '../modules/employees/employees.repository.js';
import type { FileStorage } from '../modules/files/file-storage.js';
import { createFilesRepository } from '../modules/files/files.repository.js';
import type { SettingsService } from '../modules/settings/settings.service.js';

export interface CashRegisterWorkflowDeps {
  db: Db;
  settings: Pick<SettingsService, 'ofLicense'>;
  /** Where the closing reports' bytes go (the files module's storage). */
  storage: FileStorage;
}

type ClosedRegister = Pick<CashRegisterRow, 'id' | 'openedAt' | 'openedBy' | 'closedBy' | 'notes'> & {
  closedAt: Date;
};

/**
 * Closes the open register in one transaction and answers its id: the register's row locked first, so
 * sales attaching to it finish before and none attaches after; its figures as they stand; the cash counted
 * against the cash expected (refused with 400 on `countedCash` when not given); its PDF report
 * rendered and stored as a file of the license through the files module; the register closed with the
 * notes, the figures with the count and the report. The report's bytes are written to the file storage inside the
 * transaction, before the file's row; if the transaction then fails they are removed, so a failure
 * leaves the register open and no file behind.
 */
export async function closeCashRegister(
  deps: CashRegisterWorkflowDeps,
  auth: AuthContext,
  body: z.output<typeof cashRegisterCloseBody>,
): Promise<number> {
  // The count is what closing is for: none is refused before anything is locked.
  if (body.countedCash === undefined && body.denominations === undefined)
    throw new AppError('validation', [
      { field: 'countedCash', message: 'required: the counted cash (countedCash or denominations)' },
    ]);
  const settings = await deps.settings.ofLicense(auth.licenseId);
  return withStoredBytes(deps.storage, (stored) =>
    deps.db.transaction(async (tx) => {
      // 1. Lock the open register.
      const registers = createCashRegistersRepository(tx);
      const register = await registers.lockOpen(auth.licenseId, 'update');
      if (!register) throw new AppError('cashRegisterClosed', undefined, 'No cash register is open');
      const closed = { ...register, closedAt: new Date(), closedBy: auth.userId, notes: body.notes ?? null };
      // 2. Its figures from the paid orders attached to it.
      const figures = await registerFigures(tx, auth.licenseId, register);
      // 3. The counted cash against the expected, in cents.
      const cashCount = cashCountOf(body, figures);
      const closingFigures = { ...figures, cashCount };
      // 4. Render the report; 5. store it as a file of the license.
      const pdf = await renderReport(tx, settings, auth.licenseId, closed, figures, cashCount);
      const reportFileId = await storeReport(tx, deps.storage, stored, auth.licenseId, closed, settings, pdf);
      // 6. Close the register.
      await registers.close(auth.licenseId, register.id, {
        closedAt: closed.closedAt,
        closedBy: closed.closedBy,
        notes: closed.notes,
        closingFigures,
        reportFileId,
      });
      return register.id;
    }),
  );
}

/**
 * Produces the report of a register closed without one (the demo's history, written straight into the
 * tables): the same PDF closing would have made, from its stored figures. Answers the file's id, or
 * null when the register is not closed or already has its report.
 */
export async function addMissingReport(
  deps: CashRegisterWorkflowDeps,
  licenseId: number,
  registerId: number,
): Promise<number | null> {
  const register = await createCashRegistersRepository(deps.db).find(licenseId, registerId);
  if (!register?.closedAt || !register.closingFigures || register.reportFileId !== null) return null;
  const closed = { ...register, closedAt: register.closedAt };
  const { cashCount, ...figures } = register.closingFigures;
  const settings = await deps.settings.ofLicense(licenseId);
  return withStoredBytes(deps.storage, (stored) =>
    deps.db.transaction(async (tx) => {
      const pdf = await renderReport(tx, settings, licenseId, closed, figures, cashCount ?? null);
      const fileId = await storeReport(tx, deps.storage, stored, licenseId, closed, settings, pdf);
      await createCashRegistersRepository(tx).setReport(licenseId, registerId, fileId);
      return fileId;
    }),
  );
}

/** Runs `work`, which records the storage keys it writes; if it fails, their bytes are removed. */
async function withStoredBytes<T>(storage: FileStorage, work: (stored: string[]) => Promise<T>) {
  const stored: string[] = [];
  try {
    return await work(stored);
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
}

/** An employee as the report names him: "Name (username)", or whichever of the two there is. */
async function employeeName(db: DbOrTx, licenseId: number, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const user = await createEmployeesRepository(db).find(licenseId, id);
  if (!user) return null;
  return user.name && user.name !== user.username ? `${user.name} (${user.username})` : user.username;
}

/** The closed register's PDF report, labelled in the company's language. */
async function renderReport(
  tx: DbOrTx,
  settings: Settings,
  licenseId: number,
  register: ClosedRegister,
  figures: CashRegisterFigures,
  cashCount: CashCount | null,
): Promise<Buffer> {
  const [openedBy, closedBy] = await Promise.all([
    employeeName(tx, licenseId, register.openedBy),
    employeeName(tx, licenseId, register.closedBy),
  ]);
  return renderCashRegisterReport({
    company: {
      name: settings.companyName,
      vat: settings.vat,
      street: settings.street,
      postalCode: settings.postalCode,
      city: settings.city,
      state: settings.state,
      country: settings.country,
    },
    language: settings.locale,
    timeZone: settings.timeZone,
    register: {
      id: register.id,
      openedAt: register.openedAt,
      closedAt: register.closedAt,
      openedBy,
      closedBy,
    },
    figures,
    cashCount,
    notes: register.notes,
  });
}

/**
 * Stores the report as a file of the license in `tx`: the bytes first, their key recorded in `stored`
 * so they are removed if the transaction fails, then the file's row.
 */
async function storeReport(
  tx: DbOrTx,
  storage: FileStorage,
  stored: string[],
  licenseId: number,
  register: ClosedRegister,
  settings: Settings,
  pdf: Buffer,
): Promise<number> {
  const storageKey = `${licenseId}/${register.closedAt.toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}`;
  stored.push(storageKey);
  await storage.put(storageKey, pdf);
  const file = await createFilesRepository(tx).insert({
    licenseId,
    name: reportFileName(register.id, register.closedAt, settings.timeZone),
    mimeType: 'application/pdf',
    size: pdf.length,
    storageKey,
  });
  return file.id;
}
