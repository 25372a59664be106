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
 * An order changes bookings (its booking lines), the register's figures (cash and card sales), the
 * customer's history and balances and the invoices (a paid sale may get its simplified invoice, a refund its
 * rectifying one) with the reports that add them up: all of them are stale after a sale, an edit, a
 * refund or a deletion.
 */
function useInvalidateSales() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.availability.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.cashRegisters.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.reports.all }),
      // The customer's figures and balances: a pack or credit sold, credit spent or given back.
      queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
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
    mutationFn: ({ id, body }: { id: number; body: OrderBody }) =>
      api.put<Order>(`/admin/orders/${id}`, body),
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

/** Ids whose code is wanted, gathered for one list call per tick; each with its waiting callers. */
let pendingCodes = new Map<number, ((code: number | null) => void)[]>();

function flushCodes() {
  const batch = pendingCodes;
  pendingCodes = new Map();
  const ids = [...batch.keys()];
  const settle = (codes: Map<number, number>) => {
    for (const [id, callers] of batch) for (const resolve of callers) resolve(codes.get(id) ?? null);
  };
  api
    .get<ListResult<OrderListItem>>('/admin/orders', {
      query: toListQuery({ page: 1, limit: ids.length, filters: { id: { in: ids } } }),
    })
    .then((result) => settle(new Map(result.items.map((item) => [item.id, item.code]))))
    .catch(() => settle(new Map()));
}

/** An order's code by id, the lookups of one render batched into one list call. */
function loadOrderCode(id: number): Promise<number | null> {
  return new Promise((resolve) => {
    if (pendingCodes.size === 0) setTimeout(flushCodes, 0);
    pendingCodes.set(id, [...(pendingCodes.get(id) ?? []), resolve]);
  });
}

/**
 * The code of an order known by its id (e.g. the original of a refund on the list), null when it is not
 * found; the rows of a page ask together, in one call.
 */
export function useOrderCode(id: number | null) {
  return useQuery({
    queryKey: [...queryKeys.orders.all, 'code', id ?? 0],
    queryFn: () => loadOrderCode(id ?? 0),
    enabled: id !== null,
    // An order's code never changes.
    staleTime: Number.POSITIVE_INFINITY,
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
