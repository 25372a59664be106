import type { Filters } from '@mostrador/contract';
import { useCallback, useContext, useMemo } from 'react';
import { UNSAFE_DataRouterContext, useSearchParams } from 'react-router';
import type { FilterCondition, Sort } from './types';

function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function parseFilters(raw: string | null): Filters {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Filters) : {};
  } catch {
    return {};
  }
}

/**
 * Page, sort, search and filters of a list, kept in the URL (`page`, `sort`, `order`, `q`, `filters`) so a
 * list can be bookmarked and the back button restores it. Typing in the search replaces the history entry.
 */
export function useListUrlState() {
  const [params, setParams] = useSearchParams();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const pageParam = params.get('page');
  const sortField = params.get('sort');
  const orderParam = params.get('order');
  const query = params.get('q') ?? '';
  const filtersParam = params.get('filters');
  const filters = useMemo(() => parseFilters(filtersParam), [filtersParam]);

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      // A click that leaves the list (a row's link, its screen still loading) wins over a search typed
      // just before it that settles after: changing the list's address then would cancel the click.
      const pending = router?.state.navigation.location;
      if (pending && pending.pathname !== window.location.pathname) return;
      setParams(
        () => {
          // The router's `previous` is the one of the last render: two quick changes (a debounced search
          // landing just after a sort click) would undo each other. The address bar is always current.
          const next = new URLSearchParams(window.location.search);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams, router],
  );

  const setFilter = useCallback(
    (field: string, condition: FilterCondition | undefined) => {
      const next: Filters = { ...filters };
      if (condition && Object.keys(condition).length) next[field] = condition;
      else delete next[field];
      update({ filters: Object.keys(next).length ? JSON.stringify(next) : null, page: null });
    },
    [filters, update],
  );

  return {
    page: parsePage(pageParam),
    sort: sortField ? ({ field: sortField, order: orderParam === 'desc' ? 'desc' : 'asc' } as Sort) : null,
    query,
    filters,
    hasSearch: query !== '' || Object.keys(filters).length > 0,
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
    setSort: (sort: Sort) => update({ sort: sort.field, order: sort.order, page: null }),
    setQuery: (value: string) => update({ q: value || null, page: null }, true),
    setFilter,
    clearSearch: () => update({ q: null, filters: null, page: null }),
  };
}
