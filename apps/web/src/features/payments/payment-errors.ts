import { ErrorCode } from '@mostrador/contract';
import { isApiError } from '../../api/errors';

/**
 * Refusals of an online order because no payment gateway is ready (Stripe or Redsys not configured, no
 * gateway chosen): the way out is the payment settings.
 */
export const paymentSetupRefusalCodes: readonly number[] = [
  ErrorCode.stripeNotConfigured,
  ErrorCode.redsysNotConfigured,
  ErrorCode.onlinePaymentsNotConfigured,
];

/** The payment settings screen. */
export const paymentSettingsPath = '/settings/payment';

/** Whether an error is a refusal that the payment settings fix. */
export function isPaymentSetupRefusal(error: unknown): boolean {
  return isApiError(error) && paymentSetupRefusalCodes.includes(error.code);
}

/** Keys of a refusal's details that say why, most telling first. */
const reasonKeys = ['detail', 'reason', 'message', 'response', 'code'] as const;

/**
 * Why the gateway refused (409 1000162) or could not be reached (502 1000163), in its own words, from the
 * error's details: a text, or the first of `detail`, `reason`, `message`, `response`, `code` that says
 * something. Null for other errors or when the details say nothing.
 */
export function gatewayRefusalDetail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code !== ErrorCode.paymentGatewayRefused && error.code !== ErrorCode.paymentGatewayUnavailable)
    return null;
  const details = error.details;
  if (typeof details === 'string') return details.trim() || null;
  if (!details || typeof details !== 'object' || Array.isArray(details)) return null;
  const record = details as Record<string, unknown>;
  for (const key of reasonKeys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return null;
}
