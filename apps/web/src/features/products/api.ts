import type {
  Language,
  ListResult,
  Product,
  ProductBody,
  ProductListItem,
  ProductTranslation,
  ProductTranslationListItem,
  ProductTranslationsBody,
} from '@mostrador/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';

export function useProductList(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.products.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<ProductListItem>>('/admin/products', { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** One product; `id` undefined (a malformed address) leaves the query idle. */
export function useProduct(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.products.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Product>(`/admin/products/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/** Lists, records and translations are stale after any change. */
function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
}

export function useCreateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: ProductBody) => api.post<Product>('/admin/products', body),
    onSuccess: invalidate,
  });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProductBody }) =>
      api.put<Product>(`/admin/products/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/admin/products/${id}`),
    onSuccess: (_data, id) => {
      // The deleted record must not be refetched (it would answer 404): drop it, refresh the lists.
      queryClient.removeQueries({ queryKey: queryKeys.products.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.products.lists() });
    },
  });
}

export function useProductTranslations(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.products.translations(id),
    queryFn: ({ signal }) => api.get<ProductTranslation[]>(`/admin/products/${id}/translations`, { signal }),
    enabled,
  });
}

export function useSaveProductTranslations() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProductTranslationsBody }) =>
      api.put<ProductTranslation[]>(`/admin/products/${id}/translations`, body),
    onSuccess: invalidate,
  });
}

/** A booking calendar as the product form offers it. */
export interface CalendarOption {
  id: number;
  name: string;
}

/** The company's booking calendars, for the product's calendar link and the list's calendar filter. */
export function useCalendarOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.bookingCalendars.lists(), 'options'],
    queryFn: ({ signal }) =>
      api.get<ListResult<CalendarOption>>('/admin/booking-calendars', {
        query: { limit: 500, orders: { name: 'asc' } },
        signal,
      }),
    select: (result) => result.items,
    enabled,
    staleTime: 60_000,
  });
}

/** One language's texts of the products beside the main language's, a page at a time. */
export function useProductTranslationList(language: Language, params: ListParams) {
  return useQuery({
    queryKey: [...queryKeys.products.allTranslations(), 'list', language, params],
    queryFn: ({ signal }) =>
      api.get<ListResult<ProductTranslationListItem>>('/admin/product-translations', {
        query: { ...toListQuery(params), language },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Saves the texts of the languages sent, leaving the others as they are. */
export function usePatchProductTranslations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProductTranslationsBody }) =>
      api.patch<ProductTranslation[]>(`/admin/products/${id}/translations`, body),
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.translations(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.lists() }),
      ]),
  });
}
