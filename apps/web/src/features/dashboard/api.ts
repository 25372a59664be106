import type { Dashboard } from '@mostrador/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

const dashboardUrl = '/admin/reports/dashboard';

/** Today's agenda and the register move while the screen stays open: read again every few minutes. */
const refreshMs = 5 * 60_000;

/**
 * The dashboard's figures of a period of company days (`from` and `to` included, `YYYY-MM-DD`): each part
 * null when the user may not see it. The figures of the period shown stay while another one loads.
 * `enabled` false (nothing the user may see depends on it) asks nothing.
 */
export function useDashboard(from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.reports.dashboard(from, to),
    queryFn: ({ signal }) => api.get<Dashboard>(dashboardUrl, { query: { from, to }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
    enabled,
  });
}
