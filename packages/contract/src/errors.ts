/** Error codes of the spec's catalogue (section 8) plus the transport-level codes the API needs. */
export const ErrorCode = {
  unexpected: 0,
  orderHasInvoice: 1000006,
  giftVoucherSingleUse: 1000007,
  cashRegisterNotFound: 1000010,
  customerEmailExists: 1000011,
  cashRegisterClosed: 1000013,
  productUsedInOrder: 1000020,
  calendarInUse: 1000031,
  noCustomerWithEmail: 1000032,
  stripeNotConfigured: 1000037,
  orderHasActiveSubscription: 1000043,
  productTypeLocked: 1000044,
  giftVoucherUsed: 1000045,
  onlineOrderWithoutCustomer: 1000046,
  onlineOrderCustomerWithoutEmail: 1000047,
  awaitingPaymentWithoutCustomer: 1000048,
  // Codes the spec names only by message; numbered here.
  validation: 1000100,
  unauthenticated: 1000101,
  loginFailed: 1000102,
  forbidden: 1000103,
  notFound: 1000104,
  tooManyAttempts: 1000105,
  wrongCurrentPassword: 1000106,
  conflict: 1000107,
  payloadTooLarge: 1000108,
  cannotDeleteCustomer: 1000109,
  cannotDeleteEmployee: 1000110,
  anomalyConflict: 1000111,
  usernameExists: 1000112,
  cannotGrantPermission: 1000113,
  licenseCodeExists: 1000114,
  taxInUse: 1000115,
  notAnImage: 1000116,
  productReferenceExists: 1000117,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
export type ErrorKey = keyof typeof ErrorCode;

/** HTTP status each code answers with; business rules are 409 unless listed. */
export const errorStatus: Record<ErrorKey, number> = {
  unexpected: 500,
  orderHasInvoice: 409,
  giftVoucherSingleUse: 409,
  cashRegisterNotFound: 404,
  customerEmailExists: 409,
  cashRegisterClosed: 409,
  productUsedInOrder: 409,
  calendarInUse: 409,
  noCustomerWithEmail: 404,
  stripeNotConfigured: 409,
  orderHasActiveSubscription: 409,
  productTypeLocked: 409,
  giftVoucherUsed: 409,
  onlineOrderWithoutCustomer: 409,
  onlineOrderCustomerWithoutEmail: 409,
  awaitingPaymentWithoutCustomer: 409,
  validation: 400,
  unauthenticated: 401,
  loginFailed: 401,
  forbidden: 403,
  notFound: 404,
  tooManyAttempts: 429,
  wrongCurrentPassword: 400,
  conflict: 409,
  payloadTooLarge: 413,
  cannotDeleteCustomer: 409,
  cannotDeleteEmployee: 409,
  anomalyConflict: 409,
  usernameExists: 409,
  cannotGrantPermission: 403,
  licenseCodeExists: 409,
  taxInUse: 409,
  notAnImage: 400,
  productReferenceExists: 409,
};

/** English text the API sends; the web shows its own translation of the code. */
export const errorMessage: Record<ErrorKey, string> = {
  unexpected: 'Unexpected error, please try again later',
  orderHasInvoice: 'Cannot delete an order with an invoice',
  giftVoucherSingleUse: 'The gift voucher is single use: no more than one booking at the same time',
  cashRegisterNotFound: 'Cash register not found',
  customerEmailExists: 'A customer with this email already exists',
  cashRegisterClosed: 'The cash register is closed: open it to place the order',
  productUsedInOrder: 'Cannot delete a product used in an order',
  calendarInUse: 'Cannot delete a calendar with bookings or products',
  noCustomerWithEmail: 'There is no customer with this email',
  stripeNotConfigured: 'The card payment method (Stripe) must be configured for this action',
  orderHasActiveSubscription: 'Cannot delete an order with an active subscription',
  productTypeLocked: 'Cannot change the type of a product already used in an order',
  giftVoucherUsed: 'Cannot delete a used gift voucher',
  onlineOrderWithoutCustomer: 'Cannot save an online order without a customer',
  onlineOrderCustomerWithoutEmail: 'Cannot save an online order when the customer has no email',
  awaitingPaymentWithoutCustomer: 'Cannot save an awaiting-payment order without a customer',
  validation: 'Invalid input',
  unauthenticated: 'Authentication required',
  loginFailed: 'Login failed: check the license, username and password and try again',
  forbidden: 'You do not have permission for this action',
  notFound: 'Item not found',
  tooManyAttempts: 'Too many failed attempts, try again later',
  wrongCurrentPassword: 'The current password is not correct',
  conflict: 'The request conflicts with the current state',
  payloadTooLarge: 'The upload is too large',
  cannotDeleteCustomer: 'Cannot delete a customer with orders or invoices',
  cannotDeleteEmployee: 'Cannot delete this employee',
  anomalyConflict: 'An anomaly of the opposite type already exists in this period',
  usernameExists: 'An employee with this username already exists',
  cannotGrantPermission: 'You cannot grant this permission',
  licenseCodeExists: 'A license with this code already exists',
  taxInUse: 'Cannot delete a tax used by products',
  notAnImage: 'The file is not an image',
  productReferenceExists: 'A product with this reference (SKU) already exists',
};

const keyByCode = new Map<number, ErrorKey>(
  Object.entries(ErrorCode).map(([key, code]) => [code, key as ErrorKey]),
);

/** The catalogue key of a numeric code, `unexpected` when unknown. */
export function errorKeyOf(code: number): ErrorKey {
  return keyByCode.get(code) ?? 'unexpected';
}

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  error: { code: number; message: string; details?: FieldError[] | Record<string, unknown> };
}
