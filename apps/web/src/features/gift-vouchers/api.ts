import type {
  GiftVoucher,
  GiftVoucherListItem,
  GiftVoucherUpdateBody,
  ListResult,
} from '@mostrador/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';

/** The gift vouchers, latest bought first by default. */
export function useGiftVoucherList(params: ListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.giftVouchers.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<GiftVoucherListItem>>('/admin/gift-vouchers', {
        query: toListQuery(params),
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One voucher with the bookings made with it. */
export function useGiftVoucher(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.giftVouchers.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<GiftVoucher>(`/admin/gift-vouchers/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/** A new expiry (a plain date is the end of that day in the company's zone). */
export function useUpdateGiftVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: GiftVoucherUpdateBody }) =>
      api.patch<GiftVoucher>(`/admin/gift-vouchers/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.giftVouchers.all }),
  });
}

/** Deletes a voucher never used. */
export function useDeleteGiftVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/admin/gift-vouchers/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.giftVouchers.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.giftVouchers.lists() });
    },
  });
}
