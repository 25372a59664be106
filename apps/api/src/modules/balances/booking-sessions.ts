import type { DbOrTx } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import { createBalancesRepository } from './balances.repository.js';

/**
 * What the bookings service calls, inside a booking's transaction (after its calendar's lock), to pay a
 * booking with a session of the customer's pack and to give it back. The balance row is locked FOR
 * UPDATE, so parallel bookings on one pack take turns: the last session goes to one of them, the others
 * are refused (1000187), and the table's check (remaining ≥ 0) stands behind it.
 */

function refusal(key: 'packNotForProduct' | 'balanceExpired' | 'packSessionsExhausted', message: string) {
  return new AppError(key, [{ field: 'balanceId', message }]);
}

/** One session of the pack balance pays the booking: movement 'booking' with the booking's id. */
export async function spendPackSession(
  tx: DbOrTx,
  licenseId: number,
  input: {
    balanceId: number;
    customerId: number;
    productId: number;
    bookingId: number;
    userId: number | null;
  },
  now: Date = new Date(),
): Promise<void> {
  const repo = createBalancesRepository(tx);
  const balance = await repo.lock(licenseId, input.balanceId);
  // Another license's balance, another customer's or a credit: 400 on the field, as an unknown id in a body.
  if (!balance || balance.customerId !== input.customerId || balance.kind !== 'pack')
    throw invalid('balanceId', "not a pack of the booking's customer");
  if (!(await repo.packCovers(licenseId, balance.productId, input.productId)))
    throw refusal('packNotForProduct', 'the pack does not include this product');
  if (balance.expiresAt && balance.expiresAt.getTime() <= now.getTime())
    throw refusal('balanceExpired', `expired ${balance.expiresAt.toISOString()}`);
  if (balance.remaining < 1) throw refusal('packSessionsExhausted', 'no sessions left');
  await repo.add(licenseId, balance.id, -1);
  await repo.move({
    licenseId,
    balanceId: balance.id,
    delta: -1,
    reason: 'booking',
    bookingId: input.bookingId,
    createdBy: input.userId,
  });
}

/**
 * The booking's session comes back to its pack (cancelled or deleted in time: the caller decides when),
 * once per booking: only when the booking's last movement on the balance is its 'booking' spend, and
 * never to a balance that was revoked. A second call, or a booking the pack never paid, changes nothing.
 */
export async function returnPackSession(
  tx: DbOrTx,
  licenseId: number,
  input: { balanceId: number; bookingId: number; userId: number | null },
): Promise<void> {
  const repo = createBalancesRepository(tx);
  const balance = await repo.lock(licenseId, input.balanceId);
  if (balance?.kind !== 'pack') throw notFound();
  const [last] = await repo.bookingMovements(licenseId, balance.id, input.bookingId);
  if (last?.reason !== 'booking') return;
  // A revoked balance (its subscription ended at once, or its sale refunded) takes nothing back.
  if ((await repo.movementsOf(licenseId, [balance.id])).some((m) => m.reason === 'revoked')) return;
  await repo.add(licenseId, balance.id, 1);
  await repo.move({
    licenseId,
    balanceId: balance.id,
    delta: 1,
    reason: 'booking_returned',
    bookingId: input.bookingId,
    createdBy: input.userId,
  });
}

/** The customer's pack balances that may pay a booking of `productId` now (for the booking drawer). */
export async function packSessionsFor(
  db: DbOrTx,
  licenseId: number,
  customerId: number,
  productId: number,
  now: Date = new Date(),
) {
  return createBalancesRepository(db).usablePacks(licenseId, customerId, productId, now);
}
