import { z } from 'zod';
import { idSchema, timestamp } from './common.js';

/** What a customer holds after buying a pack (sessions) or a credit (money). */
export const balanceKinds = ['pack', 'credit'] as const;
export type BalanceKind = (typeof balanceKinds)[number];

/** Why a balance moved. */
export const balanceMovementReasons = [
  'granted',
  'booking',
  'booking_returned',
  'order',
  'refund',
  'revoked',
] as const;
export type BalanceMovementReason = (typeof balanceMovementReasons)[number];

/**
 * One change of a balance: `delta` in sessions (pack) or euros (credit), negative when spent, with the
 * booking or order that caused it.
 */
export const balanceMovementSchema = z.object({
  id: z.number().int(),
  createdAt: timestamp,
  reason: z.enum(balanceMovementReasons),
  delta: z.number(),
  bookingId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  orderLineId: z.number().int().nullable(),
});
export type BalanceMovement = z.infer<typeof balanceMovementSchema>;

/**
 * A customer's balance: the pack or credit product sold, `initial` and `remaining` in sessions (pack) or
 * euros (credit), its expiry (null: none), the order that sold it and its movements, oldest first.
 */
export const customerBalanceSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  kind: z.enum(balanceKinds),
  initial: z.number(),
  remaining: z.number(),
  expiresAt: timestamp.nullable(),
  orderId: z.number().int().nullable(),
  createdAt: timestamp,
  movements: z.array(balanceMovementSchema),
});
export type CustomerBalance = z.infer<typeof customerBalanceSchema>;

/** GET /admin/customers/{id}/balances: the customer's balances, newest first. */
export const customerBalancesSchema = z.object({ items: z.array(customerBalanceSchema) });
export type CustomerBalances = z.infer<typeof customerBalancesSchema>;

/**
 * GET /admin/customers/{id}/pack-sessions?productId=: the customer's packs that may pay a booking of the
 * product now (they include it, have a session left and have not expired), the soonest to expire first.
 */
export const packSessionsQuery = z.object({ productId: idSchema });
export const usablePackSchema = z.object({
  id: z.number().int().describe("The balance id to send as the booking's balanceId"),
  productId: z.number().int().describe('The pack product'),
  productName: z.string(),
  initial: z.number().int(),
  remaining: z.number().int(),
  expiresAt: timestamp.nullable(),
});
export type UsablePack = z.infer<typeof usablePackSchema>;
export const usablePacksSchema = z.object({ items: z.array(usablePackSchema) });
export type UsablePacks = z.infer<typeof usablePacksSchema>;
