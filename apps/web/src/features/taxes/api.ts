import type { ListResult, Tax, TaxBody } from '@mostrador/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';

export function useTaxList(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.taxes.list(params),
    queryFn: ({ signal }) => api.get<ListResult<Tax>>('/admin/taxes', { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every tax query (lists and the session's taxes by id) is stale after a change. */
function useInvalidateTaxes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.taxes.all });
}

export function useCreateTax() {
  const invalidate = useInvalidateTaxes();
  return useMutation({
    mutationFn: (body: TaxBody) => api.post<Tax>('/admin/taxes', body),
    onSuccess: invalidate,
  });
}

export function useUpdateTax() {
  const invalidate = useInvalidateTaxes();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TaxBody }) => api.put<Tax>(`/admin/taxes/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteTax() {
  const invalidate = useInvalidateTaxes();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/admin/taxes/${id}`),
    onSuccess: invalidate,
  });
}
