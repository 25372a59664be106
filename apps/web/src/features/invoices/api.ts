import type {
  AnnulInvoiceBody,
  CreateInvoiceBody,
  ExportFormat,
  Invoice,
  InvoiceListItem,
  InvoicingReport,
  ListResult,
  Mail,
  MailInvoiceBody,
} from '@mostrador/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';
import { downloadFromApi } from '../files/download-file';

/** The invoices, newest first by default (code, recipient's name and tax id searched). */
export function useInvoiceList(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.invoices.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<InvoiceListItem>>('/admin/invoices', { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** One invoice with its lines, taxes, annulment and Verifactu records; idle while `id` is undefined. */
export function useInvoice(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.invoices.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Invoice>(`/admin/invoices/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/** A sale's invoices, oldest first (a refund's: its rectifying invoice); idle while `orderId` is undefined. */
export function useOrderInvoices(orderId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.invoices.ofOrder(orderId ?? 0),
    queryFn: ({ signal }) => api.get<Invoice[]>(`/admin/orders/${orderId}/invoices`, { signal }),
    enabled: orderId !== undefined,
  });
}

/**
 * Issuing or annulling an invoice changes the order (its invoice code, its customer), its refunds
 * (their rectifying invoices), the invoice lists and the reports that add them up.
 */
function useInvalidateInvoicing() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.reports.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.mails.all }),
    ]);
}

/** Issues the full invoice of a paid sale (F1, or F3 replacing its simplified invoice). */
export function useIssueInvoice() {
  const invalidate = useInvalidateInvoicing();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: CreateInvoiceBody }) =>
      api.post<Invoice>(`/admin/orders/${orderId}/invoice`, body),
    onSuccess: invalidate,
  });
}

/** Annuls an invoice issued by mistake (its number stays used); answers the invoice. */
export function useAnnulInvoice() {
  const invalidate = useInvalidateInvoicing();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AnnulInvoiceBody }) =>
      api.post<Invoice>(`/admin/invoices/${id}/annul`, body),
    onSuccess: invalidate,
  });
}

/** Queues the invoice's PDF by mail, to its customer or to another customer's address; answers the mail. */
export function useSendInvoiceMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MailInvoiceBody }) =>
      api.post<Mail>(`/admin/invoices/${id}/mail`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mails.all }),
  });
}

/** The file name an invoice downloads as (`factura-T2026-000001.pdf`), safe on every system. */
export function invoiceFileName(code: string): string {
  return `factura-${code.replace(/[\\/:*?"<>|\s]+/g, '-')}.pdf`;
}

/** The PDF is drawn when asked for: a little longer than the usual wait. */
const pdfTimeoutMs = 60_000;

/** Downloads an invoice's PDF, named after its code. */
export function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'code'>): Promise<void> {
  return downloadFromApi(`/admin/invoices/${invoice.id}/pdf`, invoiceFileName(invoice.code), {
    timeoutMs: pdfTimeoutMs,
  });
}

/** The invoiced amounts per product and month of a year. */
export function useInvoicingReport(year: number) {
  return useQuery({
    queryKey: queryKeys.reports.invoicingByProduct(year),
    queryFn: ({ signal }) =>
      api.get<InvoicingReport>('/admin/reports/invoicing-by-product', { query: { year }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the same report as CSV or XLSX, made by the server. */
export function downloadInvoicingReport(year: number, format: ExportFormat, fileName: string): Promise<void> {
  return downloadFromApi('/admin/reports/invoicing-by-product', fileName, {
    query: { year, format },
    timeoutMs: pdfTimeoutMs,
  });
}
