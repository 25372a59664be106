import { ErrorCode } from './errors.js';

/**
 * Error codes grouped by where a form shows them, shared by the web (which field or message says them) and
 * the API (which codes a route may answer). A code in a group lands on that group's field.
 */

/** Refusals of a booking's start time (a booking's or an order line's start field). */
export const bookingStartRefusalCodes: readonly number[] = [
  ErrorCode.bookingOutsideOpenTime,
  ErrorCode.bookingInThePast,
  ErrorCode.bookingTooSoon,
  ErrorCode.bookingBeyondForecast,
  ErrorCode.bookingProductTooShort,
  ErrorCode.bookingNotAStartTime,
  ErrorCode.bookingFull,
];

/** Refusals of moving a booking that the user may override after confirming. */
export const bookingRescheduleRefusalCodes: readonly number[] = [
  ErrorCode.bookingRescheduleNotAllowed,
  ErrorCode.bookingRescheduleLimit,
];

/** Every refusal of a booking (1000118–1000126): its start, then its moves. */
export const bookingRefusalCodes: readonly number[] = [
  ...bookingStartRefusalCodes,
  ...bookingRescheduleRefusalCodes,
];

/** Refusals of a booking's gift voucher (on the booking's gift voucher code field). */
export const giftVoucherRedeemRefusalCodes: readonly number[] = [
  ErrorCode.giftVoucherUnknown,
  ErrorCode.giftVoucherExpired,
  ErrorCode.giftVoucherExhausted,
  ErrorCode.giftVoucherOtherProduct,
  ErrorCode.giftVoucherSingleUse,
];

/** A booking made free by a program subscription refused: the error belongs to the subscription field. */
export const programBookingRefusalCodes: readonly number[] = [
  ErrorCode.subscriptionNotActive,
  ErrorCode.subscriptionNotForProduct,
];

/** Paying a booking with a pack's session refused: the error belongs to the pack field. */
export const packSessionRefusalCodes: readonly number[] = [
  ErrorCode.packNotForProduct,
  ErrorCode.balanceExpired,
  ErrorCode.packSessionsExhausted,
];

/** An order's rules about its customer: they belong to the customer field. */
export const orderCustomerRefusalCodes: readonly number[] = [
  ErrorCode.onlineOrderWithoutCustomer,
  ErrorCode.onlineOrderCustomerWithoutEmail,
  ErrorCode.awaitingPaymentWithoutCustomer,
  ErrorCode.invoicedOrderCustomerLocked,
];

/**
 * An order that changed under the form (paid, refunded, invoiced or its register closed elsewhere): the form
 * says so and loads the order again, which then opens read-only.
 */
export const orderLockedCodes: readonly number[] = [
  ErrorCode.orderMoneyLocked,
  ErrorCode.orderStatusBackwards,
  ErrorCode.refundedLineNotRemovable,
  ErrorCode.refundNotEditable,
];

/** Refusals of deleting an order. */
export const orderDeleteRefusalCodes: readonly number[] = [
  ErrorCode.orderHasInvoice,
  ErrorCode.orderNotDeletable,
];

/** Refusals of a refund's quantities (on the line's units field). */
export const refundQuantityRefusalCodes: readonly number[] = [ErrorCode.refundExceedsRemaining];

/** Refusals of acting on an employee (said as a message on the employee screens). */
export const employeeRefusalCodes: readonly number[] = [
  ErrorCode.cannotDeleteEmployee,
  ErrorCode.employeeNotManageable,
  ErrorCode.cannotDeleteSelf,
  ErrorCode.lastPermissionGranter,
  ErrorCode.ownPasswordOnProfile,
];

/** Refusals of an uploaded file (on the upload field). */
export const uploadRefusalCodes: readonly number[] = [
  ErrorCode.notAnImage,
  ErrorCode.payloadTooLarge,
  ErrorCode.imageTooLarge,
  ErrorCode.malformedUpload,
];

/** Whether an error code belongs to a group. */
export function inErrorGroup(group: readonly number[], code: number): boolean {
  return group.includes(code);
}
