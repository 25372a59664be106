import type {
  Anomaly,
  AnomalyBody,
  AnomalyListItem,
  BookingCalendar,
  BookingCalendarBody,
  BookingCalendarListItem,
  ListResult,
} from '@mostrador/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';

const calendarsUrl = '/admin/booking-calendars';
const anomaliesUrl = (calendarId: number) => `${calendarsUrl}/${calendarId}/schedule-anomalies`;

export function useCalendarList(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.bookingCalendars.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<BookingCalendarListItem>>(calendarsUrl, { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** One calendar; `id` undefined (a malformed address) or `enabled` false leaves the query idle. */
export function useCalendar(id: number | undefined, enabled = true) {
  return useQuery({
    queryKey: queryKeys.bookingCalendars.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<BookingCalendar>(`${calendarsUrl}/${id}`, { signal }),
    enabled: id !== undefined && enabled,
  });
}

/**
 * Lists, records, the pickers of other screens (product form, bookings) and the free times computed from
 * the schedules are stale after any change to a calendar.
 */
function useInvalidateCalendars() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.bookingCalendars.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.availability.all }),
    ]);
}

export function useCreateCalendar() {
  const invalidate = useInvalidateCalendars();
  return useMutation({
    mutationFn: (body: BookingCalendarBody) => api.post<BookingCalendar>(calendarsUrl, body),
    onSuccess: invalidate,
  });
}

export function useUpdateCalendar() {
  const invalidate = useInvalidateCalendars();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BookingCalendarBody }) =>
      api.put<BookingCalendar>(`${calendarsUrl}/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${calendarsUrl}/${id}`),
    onSuccess: (_data, id) => {
      // The deleted record (and its anomalies) must not be refetched: they would answer 404.
      queryClient.removeQueries({ queryKey: queryKeys.bookingCalendars.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.bookingCalendars.lists() });
    },
  });
}

/** One page of a calendar's anomalies. */
export function useAnomalyList(calendarId: number, params: ListParams) {
  return useQuery({
    queryKey: queryKeys.bookingCalendars.anomalyList(calendarId, params),
    queryFn: ({ signal }) =>
      api.get<ListResult<AnomalyListItem>>(anomaliesUrl(calendarId), { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** The calendar's anomalies everywhere they are read, and the free times they open or close. */
function useInvalidateAnomalies() {
  const queryClient = useQueryClient();
  return (calendarId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.bookingCalendars.anomalies(calendarId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.availability.all }),
    ]);
}

export function useCreateAnomaly() {
  const invalidate = useInvalidateAnomalies();
  return useMutation({
    mutationFn: ({ calendarId, body }: { calendarId: number; body: AnomalyBody }) =>
      api.post<Anomaly>(anomaliesUrl(calendarId), body),
    onSuccess: (_data, { calendarId }) => invalidate(calendarId),
  });
}

export function useDeleteAnomaly() {
  const invalidate = useInvalidateAnomalies();
  return useMutation({
    mutationFn: ({ calendarId, anomalyId }: { calendarId: number; anomalyId: number }) =>
      api.delete<unknown>(`${anomaliesUrl(calendarId)}/${anomalyId}`),
    onSuccess: (_data, { calendarId }) => invalidate(calendarId),
  });
}
