import type { GiftVoucher, GiftVoucherListItem, giftVoucherUpdateBody, ListQuery } from '@mostrador/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { pageOf } from '../../lib/list.js';
import { parseClientInstant, zonedToInstant } from '../../lib/time.js';
import type { PaidOrder, PaidOrderGrant } from '../../workflows/order-paid.js';
import type { MailComposer } from '../mails/mail-composer.js';
import type { SettingsService } from '../settings/settings.service.js';
import { endOfDayAfter, newGiftVoucherCode } from './gift-voucher-uses.js';
import { createGiftVouchersRepository, type GiftVoucherRow } from './gift-vouchers.repository.js';

type UpdateBody = z.output<typeof giftVoucherUpdateBody>;

const YEAR = 365.25 * 86_400_000;
/** Drawing a taken code twice in a row is all but impossible (25^12 codes); more means something else. */
const codeAttempts = 5;

type ListRow = Awaited<ReturnType<ReturnType<typeof createGiftVouchersRepository>['list']>>['rows'][number];

function toListItem(r: ListRow): GiftVoucherListItem {
  const v: GiftVoucherRow = r.voucher;
  return {
    id: v.id,
    createdAt: v.createdAt.toISOString(),
    productName: r.productName,
    code: v.code,
    expiresAt: v.expiresAt.toISOString(),
    status: r.status,
    maximumNumberOfBookings: v.maximumBookings,
    numberOfAvailableBookings: Math.max(v.maximumBookings - v.usedBookings, 0),
    customerName: r.customerName,
    customerSurname: r.customerSurname,
    customerEmail: r.customerEmail,
    productId: v.productId,
    customerId: v.customerId,
  };
}

/** A new expiry as sent: a plain date is the end of that day in the company's zone. */
function expiryOf(value: string, timeZone: string): Date | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const [year, month, d] = day.slice(1).map(Number) as [number, number, number];
    return zonedToInstant({ year, month, day: d, hour: 23, minute: 59, second: 59, ms: 999 }, timeZone);
  }
  return parseClientInstant(value, timeZone);
}

export function createGiftVouchersService(deps: {
  db: Db;
  settings: Pick<SettingsService, 'ofLicense'>;
  composer?: Pick<MailComposer, 'giftVouchers'>;
}) {
  const { db } = deps;
  const repo = createGiftVouchersRepository(db);

  const service = {
    /**
     * A paid order gives its buyer one voucher per unit of each `bookable_gift` line: a fresh random code
     * (another drawn if taken), expiring at the end of the day the voucher settings say, with their number
     * of bookings; then one mail with the codes to the buyer when he has an email.
     */
    async grantForPaidOrder(tx: DbOrTx, paid: PaidOrder): Promise<void> {
      const r = createGiftVouchersRepository(tx);
      const lines = await r.giftLinesOfOrder(paid.licenseId, paid.orderId);
      if (!lines.length) return;
      const settings = await deps.settings.ofLicense(paid.licenseId, tx);
      const expiresAt = endOfDayAfter(
        new Date(),
        settings.giftVouchers.daysQuantityForAGiftVoucherExpiration,
        settings.timeZone,
      );
      const ids: number[] = [];
      for (const line of lines) {
        for (let unit = 0; unit < line.quantity; unit++) {
          let row: GiftVoucherRow | undefined;
          for (let attempt = 0; !row && attempt < codeAttempts; attempt++) {
            row = await r.insertUnlessCodeTaken(paid.licenseId, {
              code: newGiftVoucherCode(),
              productId: line.productId,
              customerId: paid.customerId,
              orderLineId: line.lineId,
              expiresAt,
              maximumBookings: settings.giftVouchers.numberOfBookings,
            });
          }
          if (!row) throw new Error('could not draw a free gift voucher code');
          ids.push(row.id);
        }
      }
      if (paid.customerId !== null && deps.composer) {
        const mailId = await deps.composer.giftVouchers(tx, paid.licenseId, paid.customerId, ids);
        if (mailId !== null) paid.mailIds.push(mailId);
      }
    },

    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await repo.list(auth.licenseId, { ...query, timeZone: auth.timeZone });
      return pageOf(rows.map(toListItem), count, query);
    },

    async get(auth: AuthContext, id: number): Promise<GiftVoucher> {
      const row = await repo.find(auth.licenseId, id);
      if (!row) throw notFound();
      const bookings = await repo.bookingsOf(auth.licenseId, id);
      return {
        ...toListItem(row),
        usedBookings: row.voucher.usedBookings,
        orderId: row.orderId,
        bookings: bookings.map((b) => ({
          ...b,
          startsAt: b.startsAt.toISOString(),
          endsAt: b.endsAt.toISOString(),
        })),
      };
    },

    /**
     * A new expiry: after the purchase and within ten years from now, else 409 1000179 on `expiresAt`.
     * The voucher is locked, so a booking being made with it sees the old or the new expiry, not both.
     */
    async update(auth: AuthContext, id: number, body: UpdateBody): Promise<GiftVoucher> {
      const expiresAt = expiryOf(body.expiresAt, auth.timeZone);
      await db.transaction(async (tx) => {
        const r = createGiftVouchersRepository(tx);
        const voucher = await r.lock(auth.licenseId, id);
        if (!voucher) throw notFound();
        if (
          !expiresAt ||
          expiresAt.getTime() <= voucher.createdAt.getTime() ||
          expiresAt.getTime() > Date.now() + 10 * YEAR
        )
          throw new AppError('giftVoucherExpiryNotChanged', [
            { field: 'expiresAt', message: 'after the purchase date and within ten years' },
          ]);
        await r.setExpiry(auth.licenseId, id, expiresAt);
      });
      return service.get(auth, id);
    },

    /**
     * Deletes a voucher never used: one that paid a booking (even one since cancelled, which still
     * points at it) is refused with 409 1000045, by its use count or by the bookings' foreign key.
     */
    async remove(auth: AuthContext, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const r = createGiftVouchersRepository(tx);
        const voucher = await r.lock(auth.licenseId, id);
        if (!voucher) throw notFound();
        if (voucher.usedBookings > 0) throw new AppError('giftVoucherUsed');
        await r.remove(auth.licenseId, id);
      });
    },
  } satisfies PaidOrderGrant & Record<string, unknown>;
  return service;
}
export type GiftVouchersService = ReturnType<typeof createGiftVouchersService>;
