import {
  type CashCount,
  type CashCountLine,
  type CashRegisterFigures,
  type CashRegisterProductLine,
  centsToEuros,
  denominationsCents,
  eurosToCents,
} from '@mostrador/contract';
import type { DbOrTx } from '../../db/client.js';
import { createOrdersRepository, type RegisterProductLine } from '../orders/orders.repository.js';

/**
 * The register's figures from the paid cash and card orders attached to it, in integer cents until the
 * answer. Refund orders carry negative totals; their amounts are answered positive.
 */
export async function registerFigures(
  db: DbOrTx,
  licenseId: number,
  register: { id: number; initialAmountCents: number },
): Promise<CashRegisterFigures> {
  const repo = createOrdersRepository(db);
  const [totals, lines] = await Promise.all([
    repo.registerTotals(licenseId, register.id),
    repo.registerProductLines(licenseId, register.id),
  ]);
  const sum = (method: 'cash' | 'card' | null, refund: boolean) => {
    let count = 0;
    let cents = 0;
    for (const t of totals) {
      if (t.refund !== refund || (method !== null && t.paymentMethod !== method)) continue;
      if (method === null && t.paymentMethod !== 'cash' && t.paymentMethod !== 'card') continue;
      count += t.count;
      cents += refund ? -t.cents : t.cents;
    }
    return { count, cents };
  };
  const cashOrders = sum('cash', false);
  const cashRefunds = sum('cash', true);
  const cardOrders = sum('card', false);
  const cardRefunds = sum('card', true);
  const orders = sum(null, false);
  const refunds = sum(null, true);
  const productLines = (method: 'cash' | 'card', refund: boolean): CashRegisterProductLine[] =>
    lines
      .filter((l: RegisterProductLine) => l.paymentMethod === method && l.refund === refund)
      .map((l) => ({
        name: l.name,
        price: centsToEuros(Math.abs(l.priceCents)),
        quantity: Math.abs(l.quantity),
        amount: centsToEuros(Math.abs(l.cents)),
      }));
  return {
    initialAmount: centsToEuros(register.initialAmountCents),
    currentCashAmount: centsToEuros(register.initialAmountCents + cashOrders.cents - cashRefunds.cents),
    ordersCount: orders.count,
    ordersAmount: centsToEuros(orders.cents),
    refundsCount: refunds.count,
    refundsAmount: centsToEuros(refunds.cents),
    cashOrdersCount: cashOrders.count,
    cashOrdersAmount: centsToEuros(cashOrders.cents),
    cashRefundsCount: cashRefunds.count,
    cashRefundsAmount: centsToEuros(cashRefunds.cents),
    cardOrdersCount: cardOrders.count,
    cardOrdersAmount: centsToEuros(cardOrders.cents),
    cardRefundsCount: cardRefunds.count,
    cardRefundsAmount: centsToEuros(cardRefunds.cents),
    productsSoldCash: productLines('cash', false),
    productsRefundCash: productLines('cash', true),
    productsSoldCard: productLines('card', false),
    productsRefundCard: productLines('card', true),
  };
}

/**
 * The drawer as counted at closing against the cash it should hold (the figures' currentCashAmount:
 * initial amount + cash sales − cash refunds), in integer cents until the answer. Counted note by note,
 * the notes and coins present are kept, largest first.
 */
export function cashCountOf(
  count: { countedCash?: number; denominations?: CashCountLine[] },
  figures: Pick<CashRegisterFigures, 'currentCashAmount'>,
): CashCount {
  const denominations = count.denominations
    ? count.denominations.filter((l) => l.count > 0).sort((a, b) => b.value - a.value)
    : null;
  const countedCents = denominations
    ? denominationsCents(denominations)
    : eurosToCents(count.countedCash ?? 0);
  const expectedCents = eurosToCents(figures.currentCashAmount);
  return {
    countedCash: centsToEuros(countedCents),
    expectedCash: centsToEuros(expectedCents),
    difference: centsToEuros(countedCents - expectedCents),
    denominations,
  };
}
