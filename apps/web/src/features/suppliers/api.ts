import type {
  ExportFormat,
  ListResult,
  Supplier,
  SupplierBody,
  SupplierListItem,
  SupplierSettlement,
  SupplierStatus,
} from '@mostrador/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';
import { downloadFromApi } from '../files/download-file';

const suppliersUrl = '/admin/suppliers';
const settlementUrl = '/admin/reports/supplier-settlement';

export function useSupplierList(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.suppliers.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<SupplierListItem>>(suppliersUrl, { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** One supplier; `id` undefined (a malformed address) or `enabled` false leaves the query idle. */
export function useSupplier(id: number | undefined, enabled = true) {
  return useQuery({
    queryKey: queryKeys.suppliers.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Supplier>(`${suppliersUrl}/${id}`, { signal }),
    enabled: id !== undefined && enabled,
  });
}

/** Up to 20 suppliers whose name contains `term`, by name: the product form's supplier picker. */
export function useSupplierSearch(term: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.suppliers.lists(), 'search', term],
    queryFn: ({ signal }) =>
      api.get<ListResult<SupplierListItem>>(suppliersUrl, {
        query: { limit: 20, orders: { name: 'asc' }, ...(term.trim() ? { query: term.trim() } : {}) },
        signal,
      }),
    select: (result) => result.items,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * Lists and records of suppliers, and the product lists that show their names (and the supplier's product
 * count), are stale after any change to a supplier.
 */
function useInvalidateSuppliers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.suppliers.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.products.lists() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.reports.all }),
    ]);
}

export function useCreateSupplier() {
  const invalidate = useInvalidateSuppliers();
  return useMutation({
    mutationFn: (body: SupplierBody) => api.post<Supplier>(suppliersUrl, body),
    onSuccess: invalidate,
  });
}

export function useUpdateSupplier() {
  const invalidate = useInvalidateSuppliers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SupplierBody }) =>
      api.put<Supplier>(`${suppliersUrl}/${id}`, body),
    onSuccess: invalidate,
  });
}

/** Activates or deactivates a supplier. */
export function useSetSupplierStatus() {
  const invalidate = useInvalidateSuppliers();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: SupplierStatus }) =>
      api.post<Supplier>(`${suppliersUrl}/${id}/${status === 'active' ? 'activate' : 'deactivate'}`, {}),
    onSuccess: invalidate,
  });
}

export function useDeleteSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${suppliersUrl}/${id}`),
    onSuccess: (_data, id) => {
      // The deleted record must not be refetched (it would answer 404): drop it, refresh the lists.
      queryClient.removeQueries({ queryKey: queryKeys.suppliers.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.suppliers.lists() });
    },
  });
}

/** What each supplier sold from `from` to `to` (company days, both included). */
export function useSupplierSettlement(from: string, to: string) {
  return useQuery({
    queryKey: queryKeys.reports.supplierSettlement(from, to),
    queryFn: ({ signal }) => api.get<SupplierSettlement>(settlementUrl, { query: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function downloadSupplierSettlement(
  from: string,
  to: string,
  format: ExportFormat,
  fileName: string,
): Promise<void> {
  return downloadFromApi(settlementUrl, fileName, { query: { from, to, format } });
}
