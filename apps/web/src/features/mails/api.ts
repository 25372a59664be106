import type {
  ListResult,
  Mail,
  MailHealth,
  MailListItem,
  ResendMailBody,
  SendOrderMailBody,
} from '@mostrador/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';

/** While a shown mail still waits, it is read again this often to show it leave (or fail). */
const waitingRefreshMs = 10_000;

/** The sent mails (the outbox), latest first by default; read again while some of the page still waits. */
export function useMailList(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.mails.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<MailListItem>>('/admin/mails', { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((mail) => mail.status === 'waiting') ? waitingRefreshMs : false,
  });
}

/** One whole mail, with its HTML and text parts and its attachments. */
export function useMail(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.mails.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Mail>(`/admin/mails/${id}`, { signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'waiting' ? waitingRefreshMs : false),
  });
}

/** How the outbox is doing: failures of the last week, and whether mails are blocked. */
export function useMailHealth(enabled = true) {
  return useQuery({
    queryKey: queryKeys.mails.health(),
    queryFn: ({ signal }) => api.get<MailHealth>('/admin/mails/health', { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** Lists, records and the health are stale once a mail is queued. */
function useInvalidateMails() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.mails.all });
}

/** Queues a copy of a mail, to the same address or to another customer's; answers the new mail. */
export function useResendMail() {
  const invalidate = useInvalidateMails();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ResendMailBody }) =>
      api.post<Mail>(`/admin/mails/${id}/resend`, body),
    onSuccess: invalidate,
  });
}

/** Queues a paid order's receipt, to the order's email or a customer's address; answers the mail. */
export function useSendOrderMail() {
  const invalidate = useInvalidateMails();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: SendOrderMailBody }) =>
      api.post<Mail>(`/admin/orders/${orderId}/mail`, body),
    onSuccess: invalidate,
  });
}

/** The body of a resend or send: no address when it is the default one (the server's own choice). */
export function addressBody(typed: string | undefined, original: string | null | undefined) {
  const email = typed?.trim() ?? '';
  if (!email || (original && email.toLowerCase() === original.trim().toLowerCase())) return {};
  return { email };
}
