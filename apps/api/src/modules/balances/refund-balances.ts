import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { createBalancesRepository } from './balances.repository.js';
import { balanceMovements, customerBalances } from './balances.table.js';

/**
 * Refunding units of a pack or credit line takes back as many of the balances it granted, each only
 * while wholly unspent (remaining = initial): those are locked in id order and revoked (remaining 0, a
 * 'revoked' movement). A line whose balances were partly used cannot give back more units than it has
 * untouched balances: 409 1000190, and the refund is not written. Lines that granted nothing pass.
 */
export async function revokeRefundedBalances(
  tx: DbOrTx,
  licenseId: number,
  input: {
    refundOrderId: number;
    lines: readonly { lineId: number; quantity: number }[];
    userId: number | null;
  },
): Promise<void> {
  const repo = createBalancesRepository(tx);
  for (const { lineId, quantity } of input.lines) {
    if (quantity <= 0) continue;
    const granted = await tx
      .select({
        id: customerBalances.id,
        initial: customerBalances.initial,
        remaining: customerBalances.remaining,
      })
      .from(customerBalances)
      .where(and(eq(customerBalances.licenseId, licenseId), eq(customerBalances.orderLineId, lineId)))
      .orderBy(asc(customerBalances.id))
      .for('update');
    if (!granted.length) continue;
    const untouched = granted.filter((b) => b.remaining === b.initial && b.initial > 0);
    if (untouched.length < quantity) throw new AppError('balanceAlreadySpent');
    for (const b of untouched.slice(0, quantity)) {
      await repo.add(licenseId, b.id, -b.remaining);
      await repo.move({
        licenseId,
        balanceId: b.id,
        delta: -b.remaining,
        reason: 'revoked',
        orderId: input.refundOrderId,
        orderLineId: lineId,
        createdBy: input.userId,
      });
    }
  }
}

/**
 * A refund of an order paid with credit, given back in credit: each refunded line's amount returns to
 * the balances that line was paid from (newest spend first, never more than was taken from each and not
 * yet given back), with a 'refund' movement naming the refund order and the original line.
 */
export async function returnCreditForRefund(
  tx: DbOrTx,
  licenseId: number,
  input: {
    refundOrderId: number;
    lines: readonly { originalLineId: number; cents: number }[];
    userId: number | null;
  },
): Promise<void> {
  const repo = createBalancesRepository(tx);
  const lineIds = input.lines.map((l) => l.originalLineId);
  if (!lineIds.length) return;
  // Lock the balances those lines were paid from, in id order.
  const spent = await tx
    .select({
      balanceId: balanceMovements.balanceId,
      orderLineId: balanceMovements.orderLineId,
      net: sql<number>`-sum(${balanceMovements.delta})::int`,
      lastId: sql<number>`max(${balanceMovements.id})::int`,
    })
    .from(balanceMovements)
    .where(
      and(
        eq(balanceMovements.licenseId, licenseId),
        inArray(balanceMovements.orderLineId, lineIds),
        inArray(balanceMovements.reason, ['order', 'refund']),
      ),
    )
    .groupBy(balanceMovements.balanceId, balanceMovements.orderLineId)
    .orderBy(desc(sql`max(${balanceMovements.id})`));
  for (const id of [...new Set(spent.map((s) => s.balanceId))].sort((a, b) => a - b))
    await repo.lock(licenseId, id);
  const back = new Map<number, number>();
  for (const line of input.lines) {
    let owed = line.cents;
    for (const s of spent) {
      if (owed <= 0) break;
      if (s.orderLineId !== line.originalLineId || s.net <= 0) continue;
      const part = Math.min(owed, s.net);
      s.net -= part;
      owed -= part;
      back.set(s.balanceId, (back.get(s.balanceId) ?? 0) + part);
      await repo.move({
        licenseId,
        balanceId: s.balanceId,
        delta: part,
        reason: 'refund',
        orderId: input.refundOrderId,
        orderLineId: line.originalLineId,
        createdBy: input.userId,
      });
    }
    if (owed > 0) throw new Error(`credit refund of line ${line.originalLineId}: ${owed} cents not traced`);
  }
  for (const [id, cents] of back) await repo.add(licenseId, id, cents);
}
