import type { CheckInCodeBody, CheckInResult } from '@mostrador/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** What a scanned or typed code names: a booking or a gift voucher of the company (or why not). */
export function useCheckInLookup() {
  return useMutation({
    mutationFn: (body: CheckInCodeBody) => api.post<CheckInResult>('/admin/check-in/lookups', body),
  });
}

/** Marks the booking a code names attended; the calendar and lists show it at once. */
export function useCheckInAttend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInCodeBody) => api.post<CheckInResult>('/admin/check-in/attendances', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
  });
}
