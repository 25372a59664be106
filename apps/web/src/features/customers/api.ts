import type {
  Customer,
  CustomerBody,
  CustomerListItem,
  CustomerSummary,
  ListResult,
} from '@mostrador/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';

export function useCustomerList(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.customers.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<CustomerListItem>>('/admin/customers', { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** One customer; `id` undefined (a malformed address) leaves the query idle. */
export function useCustomer(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.customers.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Customer>(`/admin/customers/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/** A customer's figures (bookings, sales in cents); the parts the user may not see come as null. */
export function useCustomerSummary(id: number) {
  return useQuery({
    queryKey: [...queryKeys.customers.detail(id), 'summary'],
    queryFn: ({ signal }) => api.get<CustomerSummary>(`/admin/customers/${id}/summary`, { signal }),
  });
}

/** Lists and records are stale after any change. */
function useInvalidateCustomers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.customers.all });
}

export function useCreateCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: CustomerBody) => api.post<Customer>('/admin/customers', body),
    onSuccess: invalidate,
  });
}

export function useUpdateCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CustomerBody }) =>
      api.put<Customer>(`/admin/customers/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/admin/customers/${id}`),
    onSuccess: (_data, id) => {
      // The deleted record must not be refetched (it would answer 404): drop it, refresh the lists.
      queryClient.removeQueries({ queryKey: queryKeys.customers.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.customers.lists() });
    },
  });
}
