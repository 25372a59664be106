import type { CreateEmployeeBody, Employee, ListResult, UpdateEmployeeBody } from '@mostrador/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, toListQuery } from '../../api/list-params';
import { queryKeys } from '../../api/query-keys';

/** A row of the employees list: the record without its permission entries. */
export type EmployeeListItem = Omit<Employee, 'permissions'>;

export function useEmployeeList(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.employees.list(params),
    queryFn: ({ signal }) =>
      api.get<ListResult<EmployeeListItem>>('/admin/users', { query: toListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: number) {
  return useQuery({
    queryKey: queryKeys.employees.detail(id),
    queryFn: ({ signal }) => api.get<Employee>(`/admin/users/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Employee lists and records are stale after a change; so is the session when one edits oneself. */
function useInvalidateEmployees() {
  const queryClient = useQueryClient();
  return (employee?: Employee) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.employees.all }),
      employee &&
        queryClient.getQueryData<{ id: number }>(queryKeys.currentUser)?.id === employee.id &&
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
    ]);
}

export function useCreateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: (body: CreateEmployeeBody) => api.post<Employee>('/admin/users', body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateEmployeeBody }) =>
      api.patch<Employee>(`/admin/users/${id}`, body),
    onSuccess: (employee) => invalidate(employee),
  });
}

export function useDeleteEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/admin/users/${id}`),
    onSuccess: () => invalidate(),
  });
}
