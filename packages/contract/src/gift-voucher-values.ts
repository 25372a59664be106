/**
 * Gift vouchers' value lists, without zod: the vouchers list reads them without the schemas (gift-vouchers.ts
 * re-exports them).
 */

/** The status, computed: expired (its expiry passed), exhausted (no bookings left), else active. */
export const giftVoucherStatuses = ['active', 'expired', 'exhausted'] as const;
export type GiftVoucherStatus = (typeof giftVoucherStatuses)[number];
