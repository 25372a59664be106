import type { CashRegisterListItem, CashRegisterSummary, ListResult } from '@mostrador/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';

/** The history of registers with their figures (the open one's as of now), latest opened first by default. */
export function useCashRegisterList(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.cashRegisters.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<CashRegisterListItem>>('/admin/cash-register', {
        query: toListQuery(params),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One register's summary with its product lines (a closed one's as they were at closing). */
export function useCashRegister(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.cashRegisters.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<CashRegisterSummary>(`/admin/cash-register/${id}`, { signal }),
    enabled: id !== undefined,
  });
}
