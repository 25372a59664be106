import { eurosToCents } from './money.js';

/**
 * The drawer's notes and coins, without zod: the registers list reads them without the schemas
 * (cash-registers.ts re-exports them).
 */

/** The euro notes and coins a drawer is counted in, in euros, largest first. */
export const cashDenominations = [
  500, 200, 100, 50, 20, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01,
] as const;
export type CashDenomination = (typeof cashDenominations)[number];

/** The sum of counted notes and coins, in integer cents. */
export function denominationsCents(lines: readonly { value: number; count: number }[]): number {
  return lines.reduce((sum, line) => sum + eurosToCents(line.value) * line.count, 0);
}
