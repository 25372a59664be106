import type {
  Anomaly,
  AnomalyListItem,
  Availability,
  Booking,
  BookingBody,
  BookingCalendar,
  BookingCalendarListItem,
  BookingListItem,
  BookingRange,
  BookingUpdateBody,
  CustomerListItem,
  ListResult,
  ProductListItem,
  UsablePacks,
  UsablePrograms,
} from '@mostrador/contract';
import { bookableProductTypes } from '@mostrador/contract';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';

export function useBookingList(params: ListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.bookings.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<BookingListItem>>('/admin/bookings', { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/**
 * Every booking starting in [from, to) (ISO instants, at most 45 days), of one calendar or all: what the
 * calendar view draws, not paginated.
 */
export function useBookingRange(range: { from: string; to: string } | undefined, calendarId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.bookings.all, 'range', range?.from, range?.to, calendarId],
    queryFn: ({ signal }) =>
      api.get<BookingRange>('/admin/bookings/range', {
        query: { from: range?.from, to: range?.to, bookingCalendarId: calendarId ?? undefined },
        signal,
      }),
    select: (result) => result.bookings,
    placeholderData: keepPreviousData,
    enabled: !!range,
  });
}

/**
 * The live holds of online checkouts starting in the same range (the same request as `useBookingRange`,
 * shared through its cache): places taken while a customer pays, each until it expires.
 */
export function useHoldsInRange(range: { from: string; to: string } | undefined, calendarId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.bookings.all, 'range', range?.from, range?.to, calendarId],
    queryFn: ({ signal }) =>
      api.get<BookingRange>('/admin/bookings/range', {
        query: { from: range?.from, to: range?.to, bookingCalendarId: calendarId ?? undefined },
        signal,
      }),
    select: (result) => result.holds ?? [],
    placeholderData: keepPreviousData,
    enabled: !!range,
  });
}

export function useBooking(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.bookings.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Booking>(`/admin/bookings/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/** Bookings change what is free: lists, records and availability are stale after any change. */
function useInvalidateBookings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.availability.all }),
      // A booking paid with a voucher uses it (or gives it back), one paid with a pack its session.
      queryClient.invalidateQueries({ queryKey: queryKeys.giftVouchers.all }),
      queryClient.invalidateQueries({ queryKey: ['customers', 'balances'] }),
      queryClient.invalidateQueries({ queryKey: ['customers', 'pack-sessions'] }),
      queryClient.invalidateQueries({ queryKey: ['customers', 'program-subscriptions'] }),
    ]);
}

export function useCreateBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: (body: BookingBody) => api.post<Booking>('/admin/bookings', body),
    onSuccess: invalidate,
  });
}

export function useUpdateBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BookingUpdateBody }) =>
      api.put<Booking>(`/admin/bookings/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/admin/bookings/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.bookings.detail(id) });
      return invalidate();
    },
  });
}

/** Marks a booking attended (true) or not (false). */
export function useMarkAttendance() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: ({ id, attended }: { id: number; attended: boolean }) =>
      api.post<Booking>(`/admin/bookings/${id}/${attended ? 'attended' : 'unattended'}`),
    onSuccess: invalidate,
  });
}

/**
 * The customer's packs that may pay a booking of the product now (with a session left, not expired): what
 * the drawer offers. Asked only for a new booking of one unit, with both chosen.
 */
export function usePackSessions(
  customerId: number | undefined,
  productId: number | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['customers', 'pack-sessions', customerId ?? 0, productId ?? 0],
    queryFn: ({ signal }) =>
      api.get<UsablePacks>(`/admin/customers/${customerId}/pack-sessions`, { query: { productId }, signal }),
    select: (result) => result.items,
    enabled: enabled && customerId !== undefined && productId !== undefined,
  });
}

/**
 * The customer's active program subscriptions that make a booking of the product free: what the drawer
 * offers beside the packs, for a new booking of one unit.
 */
export function useProgramSubscriptions(
  customerId: number | undefined,
  productId: number | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['customers', 'program-subscriptions', customerId ?? 0, productId ?? 0],
    queryFn: ({ signal }) =>
      api.get<UsablePrograms>(`/admin/customers/${customerId}/program-subscriptions`, {
        query: { productId },
        signal,
      }),
    select: (result) => result.items,
    enabled: enabled && customerId !== undefined && productId !== undefined,
  });
}

/** The start times a product can take on a calendar over local days [from, to). */
export function useAvailability(
  calendarId: number | undefined,
  productId: number | undefined,
  from: string,
  to: string,
) {
  return useQuery({
    queryKey: queryKeys.availability.of(calendarId ?? 0, productId ?? 0, from, to),
    queryFn: ({ signal }) =>
      api.get<Availability>(`/admin/booking-calendars/${calendarId}/availability`, {
        query: { from, to, productId },
        signal,
      }),
    enabled: calendarId !== undefined && productId !== undefined,
    staleTime: 15_000,
  });
}

/** The company's calendars by name, for selectors and the view (names, colours, capacities). */
export function useCalendarNames() {
  return useQuery({
    queryKey: [...queryKeys.bookingCalendars.lists(), 'options'],
    queryFn: ({ signal }) =>
      api.get<ListResult<BookingCalendarListItem>>('/admin/booking-calendars', {
        query: { limit: 500, orders: { name: 'asc' } },
        signal,
      }),
    select: (result) => result.items,
    staleTime: 60_000,
  });
}

/** Whole calendars (with their schedules) for the view's opening hours. */
export function useCalendars(ids: number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.bookingCalendars.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<BookingCalendar>(`/admin/booking-calendars/${id}`, { signal }),
      staleTime: 60_000,
    })),
  });
}

/** A calendar's exceptions overlapping [from, to) (ISO instants). */
export function useAnomaliesBetween(ids: number[], from: string, to: string, enabled: boolean) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: [...queryKeys.bookingCalendars.detail(id), 'anomalies', from, to],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<ListResult<AnomalyListItem>>(`/admin/booking-calendars/${id}/schedule-anomalies`, {
          query: {
            limit: 500,
            filters: { startsAt: { lt: to }, endsAt: { gt: from } },
          },
          signal,
        }),
      enabled,
      staleTime: 60_000,
    })),
  });
}

/** Bookable products a calendar takes: those linked to it and those linked to none, by name. */
export function useBookableProducts(calendarId: number | undefined) {
  const queryFor = (calendar: Record<string, unknown>) => ({
    queryKey: [...queryKeys.products.lists(), 'bookable', calendar] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<ListResult<ProductListItem>>('/admin/products', {
        query: {
          limit: 500,
          orders: { name: 'asc' },
          filters: {
            type: { in: [...bookableProductTypes] },
            status: { eq: 'enabled' },
            bookingCalendarId: calendar,
          },
        },
        signal,
      }),
    staleTime: 60_000,
    enabled: calendarId !== undefined,
  });
  const [linked, unlinked] = useQueries({
    queries: [queryFor({ eq: calendarId ?? 0 }), queryFor({ isNull: true })],
  });
  const items = [...(linked?.data?.items ?? []), ...(unlinked?.data?.items ?? [])].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  return { data: items, isLoading: !!linked?.isLoading || !!unlinked?.isLoading };
}

/** Customers matching what is typed, for the booking's customer field. */
export function useCustomerSearch(term: string) {
  return useQuery({
    queryKey: [...queryKeys.customers.lists(), 'search', term],
    queryFn: ({ signal }) =>
      api.get<ListResult<CustomerListItem>>('/admin/customers', {
        query: { limit: 20, query: term || undefined },
        signal,
      }),
    select: (result) => result.items,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export type { Anomaly };
