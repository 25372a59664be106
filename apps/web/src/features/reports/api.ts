import type { BookingsReport, ExportFormat, SalesReport } from '@mostrador/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { downloadFromApi } from '../files/download-file';

const bookingsUrl = '/admin/reports/bookings';
const salesUrl = '/admin/reports/sales';

/** The bookings report's question: a period (company days, both included) and optional filters. */
export interface BookingsReportParams {
  from: string;
  to: string;
  calendarId?: number;
  productId?: number;
}

function bookingsQuery({ from, to, calendarId, productId }: BookingsReportParams) {
  return {
    from,
    to,
    ...(calendarId === undefined ? {} : { calendarId }),
    ...(productId === undefined ? {} : { productId }),
  };
}

/** Bookings, attendance, occupancy and busiest hours of a period (bookings_find). */
export function useBookingsReport(params: BookingsReportParams) {
  const query = bookingsQuery(params);
  return useQuery({
    queryKey: [...queryKeys.reports.all, 'bookings', query] as const,
    queryFn: ({ signal }) => api.get<BookingsReport>(bookingsUrl, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The same report as the server's CSV or XLSX file, with the same filters. */
export function downloadBookingsReport(
  params: BookingsReportParams,
  format: ExportFormat,
  fileName: string,
): Promise<void> {
  return downloadFromApi(bookingsUrl, fileName, {
    query: { ...bookingsQuery(params), format },
    timeoutMs: 60_000,
  });
}

/** Sales, refunds and net of a period by payment method, product and product type (orders_find). */
export function useSalesReport(from: string, to: string) {
  return useQuery({
    queryKey: [...queryKeys.reports.all, 'sales', from, to] as const,
    queryFn: ({ signal }) => api.get<SalesReport>(salesUrl, { query: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function downloadSalesReport(
  from: string,
  to: string,
  format: ExportFormat,
  fileName: string,
): Promise<void> {
  return downloadFromApi(salesUrl, fileName, { query: { from, to, format }, timeoutMs: 60_000 });
}
