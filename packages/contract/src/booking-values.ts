/**
 * Bookings' value lists, without zod: the bookings list reads them without the schemas (bookings.ts re-exports
 * them).
 */

export const bookingStatuses = ['confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
