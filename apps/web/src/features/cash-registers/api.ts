import type { CashRegisterCloseBody, CashRegisterOpenBody, CashRegisterSummary } from '@mostrador/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { dayjs } from '../../lib/dayjs';
import { downloadFile } from '../files/download-file';

/** The open register with its figures as of now, or null when the register is closed. */
export function useOpenRegister(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.cashRegisters.open(),
    queryFn: ({ signal }) => api.get<CashRegisterSummary | null>('/admin/cash-register/open', { signal }),
    enabled,
    // Other cashiers sell on it: fresh whenever the dialog opens.
    staleTime: 0,
  });
}

function useInvalidateRegisters() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.cashRegisters.all });
}

export function useOpenCashRegister() {
  const invalidate = useInvalidateRegisters();
  return useMutation({
    mutationFn: (body: CashRegisterOpenBody) =>
      api.post<CashRegisterSummary>('/admin/cash-register/open', body),
    onSuccess: invalidate,
  });
}

export function useCloseCashRegister() {
  const invalidate = useInvalidateRegisters();
  return useMutation({
    mutationFn: (body: CashRegisterCloseBody) =>
      api.patch<CashRegisterSummary>('/admin/cash-register/close', body),
    onSuccess: invalidate,
  });
}

/** A closed register's report name, as the API stores it: `cash-register-<id>-<closing day>.pdf`. */
export function reportFileName(register: Pick<CashRegisterSummary, 'id' | 'endDate'>, timeZone: string) {
  const day = register.endDate ? dayjs(register.endDate).tz(timeZone).format('YYYY-MM-DD') : 'open';
  return `cash-register-${register.id}-${day}.pdf`;
}

/** Downloads a closed register's PDF report; a register without one has nothing to download. */
export async function downloadRegisterReport(
  register: Pick<CashRegisterSummary, 'id' | 'endDate' | 'reportFileId'>,
  timeZone: string,
): Promise<void> {
  if (register.reportFileId === null) return;
  await downloadFile(register.reportFileId, reportFileName(register, timeZone));
}
