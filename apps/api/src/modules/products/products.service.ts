import {
  centsToEuros,
  eurosToCents,
  givesCredit,
  givesSessions,
  isBookableType,
  isSubscriptionType,
  type Language,
  type ListQuery,
  languages,
  namesProducts,
  type Product,
  type ProductListItem,
  type ProductTranslation,
  type ProductTranslationListItem,
  type productBody,
  type productTranslationsBody,
} from '@mostrador/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { pageOf } from '../../lib/list.js';
import { assertOwned } from '../../lib/references.js';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { createOrderLinesRepository } from '../orders/order-lines.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import { suppliers } from '../suppliers/suppliers.table.js';
import { taxes } from '../taxes/taxes.table.js';
import { createProductsRepository, type ProductRow, type ProductValues } from './products.repository.js';

type Body = z.output<typeof productBody>;
type TranslationsBody = z.output<typeof productTranslationsBody>;

const referenceTaken = () =>
  new AppError('productReferenceExists', [{ field: 'reference', message: 'already exists' }]);

function toProduct(row: ProductRow, packProductIds: number[] = []): Product {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    description: row.description,
    price: centsToEuros(row.priceCents),
    image: row.image,
    type: row.type,
    taxType: row.taxId,
    status: row.status,
    sellOnline: row.sellOnline,
    durationInMinutes: row.durationInMinutes,
    publicDuration: row.publicDuration,
    spacesOccupiedInTheCalendar: row.spacesOccupiedInTheCalendar,
    canCustomersChangeTheBookingDate: row.canCustomersChangeTheBookingDate,
    howManyTimesCanCustomerRescheduleBooking: row.howManyTimesCanCustomerRescheduleBooking,
    periodicity:
      row.periodicityQuantity !== null && row.periodicityUnit !== null
        ? { quantity: row.periodicityQuantity, unit: row.periodicityUnit }
        : null,
    freeSubscriptionTrialDays: row.freeSubscriptionTrialDays,
    daysToPaySubscriptionRenewal: row.daysToPaySubscriptionRenewal,
    periodicityOfSubscriptionPayment: row.periodicityOfSubscriptionPayment,
    supplierCommissionType: row.supplierCommissionType,
    supplierCommissionQuantity:
      row.supplierCommissionQuantity === null ? null : centsToEuros(row.supplierCommissionQuantity),
    bookingCalendarId: row.bookingCalendarId,
    supplierId: row.supplierId,
    packSessions: row.packSessions,
    packProductIds,
    creditAmount: row.creditCents === null ? null : centsToEuros(row.creditCents),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The body as columns; the fields that do not apply to the type are stored as null (see productBody). */
function valuesOf(body: Body): ProductValues {
  const bookable = isBookableType(body.type);
  const subscription = isSubscriptionType(body.type);
  const canChangeDate = bookable && body.canCustomersChangeTheBookingDate;
  const periodicity = subscription ? body.periodicity : null;
  return {
    reference: body.reference ?? null,
    name: body.name,
    description: body.description ?? null,
    priceCents: eurosToCents(body.price),
    image: body.image ?? null,
    type: body.type,
    taxId: body.taxType,
    status: body.status,
    sellOnline: body.sellOnline,
    durationInMinutes: bookable ? (body.durationInMinutes ?? null) : null,
    publicDuration: bookable ? (body.publicDuration ?? null) : null,
    spacesOccupiedInTheCalendar: bookable ? body.spacesOccupiedInTheCalendar : null,
    canCustomersChangeTheBookingDate: canChangeDate,
    howManyTimesCanCustomerRescheduleBooking: canChangeDate
      ? (body.howManyTimesCanCustomerRescheduleBooking ?? null)
      : null,
    periodicityQuantity: periodicity?.quantity ?? null,
    periodicityUnit: periodicity?.unit ?? null,
    freeSubscriptionTrialDays: subscription ? (body.freeSubscriptionTrialDays ?? null) : null,
    daysToPaySubscriptionRenewal: subscription ? (body.daysToPaySubscriptionRenewal ?? null) : null,
    periodicityOfSubscriptionPayment: subscription ? (body.periodicityOfSubscriptionPayment ?? null) : null,
    supplierCommissionType: body.supplierCommissionType ?? null,
    supplierCommissionQuantity:
      body.supplierCommissionQuantity == null ? null : eurosToCents(body.supplierCommissionQuantity),
    // Only products booked on a calendar link to one (a stale link would also keep the calendar from being deleted).
    bookingCalendarId: bookable ? (body.bookingCalendarId ?? null) : null,
    supplierId: body.supplierId ?? null,
    packSessions: givesSessions(body.type) ? (body.packSessions ?? null) : null,
    creditCents: givesCredit(body.type) ? eurosToCents(body.creditAmount ?? body.price) : null,
  };
}

export function createProductsService(deps: { db: Db; settings: SettingsService }) {
  const { db } = deps;
  const repo = createProductsRepository(db);

  const mainLanguage = async (licenseId: number) => (await deps.settings.localeOf(licenseId)).locale;

  /**
   * The tax, the image, the calendar and the supplier must be the company's own: another company's id is
   * unknown here.
   */
  async function checkLinks(licenseId: number, body: Body) {
    await assertOwned(db, licenseId, [
      { field: 'taxType', table: taxes, id: body.taxType, what: 'tax' },
      { field: 'image', table: 'file', image: true, id: body.image, what: 'file' },
      {
        field: 'bookingCalendarId',
        table: bookingCalendars,
        id: body.bookingCalendarId,
        what: 'booking calendar',
      },
      { field: 'supplierId', table: suppliers, id: body.supplierId, what: 'supplier' },
    ]);
    // A pack's or a subscription's sessions (or free bookings) are for the company's products booked on a calendar.
    const packIds = namesProducts(body.type) ? (body.packProductIds ?? []) : [];
    const bookable = await repo.bookableIds(licenseId, packIds);
    const errors = packIds.flatMap((pid, i) =>
      bookable.has(pid) ? [] : [{ field: `packProductIds.${i}`, message: 'unknown bookable product' }],
    );
    if (errors.length) throw new AppError('validation', errors);
  }

  async function save(auth: AuthContext, body: Body, id?: number): Promise<number> {
    if (body.reference) {
      const other = await repo.findByReference(auth.licenseId, body.reference);
      if (other && other.id !== id) throw referenceTaken();
    }
    await checkLinks(auth.licenseId, body);
    const language = await mainLanguage(auth.licenseId);
    try {
      return await db.transaction(async (tx) => {
        const r = createProductsRepository(tx);
        let row: ProductRow | undefined;
        if (id === undefined) {
          row = await r.insert(auth.licenseId, valuesOf(body));
        } else {
          const current = await r.lock(auth.licenseId, id);
          if (!current) throw notFound();
          if (
            current.type !== body.type &&
            (await createOrderLinesRepository(tx).productIsUsed(auth.licenseId, id))
          ) {
            throw new AppError('productTypeLocked', [{ field: 'type', message: 'used in an order' }]);
          }
          // What a subscription grants follows its product's type: it stays while subscriptions use it.
          if (current.type !== body.type && (await r.hasSubscriptions(auth.licenseId, id))) {
            throw new AppError('productTypeLockedBySubscription', [
              { field: 'type', message: 'used by a subscription' },
            ]);
          }
          row = await r.update(auth.licenseId, id, valuesOf(body));
        }
        if (!row) throw notFound();
        await r.replacePackProducts(
          auth.licenseId,
          row.id,
          namesProducts(body.type) ? (body.packProductIds ?? []) : [],
        );
        await r.saveTranslation(auth.licenseId, row.id, {
          language,
          name: row.name,
          description: row.description,
        });
        return row.id;
      });
    } catch (error) {
      // Two saves with the same reference at once: the unique index decides.
      if (isUniqueViolation(error)) throw referenceTaken();
      // A tax, image, calendar or supplier deleted meanwhile: the checks now name it.
      if (isForeignKeyViolation(error)) await checkLinks(auth.licenseId, body);
      throw error;
    }
  }

  async function translations(licenseId: number, product: ProductRow): Promise<ProductTranslation[]> {
    const [rows, main] = await Promise.all([
      repo.translations(licenseId, product.id),
      mainLanguage(licenseId),
    ]);
    const byLanguage = new Map(rows.map((r) => [r.language, r]));
    return languages.map((language) => {
      const row = byLanguage.get(language);
      if (language === main) {
        return { language, name: product.name, description: product.description };
      }
      return { language, name: row?.name ?? null, description: row?.description ?? null };
    });
  }

  return {
    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await repo.list(auth.licenseId, { ...query, timeZone: auth.timeZone });
      const items: ProductListItem[] = rows.map((r) => ({
        id: r.id,
        image: r.image,
        reference: r.reference,
        name: r.name,
        description: r.description,
        type: r.type,
        sellOnline: r.sellOnline,
        status: r.status,
        price: centsToEuros(r.priceCents),
        bookingCalendarName: r.bookingCalendarName,
        duration: r.durationInMinutes,
        supplier: r.supplierName,
      }));
      return pageOf(items, count, query);
    },
    async get(auth: AuthContext, id: number): Promise<Product> {
      const row = await repo.find(auth.licenseId, id);
      if (!row) throw notFound();
      return toProduct(row, await repo.packProductIds(auth.licenseId, id));
    },
    async create(auth: AuthContext, body: Body) {
      return this.get(auth, await save(auth, body));
    },
    async update(auth: AuthContext, id: number, body: Body) {
      if (!(await repo.find(auth.licenseId, id))) throw notFound();
      return this.get(auth, await save(auth, body, id));
    },
    /**
     * A product sold in an order (productUsedInOrder, first when both) or with bookings
     * (productHasBookings) stays: their foreign keys refuse the delete (lib/db-errors.ts).
     */
    async remove(auth: AuthContext, id: number) {
      if (!(await repo.remove(auth.licenseId, id))) throw notFound();
    },
    async getTranslations(auth: AuthContext, id: number) {
      const product = await repo.find(auth.licenseId, id);
      if (!product) throw notFound();
      return translations(auth.licenseId, product);
    },
    /** One language's texts of the products beside the main language's (the translation screen). */
    async listTranslations(auth: AuthContext, language: Language, query: ListQuery) {
      const main = await mainLanguage(auth.licenseId);
      const { rows, count } = await repo.listTranslations(auth.licenseId, language, {
        ...query,
        timeZone: auth.timeZone,
      });
      const items: ProductTranslationListItem[] = rows.map((r) => ({
        id: r.id,
        reference: r.reference,
        name: r.name,
        description: r.description,
        translation:
          language === main
            ? { name: r.name, description: r.description }
            : { name: r.translatedName ?? null, description: r.translatedDescription ?? null },
      }));
      return pageOf(items, count, query);
    },
    /** Changes the languages sent and keeps the others (see productTranslationsPatchBody). */
    async patchTranslations(auth: AuthContext, id: number, body: TranslationsBody) {
      const main = await mainLanguage(auth.licenseId);
      const mainIndex = body.findIndex((e) => e.language === main);
      if (mainIndex >= 0 && !body[mainIndex]!.name) {
        throw new AppError('validation', [
          { field: `${mainIndex}.name`, message: "required in the company's main language" },
        ]);
      }
      const product = await db.transaction(async (tx) => {
        const r = createProductsRepository(tx);
        let row = await r.lock(auth.licenseId, id);
        if (!row) throw notFound();
        for (const entry of body) {
          const texts = { name: entry.name ?? null, description: entry.description ?? null };
          if (entry.language === main) {
            row = await r.update(auth.licenseId, id, { name: texts.name!, description: texts.description });
            await r.saveTranslation(auth.licenseId, id, { language: main, ...texts });
          } else if (texts.name || texts.description) {
            await r.saveTranslation(auth.licenseId, id, { language: entry.language, ...texts });
          } else {
            await r.removeTranslations(auth.licenseId, id, [entry.language]);
          }
        }
        return row!;
      });
      return translations(auth.licenseId, product);
    },
    /** Replaces the translations (see productTranslationsBody); the main language's are the product's own. */
    async putTranslations(auth: AuthContext, id: number, body: TranslationsBody) {
      const main = await mainLanguage(auth.licenseId);
      const mainIndex = body.findIndex((e) => e.language === main);
      const mainEntry = body[mainIndex];
      if (mainEntry && !mainEntry.name) {
        throw new AppError('validation', [
          { field: `${mainIndex}.name`, message: "required in the company's main language" },
        ]);
      }
      const product = await db.transaction(async (tx) => {
        const r = createProductsRepository(tx);
        let row = await r.lock(auth.licenseId, id);
        if (!row) throw notFound();
        if (mainEntry) {
          row = await r.update(auth.licenseId, id, {
            name: mainEntry.name!,
            description: mainEntry.description ?? null,
          });
        }
        const cleared: Language[] = [];
        for (const language of languages) {
          const entry = body.find((e) => e.language === language);
          if (language === main) {
            await r.saveTranslation(auth.licenseId, id, {
              language,
              name: row!.name,
              description: row!.description,
            });
          } else if (entry && (entry.name || entry.description)) {
            await r.saveTranslation(auth.licenseId, id, {
              language,
              name: entry.name ?? null,
              description: entry.description ?? null,
            });
          } else {
            cleared.push(language);
          }
        }
        await r.removeTranslations(auth.licenseId, id, cleared);
        return row!;
      });
      return translations(auth.licenseId, product);
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
