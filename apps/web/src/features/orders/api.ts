import type {
  ListResult,
  Order,
  OrderBody,
  OrderListItem,
  Product,
  ProductListItem,
  RefundBody,
} from '@mostrador/contract';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';

export function useOrderList(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.orders.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<OrderListItem>>('/admin/orders', { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** One order with its lines; `id` undefined (a malformed address) leaves the query idle. */
export function useOrder(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.orders.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Order>(`/admin/orders/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/**
 * An order changes bookings (its booking lines), the register's figures (cash and card sales) and the
 * customer's history: all of them are stale after a sale, an edit, a refund or a deletion.
 */
function useInvalidateSales() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.availability.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.cashRegisters.all }),
    ]);
}

export function useCreateOrder() {
  const invalidate = useInvalidateSales();
  return useMutation({
    mutationFn: (body: OrderBody) => api.post<Order>('/admin/orders', body),
    onSuccess: invalidate,
  });
}

export function useUpdateOrder() {
  const invalidate = useInvalidateSales();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OrderBody }) => api.put<Order>(`/admin/orders/${id}`, body),
    onSuccess: invalidate,
  });
}

/** Refunds all that is left (no lines) or the chosen lines and quantities; answers the refund order. */
export function useRefundOrder() {
  const invalidate = useInvalidateSales();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RefundBody }) =>
      api.post<Order>(`/admin/orders/${id}/refund`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateSales();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/admin/orders/${id}`),
    onSuccess: (_data, id) => {
      // The deleted record must not be refetched (it would answer 404).
      queryClient.removeQueries({ queryKey: queryKeys.orders.detail(id) });
      return invalidate();
    },
  });
}

/**
 * The codes of some orders by id (e.g. the originals of the refunds shown on a list page), in one list
 * call; empty while loading or when there are none to look up.
 */
export function useOrderCodes(ids: readonly number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const params: ListParams = { page: 1, limit: Math.max(unique.length, 1), filters: { id: { in: unique } } };
  return useQuery({
    queryKey: queryKeys.orders.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<OrderListItem>>('/admin/orders', { query: toListQuery(params), signal }),
    select: (result) => new Map(result.items.map((item) => [item.id, item.code])),
    enabled: unique.length > 0,
    staleTime: 60_000,
  });
}

/** One order as the list shows it (with its customer's name and contact), or null when there is none. */
export function useOrderListItem(id: number | undefined) {
  const params: ListParams = { page: 1, limit: 1, filters: { id: { eq: id ?? 0 } } };
  return useQuery({
    queryKey: queryKeys.orders.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<OrderListItem>>('/admin/orders', { query: toListQuery(params), signal }),
    select: (result) => result.items[0] ?? null,
    enabled: id !== undefined,
  });
}

/** Enabled products matching what is typed (name or reference), for an order line's product field. */
export function useProductSearch(term: string) {
  return useQuery({
    queryKey: [...queryKeys.products.lists(), 'order-search', term],
    queryFn: ({ signal }) =>
      api.get<ListResult<ProductListItem>>('/admin/products', {
        query: {
          limit: 20,
          query: term || undefined,
          filters: { status: { eq: 'enabled' } },
          orders: { name: 'asc' },
        },
        signal,
      }),
    select: (result) => result.items,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Whole products by id (their tax, type and calendar), in the order given; undefined while loading. */
export function useProducts(ids: (number | undefined)[]): (Product | undefined)[] {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.products.detail(id ?? 0),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Product>(`/admin/products/${id}`, { signal }),
      enabled: id !== undefined,
    })),
    combine: (results) => results.map((r) => r.data),
  });
}
