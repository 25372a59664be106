import type { CustomField, CustomFieldBody, CustomFieldOrderBody } from '@mostrador/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/**
 * After a change the session's custom fields are read again, so every form and page shows them at once;
 * the customers' cached answers too, since a field removed takes its values with it.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.customFields }),
      queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
    ]);
}

export function useCreateCustomField() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CustomFieldBody) => api.post<CustomField>('/admin/customFields', body),
    onSuccess: refresh,
  });
}

export function useUpdateCustomField() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CustomFieldBody }) =>
      api.put<CustomField>(`/admin/customFields/${id}`, body),
    onSuccess: refresh,
  });
}

/** Puts one entity's fields in the order of `ids` (every one of them). */
export function useReorderCustomFields() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CustomFieldOrderBody) =>
      api.put<{ items: CustomField[] }>('/admin/customFields/order', body),
    onSuccess: refresh,
  });
}

export function useDeleteCustomField() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/admin/customFields/${id}`),
    onSuccess: refresh,
  });
}
