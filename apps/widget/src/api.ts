import type {
  PublicAvailability,
  PublicCancellation,
  PublicCheckout,
  PublicCheckoutBody,
  PublicCompany,
  PublicManagedBooking,
  PublicProduct,
} from '@mostrador/contract';

/*
 * The public API the widget calls (`/v1/public/{licenseCode}/…`, same origin: the page is served by the
 * API). Types only from the contract: its runtime pulls zod, which the widget's budget has no room for.
 */

export type {
  PublicAvailability,
  PublicCancellation,
  PublicCheckout,
  PublicCheckoutBody,
  PublicCompany,
  PublicManagedBooking,
  PublicProduct,
};
export type PublicBooking = NonNullable<PublicCheckout['booking']>;

/** The API's error codes the widget explains (packages/contract/src/errors.ts). */
export const codes = {
  validation: 1000100,
  notFound: 1000104,
  tooManyAttempts: 1000105,
  bookingOutsideOpenTime: 1000118,
  bookingInThePast: 1000119,
  bookingTooSoon: 1000120,
  bookingBeyondForecast: 1000121,
  bookingNotAStartTime: 1000123,
  bookingFull: 1000124,
  giftVoucherSingleUse: 1000007,
  giftVoucherUnknown: 1000175,
  giftVoucherExpired: 1000176,
  giftVoucherExhausted: 1000177,
  giftVoucherOtherProduct: 1000178,
  giftVoucherVoided: 1000219,
  stripeNotConfigured: 1000037,
  redsysNotConfigured: 1000158,
  onlinePaymentsNotConfigured: 1000159,
  paymentGatewayUnavailable: 1000163,
  paymentGatewayRefused: 1000162,
  bookingCustomerMoveNotAllowed: 1000220,
  bookingCustomerMoveLimit: 1000221,
  bookingNotChangeable: 1000222,
  bookingCancelTooLate: 1000223,
  bookingCancelNotOnline: 1000224,
} as const;

/** An answer that is not a success: its status (0 when the API was not reached), code and fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly fields: { field: string; message: string }[] = [],
  ) {
    super(`API ${status} ${code ?? ''}`);
  }
}

export function createApi(licenseCode: string) {
  const base = `/v1/public/${encodeURIComponent(licenseCode)}`;
  async function request<T>(path: string, init?: RequestInit): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          accept: 'application/json',
          ...(init?.body ? { 'content-type': 'application/json' } : {}),
        },
      });
    } catch {
      throw new ApiError(0, null);
    }
    const body = (await res.json().catch(() => null)) as {
      data?: T;
      error?: { code?: number; details?: { field: string; message: string }[] };
    } | null;
    if (!res.ok) throw new ApiError(res.status, body?.error?.code ?? null, body?.error?.details ?? []);
    return body?.data as T;
  }
  return {
    products: (language: string) =>
      request<{ items: PublicProduct[] }>(`/products?language=${encodeURIComponent(language)}`),
    availability: (productId: number, from: string, to: string) =>
      request<PublicAvailability>(`/products/${productId}/availability?from=${from}&to=${to}`),
    checkout: (body: PublicCheckoutBody) =>
      request<PublicCheckout>('/checkouts', { method: 'POST', body: JSON.stringify(body) }),
    checkoutState: (token: string) => request<PublicCheckout>(`/checkouts/${encodeURIComponent(token)}`),
    // The customer's signed link (the manage view): the booking, its start times to move to, moving
    // and cancelling it.
    managedBooking: (code: string, language: string) =>
      request<PublicManagedBooking>(
        `/bookings/${encodeURIComponent(code)}?language=${encodeURIComponent(language)}`,
      ),
    managedAvailability: (code: string, from: string, to: string) =>
      request<PublicAvailability>(`/bookings/${encodeURIComponent(code)}/availability?from=${from}&to=${to}`),
    moveBooking: (code: string, startsAt: string) =>
      request<PublicManagedBooking>(`/bookings/${encodeURIComponent(code)}/move`, {
        method: 'POST',
        body: JSON.stringify({ startsAt }),
      }),
    cancelBooking: (code: string) =>
      request<PublicCancellation>(`/bookings/${encodeURIComponent(code)}/cancel`, { method: 'POST' }),
  };
}
export type Api = ReturnType<typeof createApi>;
