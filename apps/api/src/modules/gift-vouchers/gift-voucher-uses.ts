import { randomInt } from 'node:crypto';
import { giftVoucherAlphabet, giftVoucherCodeLength } from '@mostrador/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { zonedToInstant, zoneOffsetMinutes } from '../../lib/time.js';
import { createGiftVouchersRepository } from './gift-vouchers.repository.js';

const HOUR = 3_600_000;

/**
 * A new code: twelve characters drawn with the CSPRNG from an alphabet without look-alikes (25 symbols,
 * about 56 bits), in three groups of four: ABCD-EFGH-JKMN.
 */
export function newGiftVoucherCode(): string {
  let bare = '';
  for (let i = 0; i < giftVoucherCodeLength; i++)
    bare += giftVoucherAlphabet[randomInt(giftVoucherAlphabet.length)];
  return `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}`;
}

/** The last millisecond of the local day `days` days after `now`'s, in `timeZone`. */
export function endOfDayAfter(now: Date, days: number, timeZone: string): Date {
  const local = new Date(now.getTime() + zoneOffsetMinutes(now, timeZone) * 60_000);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days));
  return zonedToInstant(
    {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour: 23,
      minute: 59,
      second: 59,
      ms: 999,
    },
    timeZone,
  );
}

function refusal(
  key:
    | 'giftVoucherUnknown'
    | 'giftVoucherExpired'
    | 'giftVoucherExhausted'
    | 'giftVoucherOtherProduct'
    | 'giftVoucherSingleUse',
  message: string,
) {
  return new AppError(key, [{ field: 'giftVoucherCode', message }]);
}

/**
 * A booking paid with the voucher of `code`, inside the booking's transaction and after its calendar's
 * lock: the voucher is locked (parallel bookings with one code take turns), checked (the license's,
 * not expired, a booking left, the booked product its own, no other booking of it still ahead: each
 * refusal on `giftVoucherCode`) and one of its bookings used. Answers the voucher's id.
 */
export async function useGiftVoucher(
  tx: DbOrTx,
  licenseId: number,
  code: string,
  productId: number,
  now: Date = new Date(),
): Promise<number> {
  const repo = createGiftVouchersRepository(tx);
  const voucher = await repo.lockByCode(licenseId, code);
  if (!voucher) throw refusal('giftVoucherUnknown', 'no gift voucher has this code');
  if (voucher.expiresAt.getTime() <= now.getTime())
    throw refusal('giftVoucherExpired', `expired ${voucher.expiresAt.toISOString()}`);
  if (voucher.usedBookings >= voucher.maximumBookings)
    throw refusal('giftVoucherExhausted', 'no bookings left');
  if (voucher.productId !== productId)
    throw refusal('giftVoucherOtherProduct', 'the voucher is for another product');
  if (await repo.hasPendingBooking(licenseId, voucher.id, now))
    throw refusal('giftVoucherSingleUse', 'another booking of this voucher is still ahead');
  await repo.addUse(licenseId, voucher.id, 1);
  return voucher.id;
}

/**
 * A booking paid with a voucher is cancelled or deleted: the use comes back when that happens at least
 * `freeCancellationHours` before its start (the voucher locked first). Answers whether it came back.
 */
export async function returnGiftVoucherUse(
  tx: DbOrTx,
  licenseId: number,
  booking: { giftVoucherId: number | null; startsAt: Date; status: string },
  freeCancellationHours: number,
  now: Date = new Date(),
): Promise<boolean> {
  if (booking.giftVoucherId === null || booking.status !== 'confirmed') return false;
  if (booking.startsAt.getTime() - now.getTime() < freeCancellationHours * HOUR) return false;
  const repo = createGiftVouchersRepository(tx);
  if (!(await repo.lock(licenseId, booking.giftVoucherId))) return false;
  await repo.giveBackUse(licenseId, booking.giftVoucherId);
  return true;
}
