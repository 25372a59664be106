import type {
  CreateLicenseBody,
  License,
  LicenseListItem,
  ListResult,
  UpdateLicenseBody,
} from '@mostrador/contract';
import { keepPreviousData, QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';
import { getToken, setToken } from '../../api/token';
import { startSession } from '../auth/api';
import type { EmployeeListItem } from '../employees/api';
import { forgetSupportReturn, rememberSupportReturn } from '../session/support-return';

export function useLicenseList(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.licenses.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<LicenseListItem>>('/admin/licenses', { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLicense(id: number) {
  return useQuery({
    queryKey: queryKeys.licenses.detail(id),
    queryFn: ({ signal }) => api.get<License>(`/admin/licenses/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useInvalidateLicenses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.licenses.all });
}

export function useCreateLicense() {
  const invalidate = useInvalidateLicenses();
  return useMutation({
    mutationFn: (body: CreateLicenseBody) => api.post<License>('/admin/licenses', body),
    onSuccess: invalidate,
  });
}

export function useUpdateLicense() {
  const invalidate = useInvalidateLicenses();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateLicenseBody }) =>
      api.put<License>(`/admin/licenses/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteLicense() {
  const invalidate = useInvalidateLicenses();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/admin/licenses/${id}`),
    onSuccess: invalidate,
  });
}

/** A license's employees, searched by name, email or username, for support to pick whom to log in as. */
export function useLicenseEmployees(licenseId: number, query: string, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.licenses.detail(licenseId), 'employees', query],
    queryFn: ({ signal }) =>
      api.get<ListResult<EmployeeListItem>>(`/admin/licenses/${licenseId}/employees`, {
        query: toListQuery({ page: 1, limit: 50, query: query || undefined, orders: { name: 'asc' } }),
        signal,
      }),
    enabled: enabled && licenseId > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Support logs in as an employee of any license: the answer is a token for a session as him, used the way
 * `/login/<token>` uses one (stored, session loaded, reload at `/` in his company's language). The support
 * user's own token and the page he was on are kept in this browser, so the support session's banner takes
 * him back in one click. The session loads into a client of its own, so the current screen does not
 * re-render as the other user meanwhile; if it fails, the support user's own token is put back.
 */
export function useSupportLogin() {
  return useMutation({
    mutationFn: async (userId: number) => {
      const token = await api.get<string>(`/admin/authentication/login-as-support/${userId}`);
      const previous = getToken();
      if (previous)
        rememberSupportReturn({ token: previous, path: window.location.pathname + window.location.search });
      try {
        await startSession(new QueryClient(), token);
      } catch (error) {
        forgetSupportReturn();
        if (previous) setToken(previous);
        throw error;
      }
    },
  });
}
