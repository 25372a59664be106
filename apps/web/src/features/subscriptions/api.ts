import {
  type ListResult,
  type Product,
  type ProductListItem,
  type Subscription,
  type SubscriptionBody,
  type SubscriptionListItem,
  subscriptionProductTypes,
} from '@mostrador/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';

const subscriptionsUrl = '/admin/subscriptions';

/** The subscriptions, latest start first by default. */
export function useSubscriptionList(params: ListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.subscriptions.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<SubscriptionListItem>>(subscriptionsUrl, { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One subscription with its periods and their orders; `id` undefined leaves the query idle. */
export function useSubscription(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.subscriptions.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Subscription>(`${subscriptionsUrl}/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/** Up to 20 subscription products whose name contains `term`, by name: the form's and the filter's picker. */
export function useSubscriptionProductSearch(term: string, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.products.lists(), 'subscription-search', term],
    queryFn: ({ signal }) =>
      api.get<ListResult<ProductListItem>>('/admin/products', {
        query: {
          limit: 20,
          query: term.trim() || undefined,
          filters: { type: { in: [...subscriptionProductTypes] } },
          orders: { name: 'asc' },
        },
        signal,
      }),
    select: (result) => result.items,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The whole product chosen (its periodicity, price, trial), for the form's periodicities and help. */
export function useSubscriptionProduct(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.products.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Product>(`/admin/products/${id}`, { signal }),
    enabled: id !== undefined,
    staleTime: 30_000,
  });
}

/**
 * Subscriptions' lists and records are stale after any change; so are the orders (an activation places
 * one) and the customers' pages that list them.
 */
function useInvalidateSubscriptions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    ]);
}

export function useCreateSubscription() {
  const invalidate = useInvalidateSubscriptions();
  return useMutation({
    mutationFn: (body: SubscriptionBody) => api.post<Subscription>(subscriptionsUrl, body),
    onSuccess: invalidate,
  });
}

export function useUpdateSubscription() {
  const invalidate = useInvalidateSubscriptions();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SubscriptionBody }) =>
      api.put<Subscription>(`${subscriptionsUrl}/${id}`, body),
    onSuccess: invalidate,
  });
}

/** Activates an inactive subscription: its first order is placed, or none during a free trial. */
export function useActivateSubscription() {
  const invalidate = useInvalidateSubscriptions();
  return useMutation({
    mutationFn: (id: number) => api.post<Subscription>(`${subscriptionsUrl}/${id}/activate`, {}),
    onSuccess: invalidate,
  });
}

/** Cancels an active subscription, at once or at the end of the period already charged. */
export function useCancelSubscription() {
  const invalidate = useInvalidateSubscriptions();
  return useMutation({
    mutationFn: ({ id, atPeriodEnd }: { id: number; atPeriodEnd: boolean }) =>
      api.post<Subscription>(`${subscriptionsUrl}/${id}/cancel`, { atPeriodEnd }),
    onSuccess: invalidate,
  });
}

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${subscriptionsUrl}/${id}`),
    onSuccess: (_data, id) => {
      // The deleted record must not be refetched (it would answer 404): drop it, refresh the lists.
      queryClient.removeQueries({ queryKey: queryKeys.subscriptions.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions.lists() });
    },
  });
}
