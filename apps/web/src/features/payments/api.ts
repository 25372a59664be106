import type {
  Mail,
  Order,
  OrderPayment,
  PaymentCheckResult,
  PaymentEndpoints,
  PaymentGateway,
} from '@mostrador/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** While an order awaits its online payment, its payment is read again this often to see it paid. */
export const awaitingRefreshMs = 10_000;

/**
 * An online order's payment: its link while it awaits payment, the gateway new payments use, whether a
 * held payment may be captured, and every attempt. Read again every 10 s while `watch` (the order
 * awaits payment) or the link is open, so that a payment shows without reloading.
 */
export function useOrderPayment(orderId: number | undefined, watch: boolean) {
  return useQuery({
    queryKey: queryKeys.orders.payment(orderId ?? 0),
    queryFn: ({ signal }) => api.get<OrderPayment>(`/admin/orders/${orderId}/payment`, { signal }),
    enabled: orderId !== undefined,
    refetchInterval: (query) => (watch || query.state.data?.link ? awaitingRefreshMs : false),
  });
}

/**
 * What a payment changes besides the payment itself: the order (paid, its payment date), the lists,
 * its invoices (a paid sale may get its simplified invoice) and the reports.
 */
export function useInvalidatePaidOrder() {
  const queryClient = useQueryClient();
  return (orderId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId), exact: true }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.reports.all }),
    ]);
}

/** Queues the payment-link mail to the order's customer, or to another customer's address. */
export function useSendPaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: { email?: string } }) =>
      api.post<Mail>(`/admin/orders/${orderId}/payment-link/mail`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mails.all }),
  });
}

/** Confirms a held Redsys payment (pre-authorization or authentication): the order comes back paid. */
export function useCapturePayment() {
  const queryClient = useQueryClient();
  const invalidatePaid = useInvalidatePaidOrder();
  return useMutation({
    mutationFn: (orderId: number) => api.post<Order>(`/admin/orders/${orderId}/payment/capture`, undefined),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order.id), order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.payment(order.id) }),
        invalidatePaid(order.id),
      ]);
    },
    // A refusal may mean the hold changed (captured elsewhere, expired): the view is read again.
    onError: (_error, orderId) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.payment(orderId) }),
  });
}

/** The addresses to register with the gateways: Stripe's webhook and Redsys' notification URL. */
export function usePaymentEndpoints() {
  return useQuery({
    queryKey: queryKeys.paymentEndpoints,
    queryFn: ({ signal }) => api.get<PaymentEndpoints>('/admin/settings/payment/endpoints', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Whether the SAVED keys of a gateway work: asks the gateway and answers what it said. */
export function useCheckPaymentGateway() {
  return useMutation({
    mutationFn: (gateway: PaymentGateway) =>
      api.post<PaymentCheckResult>('/admin/settings/payment/check', { gateway }, { timeoutMs: 60_000 }),
  });
}
