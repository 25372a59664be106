import type { CurrentUser, CustomField, ListResult, Settings, Tax } from '@mostrador/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** What the app loads once after login and keeps for the whole visit; mutations invalidate parts of it. */
export interface Session {
  user: CurrentUser;
  settings: Settings;
  taxesById: Record<number, Tax>;
  customFields: CustomField[];
}

const entityOrder = ['customer', 'product', 'booking', 'order', 'supplier'];

export const sessionQueries = {
  currentUser: queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => api.get<CurrentUser>('/admin/users/info', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  }),
  settings: queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => api.get<Settings>('/admin/settings', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  }),
  taxesById: queryOptions({
    queryKey: queryKeys.taxes.byId(),
    queryFn: async ({ signal }) => {
      const list = await api.get<ListResult<Tax>>('/admin/taxes', { query: { limit: 500 }, signal });
      return Object.fromEntries(list.items.map((tax) => [tax.id, tax])) as Record<number, Tax>;
    },
    staleTime: Number.POSITIVE_INFINITY,
  }),
  customFields: queryOptions({
    queryKey: queryKeys.customFields,
    queryFn: async ({ signal }) => {
      const { items } = await api.get<{ items: CustomField[] }>('/admin/customFields', { signal });
      return [...items].sort(
        (a, b) => entityOrder.indexOf(a.entity) - entityOrder.indexOf(b.entity) || a.position - b.position,
      );
    },
    staleTime: Number.POSITIVE_INFINITY,
  }),
};

/** Loads profile, settings, taxes and custom fields into the query cache. */
export async function loadSession(queryClient: QueryClient): Promise<Session> {
  const [user, settings, taxesById, customFields] = await Promise.all([
    queryClient.fetchQuery(sessionQueries.currentUser),
    queryClient.fetchQuery(sessionQueries.settings),
    queryClient.fetchQuery(sessionQueries.taxesById),
    queryClient.fetchQuery(sessionQueries.customFields),
  ]);
  return { user, settings, taxesById, customFields };
}

function required<T>(data: T | undefined, what: string): T {
  if (data === undefined) throw new Error(`${what} is not loaded: the session must be loaded at boot`);
  return data;
}

/** The logged-in user; only inside the authenticated part of the app. */
export function useCurrentUser(): CurrentUser {
  return required(useQuery(sessionQueries.currentUser).data, 'current user');
}

/** The logged-in user, or undefined on open pages. */
export function useOptionalCurrentUser(): CurrentUser | undefined {
  return useQuery({ ...sessionQueries.currentUser, enabled: false }).data;
}

export function useCompanySettings(): Settings {
  return required(useQuery(sessionQueries.settings).data, 'settings');
}

export function useTaxesById(): Record<number, Tax> {
  return required(useQuery(sessionQueries.taxesById).data, 'taxes');
}

export function useCustomFields(): CustomField[] {
  return required(useQuery(sessionQueries.customFields).data, 'custom fields');
}
