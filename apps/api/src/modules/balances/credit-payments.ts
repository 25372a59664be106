import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { createBalancesRepository } from './balances.repository.js';
import { customerBalances } from './balances.table.js';

/**
 * An order paid with the customer's credit, in the transaction that turns it paid: the customer's usable
 * credit balances are locked in id order (oldest first; parallel orders take turns and a balance emptied
 * meanwhile no longer counts), the order's total is taken from them line by line, oldest balance first,
 * with one 'order' movement per balance per line. Credit short of the total is refused (409 1000188) and,
 * the transaction rolling back, nothing is written.
 */
export async function spendCreditForOrder(
  tx: DbOrTx,
  licenseId: number,
  input: {
    customerId: number | null;
    orderId: number;
    lines: readonly { id: number; totalCents: number }[];
    userId: number | null;
  },
  now: Date = new Date(),
): Promise<void> {
  if (input.customerId === null)
    throw new AppError('validation', [
      { field: 'customerId', message: "credit pays from a customer's balances: choose the customer" },
    ]);
  const balances = await tx
    .select({ id: customerBalances.id, remaining: customerBalances.remaining })
    .from(customerBalances)
    .where(
      and(
        eq(customerBalances.licenseId, licenseId),
        eq(customerBalances.customerId, input.customerId),
        eq(customerBalances.kind, 'credit'),
        gt(customerBalances.remaining, 0),
        or(isNull(customerBalances.expiresAt), gt(customerBalances.expiresAt, now)),
      ),
    )
    .orderBy(asc(customerBalances.id))
    .for('update');
  const due = input.lines.reduce((sum, l) => sum + Math.max(0, l.totalCents), 0);
  const held = balances.reduce((sum, b) => sum + b.remaining, 0);
  if (held < due)
    throw new AppError('creditNotEnough', [
      { field: 'paymentMethod', message: `credit ${held} cents, the order ${due} cents` },
    ]);
  const repo = createBalancesRepository(tx);
  const taken = new Map<number, number>();
  let k = 0;
  for (const line of input.lines) {
    let owed = Math.max(0, line.totalCents);
    while (owed > 0) {
      const balance = balances[k]!;
      const left = balance.remaining - (taken.get(balance.id) ?? 0);
      if (left === 0) {
        k++;
        continue;
      }
      const part = Math.min(left, owed);
      taken.set(balance.id, (taken.get(balance.id) ?? 0) + part);
      owed -= part;
      await repo.move({
        licenseId,
        balanceId: balance.id,
        delta: -part,
        reason: 'order',
        orderId: input.orderId,
        orderLineId: line.id,
        createdBy: input.userId,
      });
    }
  }
  for (const [id, cents] of taken) await repo.add(licenseId, id, -cents);
}
